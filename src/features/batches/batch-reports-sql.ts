import type { Db } from "../../core/db/database.js";
import { retentionCutoffs } from "../../core/db/retention-sql.js";
import { CANCELLED } from "../queue/index.js";
import { OPTED_OUT } from "../contacts/index.js";

// A batch's counts, read from its messages in one aggregate, so a report never disagrees with them.

export interface BatchCounts {
  pending: number;
  sending: number;
  sent: number;
  /** Every failed message, cancelled and expired ones included. */
  failed: number;
  cancelled: number;
  expired: number;
  /** Failed because the recipient opted out after the batch was accepted. */
  optedOut: number;
  /** Sent messages the channel reported delivered, and read. */
  delivered: number;
  read: number;
  /** Inbound messages attributed to the batch's messages (see inbound-sql.ts). */
  replies: number;
}

export type BatchReport = BatchCounts & { batchId: bigint; firstSentAt: Date | null; lastSentAt: Date | null };

/** The report of a batch without messages. */
export const EMPTY_REPORT: Omit<BatchReport, "batchId"> = {
  pending: 0,
  sending: 0,
  sent: 0,
  failed: 0,
  cancelled: 0,
  expired: 0,
  optedOut: 0,
  delivered: 0,
  read: 0,
  replies: 0,
  firstSentAt: null,
  lastSentAt: null,
};

/** The report a batch kept when retention deleted its messages (batch.final_counts), or undefined. */
export function keptReport(batchId: bigint, kept: unknown): BatchReport | undefined {
  if (kept === null || typeof kept !== "object") return undefined;
  const k = kept as Omit<BatchReport, "batchId" | "firstSentAt" | "lastSentAt"> & { firstSentAt: string | null; lastSentAt: string | null };
  return { ...EMPTY_REPORT, ...k, batchId, firstSentAt: k.firstSentAt ? new Date(k.firstSentAt) : null, lastSentAt: k.lastSentAt ? new Date(k.lastSentAt) : null };
}

/** Each batch's counts by outcome and its first and last send. */
export async function batchReports(db: Db, batchIds: bigint[]): Promise<Map<bigint, BatchReport>> {
  if (batchIds.length === 0) return new Map();
  const rows = await db.$queryRaw<BatchReport[]>`
    -- batch_reports
    SELECT batch_id AS "batchId",
      count(*) FILTER (WHERE status = 'pending')::int AS pending,
      count(*) FILTER (WHERE status = 'sending')::int AS sending,
      count(*) FILTER (WHERE status = 'sent')::int AS sent,
      count(*) FILTER (WHERE status = 'failed')::int AS failed,
      count(*) FILTER (WHERE status = 'failed' AND error = ${CANCELLED})::int AS cancelled,
      count(*) FILTER (WHERE status = 'failed' AND error = 'expired')::int AS expired,
      count(*) FILTER (WHERE status = 'failed' AND error = ${OPTED_OUT})::int AS "optedOut",
      count(delivered_at)::int AS delivered,
      count(read_at)::int AS read,
      (SELECT count(*)::int FROM inbound_message i WHERE i.batch_id = message.batch_id) AS replies,
      min(sent_at) AS "firstSentAt",
      max(sent_at) AS "lastSentAt"
    FROM message WHERE batch_id = ANY(${batchIds.map(String)}::text[]::bigint[]) GROUP BY batch_id`;
  return new Map(rows.map((r) => [r.batchId, r]));
}

/**
 * Batches past their tenant's retention whose counts are not kept yet, and none of whose messages
 * is still due or being sent (at most `limit`, oldest first): their reports are to be kept before
 * their messages go. Read through the partial index on batches without final counts.
 */
export async function batchesToFinish(db: Db, defaultDays: number | undefined, now: Date, limit: number): Promise<bigint[]> {
  const rows = await db.$queryRaw<Array<{ id: bigint }>>`-- batches_to_finish
    WITH policy AS (${retentionCutoffs(defaultDays, now)})
    SELECT b.id FROM policy p JOIN batch b ON b.tenant_id = p.tenant_id
    WHERE b.final_counts IS NULL AND b.created_at < p.cutoff
      AND NOT EXISTS (SELECT 1 FROM message m WHERE m.batch_id = b.id AND m.status IN ('pending', 'sending'))
    ORDER BY b.id LIMIT ${limit}::int`;
  return rows.map((r) => r.id);
}
