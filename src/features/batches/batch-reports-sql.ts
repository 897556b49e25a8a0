import type { Db } from "../../core/db/database.js";
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
