import type { DbClient, SqlClient } from "../../core/db/database.js";
import { auditEvent } from "../../core/audit/audit-record.js";
import type { Actor } from "../../core/principal.js";
import { insertOperatorAuditEvent, operatorChainPage } from "./operator-sql.js";

// The operators' audit chain: what each operator (or the admin command line) did and every refused
// sign-in, with the request it came in. One chain for the whole gateway, proven as a tenant's is.

/** The admin command line, which reaches the server with its local token (docs/operators.md). */
export const CLI_ACTOR: Actor = { kind: "cli", name: "cli", label: null };

export interface OperatorChange {
  /** operator.signed_in, operator.created, command.tenant:suspend … */
  action: string;
  target?: string;
  after?: unknown;
}

/** Records one event in the caller's transaction (or alone), made as a tenant's event is (secret-named fields redacted). */
export function recordOperatorEvent(db: Pick<DbClient, "operatorAuditEvent">, actor: Actor, at: Date, change: OperatorChange) {
  const { tenantId: _noTenant, before: _noBefore, ...row } = auditEvent(0, actor, at, change);
  return insertOperatorAuditEvent(db, row);
}

export interface OperatorChainReport {
  events: number;
  breaks: { eventId: string; problem: "hash" | "link" }[];
}

const BATCH = 5_000;

/** Recomputes every event's hash and checks each holds its predecessor's: an edited row fails the first, a removed one the second at its successor. */
export async function verifyOperatorChain(db: SqlClient): Promise<OperatorChainReport> {
  const report: OperatorChainReport = { events: 0, breaks: [] };
  let after = 0n;
  // Nothing removes operator events (no retention), so the first one links to none.
  let prevHash: string | null = null;
  for (;;) {
    const rows = await operatorChainPage(db, after, BATCH);
    for (const row of rows) {
      report.events++;
      if (row.recomputed !== row.hash) report.breaks.push({ eventId: String(row.id), problem: "hash" });
      else if (row.prev_hash !== prevHash) report.breaks.push({ eventId: String(row.id), problem: "link" });
      prevHash = row.hash;
    }
    if (rows.length < BATCH) return report;
    after = rows[rows.length - 1]!.id;
  }
}
