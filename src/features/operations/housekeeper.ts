import type { ServiceDeps } from "../../core/deps.js";
import { PeriodicTask } from "../../core/runtime/periodic-task.js";
import { foldMessageCounts } from "../../core/runtime/metrics-sql.js";
import { pruneExpiredRecords, type PruneStep } from "./retention.js";
import { keepFigures } from "../figures/index.js";

/**
 * Runs the retention rules (retention.ts) at start and then every HOUSEKEEPING_INTERVAL_SECONDS,
 * beside the worker: `steps`, one a kind of record, are the owners' statements (src/app/runtime.ts).
 * Each pass also folds the message counts of ended database sessions (foldMessageCounts) and keeps
 * the charts' figures (the figures feature: its fold, and the service's row of the day).
 */
export const createHousekeeper = (deps: ServiceDeps, steps: Record<string, PruneStep>) =>
  new PeriodicTask(
    "housekeeping",
    deps.config.housekeeping.intervalMs,
    async () => {
      try {
        const pruned = await pruneExpiredRecords(steps, deps.clock.now());
        await foldMessageCounts(deps.db);
        await keepFigures(deps.db, deps.clock, deps.clock.now());
        if (Object.values(pruned).some((n) => n > 0)) deps.log.info({ pruned }, "expired records deleted");
        deps.metrics.housekeepingPasses.inc({ outcome: "done" });
        deps.metrics.housekeepingLastDone.set(deps.clock.now().getTime() / 1000);
      } catch (err) {
        deps.metrics.housekeepingPasses.inc({ outcome: "failed" });
        throw err;
      }
    },
    deps.log,
  );
