import type { AccountUsage } from "../../generated/prisma/client.js";
import type { ServiceDeps } from "../../core/deps.js";
import { dateOnly } from "../../core/clock.js";

// A warming-up number's ramp as a tenant reads it (the same rule as sql/warm-up.ts's SQL: day n of the
// warm-up may send the ramp's n-th step, never above the daily limit; the plan's ramp unless the
// number has its own).

interface WarmingAccount {
  warmupStartedOn: Date | null;
  warmupRamp: number[];
  firstContactCap: number | null;
  dailyLimit: number;
  usage: AccountUsage | null;
  tenant: { plan: { warmupRamp: number[]; firstContactCap: number } };
}

export function warmUpOf(deps: ServiceDeps, a: WarmingAccount) {
  if (!a.warmupStartedOn) return null;
  const { day: today } = deps.clock.period();
  const started = dateOnly(a.warmupStartedOn);
  const day = Math.round((Date.parse(today) - Date.parse(started)) / 86_400_000) + 1;
  const ramp = a.warmupRamp.length > 0 ? a.warmupRamp : a.tenant.plan.warmupRamp;
  const step = ramp[day - 1];
  return {
    startedOn: started,
    day,
    todayLimit: step === undefined ? a.dailyLimit : Math.min(step, a.dailyLimit),
    ramp,
    firstContactCap: a.firstContactCap ?? a.tenant.plan.firstContactCap,
    firstContactsToday: a.usage && dateOnly(a.usage.day) === today ? a.usage.firstContacts : 0,
  };
}
