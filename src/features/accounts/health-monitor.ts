import type { ServiceDeps } from "../../core/deps.js";
import { PeriodicTask } from "../../core/runtime/periodic-task.js";
import { applySignal } from "./signal-rules.js";
import { changeNumberStates, rampSql } from "./number-states.js";
import { numbersOverThresholds } from "./health.js";

// The health monitor: beside the worker, every NUMBER_HEALTH_CHECK_SECONDS (by the service clock's
// time, so tests move the clock instead of waiting), it ends the timed pauses that ran out, ends the
// warm-ups whose ramp is done, and pauses the numbers over a threshold. Every instance may run it:
// each change is a conditional update under the row lock, so one instance makes it and tells it.

/** Hourly counts older than this are deleted: the health figures look back 7 days. */
const KEEP_HOURS_DAYS = 8;

export async function checkNumberHealth(deps: ServiceDeps): Promise<void> {
  const now = deps.clock.now();
  const { day } = deps.clock.period(now);
  const due = await deps.db.$queryRaw<Array<{ id: number }>>`
    SELECT id FROM account WHERE status IN ('paused', 'restricted') AND status_until <= ${now}::timestamptz`;
  await changeNumberStates(deps, due.map((r) => r.id), { to: "connected", from: ["paused", "restricted"], reason: "pause_ended", signal: "clock", onlyExpired: true });
  const ramped = await deps.db.$queryRaw<Array<{ id: number }>>`
    SELECT a.id FROM account a WHERE a.warmup_started_on IS NOT NULL AND ${day}::date - a.warmup_started_on >= cardinality(${rampSql("a")})`;
  await changeNumberStates(deps, ramped.map((r) => r.id), { to: "connected", from: ["connected"], reason: "warmup_ended", signal: "clock", warmupDoneBy: day });
  const over = await numbersOverThresholds(deps);
  for (const n of over) {
    if (!n.signal) continue;
    const figure = n.signal === "opt_out_rate" ? `${n.optOuts}/${n.sent}` : n.signal === "undeliverable_rate" ? `${n.undeliverable}/${n.sent + n.failed}` : `${n.failed}/${n.sent + n.failed}`;
    await applySignal(deps, [n.id], n.signal, { code: figure });
  }
  await deps.db.$executeRaw`DELETE FROM account_health_hour WHERE hour < ${now}::timestamptz - make_interval(days => ${KEEP_HOURS_DAYS})`;
}

/** Runs checkNumberHealth at start and then every NUMBER_HEALTH_CHECK_MS, beside the worker. */
export const createHealthMonitor = (deps: ServiceDeps) => new PeriodicTask("number health check", deps.config.health.checkIntervalMs, () => checkNumberHealth(deps), deps.log);
