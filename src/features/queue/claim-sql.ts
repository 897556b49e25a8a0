import { Prisma } from "../../generated/prisma/client.js";
import type { Message } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import { rowsOf } from "../../core/db/raw-rows.js";
import { messageColumns } from "./columns-sql.js";
import { countTakenOverAnswer } from "./lost-answers-sql.js";

// The queue's claim: which due messages a worker takes next (the other queue statements are in queue.ts).

/**
 * Claims up to `limit` due messages for `owner`. SKIP LOCKED lets several workers claim at once
 * without waiting on each other or taking the same row; `sending` rows whose lease ran out (their
 * worker died) are due again, which makes delivery at-least-once (countTakenOverAnswer counts it).
 */
export async function claimDueMessages(db: Db, owner: string, limit: number, leaseSeconds: number, now: Date): Promise<Message[]> {
  return rowsOf<Message>(db, claimDueMessagesSql(owner, limit, leaseSeconds, now));
}

/**
 * The claim's order is high priority before normal (single sends default to high, bulk to normal,
 * and a single send taken over from a dead request is high), then `run_at`, then `id`. Each
 * priority's pending messages are read from their own partial index in that order
 * (message_claim_high_idx, message_claim_normal_idx), so a poll reads about `limit` rows however
 * many wait; expired leases are few (what dead workers held). The halves are merged in the same
 * order; rows a half locked beyond the first `limit` are let go when the statement ends.
 */
export function claimDueMessagesSql(owner: string, limit: number, leaseSeconds: number, now: Date): Prisma.Sql {
  const at = Prisma.sql`${now}::timestamptz`;
  return Prisma.sql`
    -- claim_due_messages
    WITH expired AS (
      SELECT id, priority = 'normal' AS normal, run_at FROM message
      WHERE status = 'sending' AND locked_until < ${at}
      ORDER BY locked_until LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ),
    high AS (
      SELECT id, false AS normal, run_at FROM message
      WHERE status = 'pending' AND priority = 'high' AND run_at <= ${at}
      ORDER BY run_at, id LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ),
    normal AS (
      SELECT id, true AS normal, run_at FROM message
      WHERE status = 'pending' AND priority = 'normal' AND run_at <= ${at}
      ORDER BY run_at, id
      LIMIT GREATEST(${limit} - (SELECT count(*) FROM high) - (SELECT count(*) FROM expired WHERE NOT normal), 0)
      FOR UPDATE SKIP LOCKED
    ),
    due AS (
      SELECT id FROM (SELECT * FROM expired UNION ALL SELECT * FROM high UNION ALL SELECT * FROM normal) AS d
      ORDER BY normal, run_at, id LIMIT ${limit}
    )
    UPDATE message AS m
    SET status = 'sending', attempts = m.attempts + 1, locked_by = ${owner}, ${countTakenOverAnswer},
        locked_until = ${new Date(now.getTime() + leaseSeconds * 1000)}::timestamptz
    FROM due WHERE m.id = due.id
    RETURNING ${messageColumns("m")}`;
}
