import type { DbClient } from "../../core/db/database.js";

// The tenant table is admin's (scripts/check-sql.mjs): sign-up writes a new tenant and its
// verification through admin's statements, which the composition root hands it (admin sits above
// sign-up), in sign-up's own transaction.

type Writer = Pick<DbClient, "tenant">;

export interface SignupTenant {
  name: string;
  planId: number;
  subscriptionEndsOn: Date;
  vatNumber: string | null;
  locale: "ar" | "en";
}

export interface SignupTenantWriter {
  insertSignupTenant(db: Writer, t: SignupTenant): Promise<{ id: number }>;
  markTenantVerified(db: Writer, tenantId: number, at: Date): Promise<boolean>;
}

let writer: SignupTenantWriter | undefined;

/** Set once at start-up (src/app/runtime.ts) with admin's statements. */
export function useSignupTenantWriter(next: SignupTenantWriter): void {
  writer = next;
}

function tenantWriter(): SignupTenantWriter {
  if (!writer) throw new Error("signup: no tenant writer was set at start-up");
  return writer;
}

export const insertSignupTenant = (db: Writer, t: SignupTenant) => tenantWriter().insertSignupTenant(db, t);

/** Marks a tenant verified at `at`: true the first time, false when it was already. */
export const markTenantVerified = (db: Writer, tenantId: number, at: Date) => tenantWriter().markTenantVerified(db, tenantId, at);
