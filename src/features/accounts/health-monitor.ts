import type { ServiceDeps } from "../../core/deps.js";
import { PeriodicTask } from "../../core/runtime/periodic-task.js";
import { applySignal } from "./signal-rules.js";
import { changeNumberStates } from "./number-states.js";
import { accountsWithEndedPauses, accountsWithRampDone } from "./sql/number-states.js";
import { numbersOverThresholds } from "./sql/health.js";
import { deleteOldHealthHours } from "./sql/health-tally.js";

// The health monitor: beside the worker, every NUMBER_HEALTH_CHECK_SECONDS (by the service clock's
// time, so tests move the clock instead of waiting), it ends the timed pauses that ran out, ends the
// warm-ups whose ramp is done, and pauses the numbers over a threshold. Every instance may run it:
// each change is a conditional update under the row lock, so one instance makes it and tells it.

/** Hourly counts older than this are deleted: the health figures look back 7 days. */
const KEEP_HOURS_DAYS = 8;

export async function checkNumberHealth(deps: ServiceDeps): Promise<void> {
  const now = deps.clock.now();
  const { day } = deps.clock.period(now);
  await changeNumberStates(deps, await accountsWithEndedPauses(deps.db, now), {
    to: "connected",
    from: ["paused", "restricted"],
    reason: "pause_ended",
    signal: "clock",
    onlyExpired: true,
  });
  await changeNumberStates(deps, await accountsWithRampDone(deps.db, day), { to: "connected", from: ["connected"], reason: "warmup_ended", signal: "clock", warmupDoneBy: day });
  const over = await numbersOverThresholds(deps);
  for (const n of over) {
    if (!n.signal) continue;
    const figure =
      n.signal === "opt_out_rate" ? `${n.optOuts}/${n.sent}` : n.signal === "undeliverable_rate" ? `${n.undeliverable}/${n.sent + n.failed}` : `${n.failed}/${n.sent + n.failed}`;
    await applySignal(deps, [n.id], n.signal, { code: figure });
  }
  await deleteOldHealthHours(deps.db, now, KEEP_HOURS_DAYS);
}

/** Runs checkNumberHealth at start and then every NUMBER_HEALTH_CHECK_MS, beside the worker. */
export const createHealthMonitor = (deps: ServiceDeps) =>
  new PeriodicTask(
    "number health check",
    deps.config.health.checkIntervalMs,
    async () => {
      await checkNumberHealth(deps);
      deps.metrics.loopPasses.inc({ loop: "number health check" });
    },
    deps.log,
  );
