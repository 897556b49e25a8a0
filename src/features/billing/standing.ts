import type { Db } from "../../core/db/database.js";
import type { Tx } from "./billing-sql.js";

// The tenant table is admin's (scripts/check-sql.mjs): billing writes a tenant's standing through
// admin's statement, which the composition root hands it (admin sits above billing).

export interface TenantStanding {
  planId?: number;
  paidThrough?: string;
  graceUntil?: string | null;
}
type StandingWriter = (tx: Tx | Db, tenantId: number, s: TenantStanding) => Promise<unknown>;

let writer: StandingWriter | undefined;

/** Set once at start-up (src/app/runtime.ts) with admin's setTenantStanding. */
export function useTenantStandingWriter(next: StandingWriter): void {
  writer = next;
}

/** Moves the tenant's plan version, paid-through day or grace, in the caller's transaction. */
export async function setTenantStanding(tx: Tx | Db, tenantId: number, s: TenantStanding): Promise<void> {
  if (!writer) throw new Error("billing: no tenant standing writer was set at start-up");
  await writer(tx, tenantId, s);
}
