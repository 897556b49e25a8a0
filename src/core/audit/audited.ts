import type { Db, DbClient } from "../db/database.js";
import type { Actor } from "../principal.js";
import { insertAuditEvent } from "./audit-event-sql.js";
import { ADMIN_ACTOR, auditEvent, type AuditChange } from "./audit-record.js";

// A change and its audit event as one transaction: the write runs, then its event is inserted in
// the same transaction, so a change without its event (or an event without its change) cannot be
// committed. A write that finds nothing to change says so with null, and no event is written.

/** The transaction client a write runs on. */
export type AuditTx = DbClient;

export interface Audited extends AuditChange {
  tenantId: number;
}

/** Who makes a change, and when (the service clock's now; the system's in the admin CLI). */
export interface Author {
  actor: Actor;
  at: Date;
}

/** A caller of a service, at the service clock's now. */
export const authorIn = (deps: { clock: { now(): Date } }, principal: { actor: Actor }): Author => ({ actor: principal.actor, at: deps.clock.now() });

/** Who runs an operator's command, as admin hands it over: the operator signed in (or the command line) and the server's clock. */
export interface RunBy {
  actor?: Actor | undefined;
  clock?: { now(): Date } | undefined;
}

/**
 * The operator running a command, now: the tenant's log names the operator (or the command line)
 * that the operators' chain names; `admin` only for a command run with neither (tests that call
 * admin directly). Without the server's clock, the system's, the same outside tests.
 */
export const byOperator = (by: RunBy = {}): Author => ({ actor: by.actor ?? ADMIN_ACTOR, at: by.clock?.now() ?? new Date() });

export async function audited<T>(
  db: Db,
  { actor, at }: Author,
  write: (tx: AuditTx) => Promise<T>,
  change: (result: T) => Audited | null,
  options?: { isolationLevel?: "ReadCommitted" },
): Promise<T> {
  return db.$transaction(async (tx) => {
    const result = await write(tx);
    const event = change(result);
    if (event) await insertAuditEvent(tx, auditEvent(event.tenantId, actor, at, event));
    return result;
  }, options);
}
