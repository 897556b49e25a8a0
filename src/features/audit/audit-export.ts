import { Readable } from "node:stream";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { auditWhere, type AuditEventView } from "./audit-events.js";
import type { AuditFilter } from "./audit-input.js";

// The audit log as NDJSON, oldest first: read a bounded page at a time from an id cursor and
// written as the caller takes it, so memory stays flat whatever the log's size.

const PAGE = 1_000;

/** One event as the export and the REST list write it. */
export const auditEventJson = (e: AuditEventView, stamp: (d: Date) => string) => ({
  id: Number(e.id),
  at: stamp(e.at),
  actor: { kind: e.actorKind, name: e.actorName, label: e.actorLabel },
  action: e.action,
  target: e.target,
  before: e.before ?? null,
  after: e.after ?? null,
  address: e.address,
  user_agent: e.userAgent,
  request_id: e.requestId,
  prev_hash: e.prevHash,
  hash: e.hash,
});

async function* lines(deps: Pick<ServiceDeps, "db" | "clock">, tenantId: number, filter: AuditFilter): AsyncGenerator<string> {
  let after = 0n;
  for (;;) {
    const rows = await deps.db.auditEvent.findMany({ where: { ...auditWhere(tenantId, filter), id: { gt: after } }, omit: { tenantId: true }, orderBy: { id: "asc" }, take: PAGE });
    for (const row of rows) yield `${JSON.stringify(auditEventJson(row, (d) => deps.clock.timestamp(d)))}\n`;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The tenant's events matching `filter`, as a stream of NDJSON lines. */
export function exportAuditEvents(deps: Pick<ServiceDeps, "db" | "clock">, principal: Pick<Principal, "tenantId">, filter: AuditFilter): Readable {
  return Readable.from(lines(deps, principal.tenantId, filter), { objectMode: false, highWaterMark: 64 * 1024 });
}
