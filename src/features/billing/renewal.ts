import type { ServiceDeps } from "../../core/deps.js";
import { dateOnly } from "../../core/clock.js";
import { PeriodicTask } from "../../core/runtime/periodic-task.js";
import { forgetCachedKeys } from "../../core/auth/key-cache.js";
import { chargeToken, openCharge, providerOf } from "./payments.js";
import { dueReminders, dueSubscriptions, lockSubscription, updateSubscription, type Tx } from "./billing-sql.js";
import { billingUrl } from "./billing-url.js";
import { mailOwners } from "./mails/billing-mails.js";
import { addDays, periodEnd, planPrice, withVat } from "./periods.js";

// The renewal pass: on the service clock, charges the saved card of every subscription due (its
// period ends today or a retry fell due) for the latest version of its plan, or of the downgrade
// waiting for it; a failure is a dunning step (payments.ts); past the grace, the subscription is
// suspended (the key check already refuses: its paid-through day and grace are over).

export interface RenewalReport {
  renewed: number;
  failed: number;
  suspended: number;
  skipped: number;
}

/** One pass over every subscription due, at most `concurrency` charges in flight. */
export async function runRenewalPass(deps: ServiceDeps, concurrency = deps.config.billing.concurrency): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, failed: 0, suspended: 0, skipped: 0 };
  const today = deps.clock.day();
  const seen = new Set<number>();
  for (;;) {
    const due = (await dueSubscriptions(deps.db, today, 1000)).map((s) => s.tenantId).filter((id) => !seen.has(id));
    if (due.length === 0) return report;
    for (const id of due) seen.add(id);
    let next = 0;
    const lane = async () => {
      while (next < due.length) {
        const tenantId = due[next++]!;
        const outcome = await renewOne(deps, tenantId, today).catch((err: unknown) => {
          deps.log.warn({ err, tenantId }, "a renewal could not be made; the next pass tries again");
          return "skipped" as const;
        });
        report[outcome]++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, lane));
  }
}

type Outcome = keyof RenewalReport;

async function renewOne(deps: ServiceDeps, tenantId: number, today: string): Promise<Outcome> {
  const sub = await deps.db.subscription.findUniqueOrThrow({ where: { tenantId }, include: { plan: true, pendingPlan: true } });
  const graceOver = addDays(dateOnly(sub.periodEnd), deps.config.billing.graceDays) < today;
  if ((sub.state === "past_due" || !sub.cardToken) && graceOver) {
    await deps.db.$transaction(async (tx) => {
      await updateSubscription(tx, tenantId, { state: "suspended", nextAttemptOn: null, updatedAt: deps.clock.now() });
      await mailOwners(tx, { tenantId, billingUrl: billingUrl(deps), at: deps.clock.now() }, { kind: "suspended", periodEnd: dateOnly(sub.periodEnd) });
    });
    forgetCachedKeys(deps.db);
    return "suspended";
  }
  if (!sub.cardToken) {
    // A trial without a card: nothing to charge; the key check refuses once the grace is over.
    const retryOn = new Date(`${addDays(dateOnly(sub.periodEnd), deps.config.billing.graceDays + 1)}T00:00:00Z`);
    await updateSubscription(deps.db, tenantId, { state: "past_due", nextAttemptOn: retryOn, updatedAt: deps.clock.now() });
    return "failed";
  }
  const opened = await openCharge(
    deps,
    tenantId,
    async (tx) => {
      const { plan, interval, price, start } = await renewalOf(tx, tenantId);
      return { purpose: "renewal", planId: plan.id, interval, net: price.net, vat: price.vat, amount: price.total, periodStart: start, periodEnd: periodEnd(start, interval) };
    },
    providerOf(deps).name,
  );
  const answer = await chargeToken(deps, opened.payment, opened.card!, false);
  return answer.status === "paid" ? "renewed" : answer.status === "failed" ? "failed" : "skipped";
}

/** What the next renewal charges: the latest version of the plan it moves to (the downgrade waiting, or its own). */
async function renewalOf(tx: Tx, tenantId: number) {
  const current = await tx.subscription.findUniqueOrThrow({ where: { tenantId }, include: { plan: true, pendingPlan: true } });
  const plan = await tx.plan.findFirstOrThrow({ where: { name: (current.pendingPlan ?? current.plan).name }, orderBy: { version: "desc" } });
  const interval = current.pendingInterval ?? current.interval;
  return { plan, interval, price: withVat(planPrice(plan, interval)), start: addDays(dateOnly(current.periodEnd), 1), current };
}

/** Reminds the owners of a yearly renewal 7 days and again 1 day before it charges the card, once each. */
export async function remindYearlyRenewals(deps: ServiceDeps): Promise<number> {
  const today = deps.clock.day();
  let sent = 0;
  for (const { tenantId } of await dueReminders(deps.db, today)) {
    sent += await deps.db.$transaction(async (tx) => {
      await lockSubscription(tx, tenantId);
      const { plan, price, current } = await renewalOf(tx, tenantId);
      const end = dateOnly(current.periodEnd);
      const days = end <= addDays(today, 1) ? 1 : 7;
      // Read again under the lock: another pass may have mailed this reminder since the list was read.
      if (current.interval !== "year" || current.remindedDays === days || end < today) return 0;
      await updateSubscription(tx, tenantId, { remindedDays: days });
      return mailOwners(
        tx,
        { tenantId, billingUrl: billingUrl(deps), at: deps.clock.now() },
        { kind: "renewal_reminder", periodEnd: end, days, total: price.total, plan: plan.name },
      );
    });
  }
  return sent;
}

/** The pass every BILLING_INTERVAL_SECONDS beside the worker; off when no provider is set up. */
export function createRenewalTask(deps: ServiceDeps): PeriodicTask {
  return new PeriodicTask(
    "renewal pass",
    deps.config.billing.intervalMs,
    async () => {
      try {
        providerOf(deps);
      } catch {
        return;
      }
      await runRenewalPass(deps);
      await remindYearlyRenewals(deps);
    },
    deps.log,
  );
}
