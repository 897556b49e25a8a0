import type { Db, DbClient } from "./database.js";
import { advanceIdSequence, dropIdPartition, idPartitions, lockIdPartitions, monthFirstId, openIdPartition } from "./partitions-sql.js";

// The months of the tables partitioned by id (migration partitions_by_id): made ahead, entered
// when the month begins, dropped when every row in one has expired. Run by the housekeeper,
// never by a request: an insert only ever meets a partition that is already there.

/** Months made ahead of the current one: the housekeeper may stop for weeks without any insert failing. */
export const MONTHS_AHEAD = 2;

/** Room for the judgement, the DETACH and the drop, all under locks taken without waiting. */
const DROP_TIMEOUT_MS = 30_000;

/** Tries to get a partition change's locks this many times, this far apart, before leaving it to the next pass. */
const LOCK_TRIES = 40;
const LOCK_PAUSE_MS = 50;

/** Whether `err` is PostgreSQL refusing a lock taken without waiting (55P03), or a deadlock's victim (40P01). */
const isLockGiveUp = (err: unknown): boolean => /\b(40P01|55P03)\b/.test(err instanceof Error ? err.message : String(err));

/**
 * Runs `change`, whose locks are taken without waiting (lock_partition_neighbours in the
 * migration says why), until it gets them; false when it never did within LOCK_TRIES.
 */
async function withoutWaiting(change: () => Promise<boolean>): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await change();
    } catch (err) {
      if (!isLockGiveUp(err)) throw err;
      if (attempt >= LOCK_TRIES) return false;
      await new Promise((resolve) => setTimeout(resolve, LOCK_PAUSE_MS));
    }
  }
}

/** A range of ids, one partition's: [lo, hi). */
export interface IdRange {
  lo: bigint;
  hi: bigint;
}

/** The first day (UTC) of `at`'s month and of the `count` months after it, as YYYY-MM-01. */
export function monthsFrom(at: Date, count: number): string[] {
  return Array.from({ length: count + 1 }, (_, i) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + i, 1)).toISOString().slice(0, 10));
}

/**
 * Makes the partitions of this month and the next MONTHS_AHEAD for each of `tables`, then moves
 * each table's ids into this month's. Answers how many partitions it made.
 */
export async function openMonthPartitions(db: Db, tables: readonly string[], now: Date): Promise<number> {
  const [current, ...ahead] = monthsFrom(now, MONTHS_AHEAD) as [string, ...string[]];
  let opened = 0;
  for (const table of tables) {
    for (const month of [current, ...ahead]) if (await withoutWaiting(() => openIdPartition(db, table, month))) opened += 1;
    await advanceIdSequence(db, table, current);
  }
  return opened;
}

/**
 * Drops each partition of `table` below the current month whose rows have all expired, as
 * `expired` judges a range; `beforeDrop` first lets go of what points into it. Answers how many
 * partitions went. The current month's and later ones are never dropped.
 */
export async function dropExpiredPartitions(
  db: Db,
  table: string,
  now: Date,
  expired: (tx: DbClient, range: IdRange) => Promise<boolean>,
  beforeDrop?: (tx: DbClient, range: IdRange) => Promise<unknown>,
): Promise<number> {
  const [current] = monthsFrom(now, 0) as [string];
  const currentFirst = await monthFirstId(db, current);
  let dropped = 0;
  for (const p of await idPartitions(db, table)) {
    if (p.hi === null || p.hi > currentFirst) continue;
    const range = { lo: p.lo ?? 0n, hi: p.hi };
    // Judged first without the lock, so a pass with nothing to drop never takes it.
    if (!(await expired(db, range))) continue;
    // The judgement and the drop in one transaction under the table's lock: what let go of the
    // range is what went. A lock given up (a long read, another housekeeper) waits for the next pass.
    const gone = await withoutWaiting(() =>
      db.$transaction(
        async (tx) => {
          await lockIdPartitions(tx, table);
          if (!(await expired(tx, range))) return false;
          await beforeDrop?.(tx, range);
          return dropIdPartition(tx, table, p.name);
        },
        { timeout: DROP_TIMEOUT_MS },
      ),
    );
    if (gone) dropped += 1;
  }
  return dropped;
}
