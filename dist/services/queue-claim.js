import { Prisma } from "../generated/prisma/client.js";
import { messageColumns } from "./message-columns.js";
// The queue's claim: which due messages a worker takes next (the other queue statements are in queue.ts).
/**
 * Claims up to `limit` due messages for `owner`. SKIP LOCKED lets several workers claim at once
 * without waiting on each other or taking the same row; `sending` rows whose lease ran out (their
 * worker died) are due again, which makes delivery at-least-once.
 */
export async function claimDueMessages(db, owner, limit, leaseSeconds, now) {
    return db.$queryRaw(claimDueMessagesSql(owner, limit, leaseSeconds, now));
}
/**
 * The claim's order is interactive single sends (retried, or taken over from a dead request) before
 * bulk, then `run_at`, then `id`. Each kind of pending message is read from its own partial index
 * in that order (message_claim_single_idx, message_claim_bulk_idx), so a poll reads about `limit`
 * rows however many wait; expired leases are few (what dead workers held). The halves are merged
 * in the same order; rows a half locked beyond the first `limit` are let go when the statement ends.
 */
export function claimDueMessagesSql(owner, limit, leaseSeconds, now) {
    const at = Prisma.sql `${now}::timestamptz`;
    return Prisma.sql `
    WITH expired AS (
      SELECT id, batch_id IS NOT NULL AS bulk, run_at FROM message
      WHERE status = 'sending' AND locked_until < ${at}
      ORDER BY locked_until LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ),
    single AS (
      SELECT id, false AS bulk, run_at FROM message
      WHERE status = 'pending' AND batch_id IS NULL AND run_at <= ${at}
      ORDER BY run_at, id LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ),
    bulk AS (
      SELECT id, true AS bulk, run_at FROM message
      WHERE status = 'pending' AND batch_id IS NOT NULL AND run_at <= ${at}
      ORDER BY run_at, id
      LIMIT GREATEST(${limit} - (SELECT count(*) FROM single) - (SELECT count(*) FROM expired WHERE NOT bulk), 0)
      FOR UPDATE SKIP LOCKED
    ),
    due AS (
      SELECT id FROM (SELECT * FROM expired UNION ALL SELECT * FROM single UNION ALL SELECT * FROM bulk) AS d
      ORDER BY bulk, run_at, id LIMIT ${limit}
    )
    UPDATE message AS m
    SET status = 'sending', attempts = m.attempts + 1, locked_by = ${owner},
        locked_until = ${new Date(now.getTime() + leaseSeconds * 1000)}::timestamptz
    FROM due WHERE m.id = due.id
    RETURNING ${messageColumns("m")}`;
}
//# sourceMappingURL=queue-claim.js.map