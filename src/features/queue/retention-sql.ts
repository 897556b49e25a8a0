import type { Db, DbClient } from "../../core/db/database.js";
import type { IdRange } from "../../core/db/partitions.js";
import { retentionCutoffs } from "../../core/db/retention-sql.js";

// Retention's writes to the queue's tables (see core/db/retention-sql.ts for how long is kept): a
// batch's final counts, kept before its messages go, and the expired messages themselves, a
// bounded batch at a time, never in one long transaction.

/** Keeps each batch's counts (a BatchReport, as the batches feature read them) before its messages are deleted. */
export async function recordFinalCounts(db: Db, counts: Array<{ batchId: bigint; report: unknown }>): Promise<number> {
  if (counts.length === 0) return 0;
  return db.$executeRaw`-- record_batch_final_counts
    UPDATE batch b SET final_counts = c.report
    FROM jsonb_to_recordset(${JSON.stringify(counts.map((c) => ({ id: String(c.batchId), report: c.report })))}::jsonb) AS c(id bigint, report jsonb)
    WHERE b.id = c.id AND b.final_counts IS NULL`;
}

/**
 * Deletes at most `limit` expired messages: sent or failed (never one still due), created before
 * their tenant's cutoff, and outside a batch or in one whose final counts are kept. Read from each
 * tenant's oldest messages up (its id index), so a pass touches only the front of each tenant's
 * history, however long; a message still pending there is passed over until it ends.
 */
export async function pruneExpiredMessages(db: Db, defaultDays: number | undefined, now: Date, limit: number): Promise<number> {
  return db.$executeRaw`-- prune_expired_messages
    WITH policy AS (${retentionCutoffs(defaultDays, now)}),
    doomed AS (
      SELECT o.id FROM policy p CROSS JOIN LATERAL (
        SELECT m.id, m.created_at, m.status, m.batch_id FROM message m WHERE m.tenant_id = p.tenant_id ORDER BY m.id LIMIT ${limit}::int) o
      WHERE o.created_at < p.cutoff AND o.status IN ('sent', 'failed')
        AND (o.batch_id IS NULL OR EXISTS (SELECT 1 FROM batch b WHERE b.id = o.batch_id AND b.final_counts IS NOT NULL))
      LIMIT ${limit}::int
    )
    DELETE FROM message WHERE id IN (SELECT id FROM doomed)`;
}

/**
 * Whether every message with an id in `range` (one partition's) has expired by the same rule,
 * so the partition can go whole: each tenant's newest there is older than its cutoff, none is
 * still due, and each batch with messages there has its final counts kept.
 */
export async function messageRangeExpired(db: DbClient, defaultDays: number | undefined, now: Date, range: IdRange): Promise<boolean> {
  const [row] = await db.$queryRaw<Array<{ expired: boolean }>>`-- message_range_expired
    WITH policy AS (${retentionCutoffs(defaultDays, now)}),
    kept AS (
      SELECT 1 FROM tenant t LEFT JOIN policy p ON p.tenant_id = t.id
      CROSS JOIN LATERAL (
        SELECT m.created_at FROM message m WHERE m.tenant_id = t.id AND m.id >= ${range.lo} AND m.id < ${range.hi}
        ORDER BY m.id DESC LIMIT 1) newest
      WHERE p.cutoff IS NULL OR newest.created_at >= p.cutoff
    )
    SELECT NOT EXISTS (SELECT 1 FROM kept)
      AND NOT EXISTS (SELECT 1 FROM message m WHERE m.status IN ('pending', 'sending') AND m.id >= ${range.lo} AND m.id < ${range.hi})
      AND NOT EXISTS (
        SELECT 1 FROM batch b WHERE b.final_counts IS NULL
          AND EXISTS (SELECT 1 FROM message m WHERE m.batch_id = b.id AND m.id >= ${range.lo} AND m.id < ${range.hi})) AS expired`;
  return row?.expired === true;
}
