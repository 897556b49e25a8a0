import type { Db } from "../../core/db/database.js";
import { KEEP_HOURS as IDEMPOTENCY_KEEP_HOURS } from "../messages/index.js";

/** Rows deleted per statement: short statements, so no lock is held for long on a big backlog. */
const BATCH = 5_000;

export interface PruneResult {
  idempotencyKeys: number;
  webhookDeliveries: number;
}

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
 * Forgets what no one can ask for any more: idempotency keys past their 24 hours (a later request
 * with the key would take it afresh anyway), and webhook deliveries that ended (delivered or
 * failed) more than `webhookRetentionDays` ago. Pending and sending deliveries are never touched.
 * Safe to run from several workers at once: each statement deletes what is there to delete.
 */
export async function pruneExpiredRecords(db: Db, settings: { webhookRetentionDays: number }, now: Date): Promise<PruneResult> {
  const idempotencyKeys = await inBatches(
    () => db.$executeRaw`
      DELETE FROM idempotency_key
      WHERE (tenant_id, key) IN (
        SELECT tenant_id, key FROM idempotency_key
        WHERE created_at < ${now}::timestamptz - make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS}::int)
        LIMIT ${BATCH}::int)`,
  );
  const webhookDeliveries = await inBatches(
    () => db.$executeRaw`
      DELETE FROM webhook_delivery
      WHERE id IN (
        SELECT id FROM webhook_delivery
        WHERE status IN ('delivered', 'failed')
          AND created_at < ${now}::timestamptz - make_interval(days => ${settings.webhookRetentionDays}::int)
        LIMIT ${BATCH}::int)`,
  );
  return { idempotencyKeys, webhookDeliveries };
}
