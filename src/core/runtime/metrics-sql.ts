import type { Db } from "../db/database.js";
import { numberStateSql } from "../numbers/number-state-sql.js";

// What /metrics reads from the database at each scrape (metrics.ts): counts over every tenant, so
// they are right whichever instance did the work.

/** Messages in one status, over the whole database. */
export interface MessageStatusCount {
  status: string;
  n: number;
}

/**
 * Messages by status, from the counts the database keeps as messages change (migration
 * message_counts): a few rows a month of history and a session, whatever the number of messages.
 */
export const countMessagesByStatus = (db: Db) =>
  db.$queryRaw<MessageStatusCount[]>`-- count_messages_by_status
    SELECT status::text AS status, sum(n)::float8 AS n FROM message_count GROUP BY status`;

/** The queue's due messages and how long the oldest has waited, in seconds (null: none due). */
export interface QueueDue {
  due: number;
  oldest: number | null;
}

/**
 * Pending messages due now, read through the (status, run_at) index of each month's partition:
 * as many index entries as messages are due, however many messages are stored.
 */
export const queueDue = (db: Db) =>
  db.$queryRaw<QueueDue[]>`-- queue_due
    SELECT count(*)::int AS due, EXTRACT(EPOCH FROM now() - min(run_at))::float8 AS oldest
    FROM message WHERE status = 'pending' AND run_at <= now()`;

/**
 * Moves the counts of database sessions that have ended into one row per month and status
 * (fold_message_counts in the migration), so the rows countMessagesByStatus reads stay few; run by
 * the housekeeper. Answers the rows folded.
 */
export async function foldMessageCounts(db: Db): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ folded: number }>>`-- fold_message_counts
    SELECT fold_message_counts() AS folded`;
  return row?.folded ?? 0;
}

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

/**
 * Copies beyond the first that contacts may have of the stored messages: the attempts whose answer
 * was lost (docs/design.md, "Delivery promise"), summed over the few messages with any through
 * their partial index (message_lost_answers_idx).
 */
export const countLostAnswers = (db: Db) =>
  db.$queryRaw<Array<{ n: number }>>`-- count_lost_answers
    SELECT coalesce(sum(lost_answers), 0)::float8 AS n FROM message WHERE lost_answers > 0`;

/** The Chatwoot relay's live work per direction and how long ago the oldest was made, in seconds (null: none). */
export const chatwootBacklog = (db: Db) =>
  db.$queryRaw<Array<{ direction: string; n: number; oldest: number | null }>>`-- chatwoot_backlog
    SELECT 'to_chatwoot' AS direction, count(*)::int AS n, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS oldest
    FROM chatwoot_outbox WHERE status IN ('pending', 'sending')
    UNION ALL
    SELECT 'to_whatsapp', count(*)::int, EXTRACT(EPOCH FROM now() - min(created_at))::float8
    FROM chatwoot_reply WHERE status IN ('pending', 'sending')`;

/** Exports waiting or being written. */
export const unfinishedExports = (db: Db) =>
  db.$queryRaw<Array<{ status: string; n: number }>>`-- count_unfinished_exports
    SELECT status::text AS status, count(*)::int AS n FROM export_job WHERE status IN ('queued', 'running') GROUP BY status`;
