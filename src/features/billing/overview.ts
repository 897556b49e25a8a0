import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { dateOnly } from "../../core/clock.js";
import { subscriptionOf } from "./flows.js";
import { daysBetween } from "./periods.js";
import { planView } from "./plans/plans.js";
import { providerName } from "./payments.js";
import { runsOnStripe } from "./stripe/stripe-of.js";

/** The provider businesses pay through, or null while payments are not set up. */
function provider(deps: ServiceDeps): string | null {
  try {
    return providerName(deps);
  } catch {
    return null;
  }
}

/** GET /billing: the plan, interval, period, days left, use against allowance, card and a change waiting. */
export async function billingOverview(deps: ServiceDeps, principal: Principal) {
  const sub = await subscriptionOf(deps, principal.tenantId);
  const [usage, numbers, tenant] = await Promise.all([
    deps.db.tenantMonthlyUsage.findUnique({ where: { tenantId_month: { tenantId: principal.tenantId, month: deps.clock.month() } } }),
    deps.db.account.count({ where: { tenantId: principal.tenantId, status: "connected" } }),
    deps.db.tenant.findUniqueOrThrow({ where: { id: principal.tenantId }, select: { graceUntil: true } }),
  ]);
  const end = dateOnly(sub.periodEnd);
  return {
    plan: planView(sub.plan),
    interval: sub.interval,
    state: sub.state,
    periodStart: dateOnly(sub.periodStart),
    periodEnd: end,
    daysLeft: Math.max(daysBetween(deps.clock.day(), end) + 1, 0),
    graceUntil: tenant.graceUntil ? dateOnly(tenant.graceUntil) : null,
    messages: { used: usage?.used ?? 0, allowance: sub.plan.monthlyMessageLimit + (usage?.bonus ?? 0), topUp: usage?.bonus ?? 0 },
    numbers: { used: numbers, allowance: sub.plan.maxAccounts },
    card: sub.cardLast4 ? { brand: sub.cardBrand, last4: sub.cardLast4 } : null,
    pendingPlan: sub.pendingPlan?.name ?? null,
    provider: provider(deps),
    renewedByProvider: runsOnStripe(sub),
  };
}
