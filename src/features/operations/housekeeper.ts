import type { ServiceDeps } from "../../core/deps.js";
import { PeriodicTask } from "../../core/runtime/periodic-task.js";
import { pruneExpiredRecords } from "./retention.js";

/** Runs the retention rules (retention.ts) at start and then every HOUSEKEEPING_INTERVAL_SECONDS, beside the worker. */
export const createHousekeeper = (deps: ServiceDeps) =>
  new PeriodicTask("housekeeping", deps.config.housekeeping.intervalMs, async () => {
    const pruned = await pruneExpiredRecords(deps.db, deps.config.housekeeping, deps.clock.now());
    if (pruned.idempotencyKeys || pruned.webhookDeliveries) deps.log.info({ pruned }, "expired records deleted");
  }, deps.log);
