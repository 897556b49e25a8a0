import type { Db } from "../db/database.js";
import { numberStateSql } from "../numbers/number-state-sql.js";

// What /metrics reads from the database at each scrape (metrics.ts): counts over every tenant, so
// they are right whichever instance did the work.

export interface MessageStatusCount {
  status: string;
  n: number;
  /** Pending messages due now. */
  due: number;
  /** Seconds the longest-waiting due message has waited (null: none due). */
  oldest: number | null;
}

/** Messages by status, with the queue's due depth and oldest wait on the pending row. */
export const countMessagesByStatus = (db: Db) =>
  db.$queryRaw<MessageStatusCount[]>`-- count_messages_by_status
    SELECT status::text AS status, count(*)::int AS n,
      count(*) FILTER (WHERE status = 'pending' AND run_at <= now())::int AS due,
      EXTRACT(EPOCH FROM now() - min(run_at) FILTER (WHERE status = 'pending' AND run_at <= now()))::float8 AS oldest
    FROM message GROUP BY status`;

/** Sender numbers by health state (number-state-sql.ts). */
export const countNumbersByState = (db: Db) =>
  db.$queryRaw<Array<{ state: string; n: number }>>`-- count_numbers_by_state
    SELECT ${numberStateSql("a")} AS state, count(*)::int AS n FROM account a GROUP BY 1`;

/**
 * The webhook outbox's due work: deliveries waiting (their time has come) or in flight, and how
 * long ago the oldest of them happened, i.e. how far behind the receivers' view of events is.
 * Read from the (status, run_at) index by a plain index scan, bitmap scans being turned off for
 * this one statement: every delivery leaves dead entries there as it moves on, and a bitmap scan
 * reads them all again at each scrape until vacuum (100 ms a scrape after 15 minutes of the
 * soak), where a plain scan marks them dead for the next one (3 ms).
 */
export const webhookBacklog = async (db: Db) => {
  const [, rows] = await db.$transaction([
    db.$queryRaw`-- plain_index_scans_for_this_transaction
      SELECT set_config('enable_bitmapscan', 'off', true)`,
    db.$queryRaw<Array<{ n: number; oldest: number | null }>>`-- webhook_backlog
      SELECT count(*)::int AS n, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS oldest
      FROM webhook_delivery WHERE status IN ('pending', 'sending') AND run_at <= now()`,
  ]);
  return rows;
};
