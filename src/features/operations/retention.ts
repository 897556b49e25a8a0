/** Rows deleted per statement: short statements, so no lock is held for long on a big backlog. */
const BATCH = 5_000;

/**
 * One kind of record the housekeeper forgets: deletes at most `limit` of those expired at `now`,
 * and says how many it deleted. Each is the statement of the feature that owns the table, handed
 * over by the composition root (features above this one own some of them).
 */
export type PruneStep = (now: Date, limit: number) => Promise<number>;

/** Deletes in batches until a batch comes back short. */
async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/**
 * Forgets what no one can ask for any more: one kind of record after another, in the order of
 * `steps`, each in batches of BATCH rows. Safe to run from several workers at once: each statement
 * deletes what is there to delete. Returns how many of each kind went.
 */
export async function pruneExpiredRecords<K extends string>(steps: Record<K, PruneStep>, now: Date): Promise<Record<K, number>> {
  const pruned = {} as Record<K, number>;
  for (const [kind, step] of Object.entries(steps) as Array<[K, PruneStep]>) pruned[kind] = await inBatches(() => step(now, BATCH));
  return pruned;
}
