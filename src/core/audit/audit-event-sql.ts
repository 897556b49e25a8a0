import type { Db } from "../db/database.js";
import { Prisma } from "../../generated/prisma/client.js";
import { jsonWithoutNumberSql, mentionsSql, withoutNumberSql } from "../db/erasure-sql.js";

// The statements that write audit events. The chain (prev_hash, hash) and the id are set by the
// table's trigger under a per-tenant lock (migration audit_and_scoped_keys), whoever inserts.

/** What a change's writer gives; the rest (id, hashes) is the trigger's. */
export interface AuditEventRow {
  tenantId: number;
  at: Date;
  actorKind: string;
  actorName: string;
  actorLabel: string | null;
  action: string;
  target: string | null;
  before: Prisma.InputJsonValue | undefined;
  after: Prisma.InputJsonValue | undefined;
  address: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/**
 * One event, as a statement of the change's own transaction (interactive, or a batch's entry):
 * the change and its event commit together or not at all.
 */
// The trigger overwrites hash; Prisma's create needs a value for the required column.
export const insertAuditEvent = (db: Pick<Db, "auditEvent">, event: AuditEventRow) => db.auditEvent.create({ data: { ...event, hash: "" }, select: { id: true } });

/**
 * The same insert as a part of the statement that makes the change (a bulk send's batch), one event
 * per row of `source`, its target made from that row: the change's own statement, no round trip more.
 */
export const auditEventCte = (e: AuditEventRow, target: Prisma.Sql, source: Prisma.Sql) => Prisma.sql`-- insert_audit_event_of_rows
  INSERT INTO audit_event (tenant_id, at, actor_kind, actor_name, actor_label, action, target, after, address, user_agent, request_id, hash)
  SELECT ${e.tenantId}::int, ${e.at}::timestamptz, ${e.actorKind}::text, ${e.actorName}::text, ${e.actorLabel}::text, ${e.action}::text, ${target},
    ${e.after === undefined ? null : JSON.stringify(e.after)}::jsonb, ${e.address}::text, ${e.userAgent}::text, ${e.requestId}::text, ''
  FROM ${source}
  RETURNING id`;

/**
 * Removes events older than `before`, a bounded batch at a time (the housekeeper's retention), and
 * only from the start of each tenant's chain: an old event that follows a kept one (a clock that
 * stepped back) stays, so what is left is always one unbroken chain.
 */
export const deleteAuditEventsBefore = (db: Db, before: Date, limit: number) =>
  db.$executeRaw`-- delete_audit_events_before
    DELETE FROM audit_event WHERE id IN (
      SELECT e.id FROM audit_event e
      WHERE e.at < ${before}
        AND NOT EXISTS (SELECT 1 FROM audit_event kept WHERE kept.tenant_id = e.tenant_id AND kept.id < e.id AND kept.at >= ${before})
      ORDER BY e.id LIMIT ${limit})`;

/**
 * Erases `number` from the tenant's events (an erasure's part, in its transaction): an event about
 * the contact alone (its target names the number: a name, an opt-out) loses its before and after;
 * one that lists the number among others has it masked there. The rows keep their digest and hashes
 * and are marked `erased_at`, which the table's trigger requires of any change, so the chain still
 * verifies (audit-chain.ts). Says how many events changed.
 */
export const eraseFromAuditEvents = (db: Pick<Db, "$executeRaw">, tenantId: number, number: string, at: Date) => {
  const mentioned = (expr: Prisma.Sql) => mentionsSql(Prisma.sql`coalesce(${expr}, '')`, number);
  const aboutIt = mentioned(Prisma.sql`e.target`);
  const erasedJson = (column: Prisma.Sql) =>
    Prisma.sql`CASE WHEN ${column} IS NULL THEN NULL WHEN ${aboutIt} THEN '{"erased": true}'::jsonb ELSE ${jsonWithoutNumberSql(column, number)} END`;
  return db.$executeRaw`-- erase_from_audit_events
    UPDATE audit_event e SET target = ${withoutNumberSql(Prisma.sql`e.target`, number)},
      before = ${erasedJson(Prisma.sql`e.before`)}, after = ${erasedJson(Prisma.sql`e.after`)}, erased_at = ${at}::timestamptz
    WHERE e.tenant_id = ${tenantId} AND (${aboutIt} OR ${mentioned(Prisma.sql`e.before::text`)} OR ${mentioned(Prisma.sql`e.after::text`)})`;
};
