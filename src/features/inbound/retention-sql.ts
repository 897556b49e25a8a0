import type { Db, DbClient } from "../../core/db/database.js";
import type { IdRange } from "../../core/db/partitions.js";
import { retentionCutoffs } from "../../core/db/retention-sql.js";

// Retention's deletes of inbound messages (core/db/retention-sql.ts says how long), a bounded batch
// at a time, from each tenant's oldest up, or a whole partition once all of it has expired. A
// contact's row, its consent and its counts stay.

/** How long a provider id is remembered against redelivery: providers retry for days, not weeks. */
export const REDELIVERY_WINDOW_DAYS = 30;

export async function pruneExpiredInbound(db: Db, defaultDays: number | undefined, now: Date, limit: number): Promise<number> {
  return db.$executeRaw`-- prune_expired_inbound
    WITH policy AS (${retentionCutoffs(defaultDays, now)}),
    doomed AS (
      SELECT o.id FROM policy p CROSS JOIN LATERAL (
        SELECT i.id, i.received_at FROM inbound_message i WHERE i.tenant_id = p.tenant_id ORDER BY i.id LIMIT ${limit}::int) o
      WHERE o.received_at < p.cutoff
      LIMIT ${limit}::int
    )
    DELETE FROM inbound_message WHERE id IN (SELECT id FROM doomed)`;
}

/** Whether every inbound message with an id in `range` has expired: each tenant's newest there is past its cutoff. */
export async function inboundRangeExpired(db: DbClient, defaultDays: number | undefined, now: Date, range: IdRange): Promise<boolean> {
  const [row] = await db.$queryRaw<Array<{ expired: boolean }>>`-- inbound_range_expired
    WITH policy AS (${retentionCutoffs(defaultDays, now)})
    SELECT NOT EXISTS (
      SELECT 1 FROM tenant t LEFT JOIN policy p ON p.tenant_id = t.id
      CROSS JOIN LATERAL (
        SELECT i.received_at FROM inbound_message i WHERE i.tenant_id = t.id AND i.id >= ${range.lo} AND i.id < ${range.hi}
        ORDER BY i.id DESC LIMIT 1) newest
      WHERE p.cutoff IS NULL OR newest.received_at >= p.cutoff) AS expired`;
  return row?.expired === true;
}

/** Lets go of the replies' links to messages with ids in `range`, as deleting those messages one by one would. */
export async function forgetRepliesTo(db: DbClient, range: IdRange): Promise<number> {
  return db.$executeRaw`-- forget_replies_to
    UPDATE inbound_message SET in_reply_to_id = NULL WHERE in_reply_to_id >= ${range.lo} AND in_reply_to_id < ${range.hi}`;
}

/** Forgets at most `limit` provider ids seen longer ago than REDELIVERY_WINDOW_DAYS. */
export async function pruneSeenProviderIds(db: Db, now: Date, limit: number): Promise<number> {
  return db.$executeRaw`-- prune_seen_provider_ids
    DELETE FROM inbound_seen WHERE (account_id, provider_message_id) IN (
      SELECT account_id, provider_message_id FROM inbound_seen
      WHERE seen_at < ${now}::timestamptz - make_interval(days => ${REDELIVERY_WINDOW_DAYS}::int)
      LIMIT ${limit}::int)`;
}
