import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { ServiceError, notFound, validationError } from "../../core/errors.js";
import { dateOnly } from "../../core/clock.js";
import { chargeToken, openCharge } from "./payments.js";
import { ensureSubscription, lockSubscription, updateSubscription, type Tx } from "./billing-sql.js";
import { latestPlanVersion } from "./plans/plans-sql.js";
import { startStripeCheckout, startStripeTopUp, stripeDowngrade, stripeUpgrade } from "./stripe/stripe-flows.js";
import { runsOnStripe, usesStripe } from "./stripe/stripe-of.js";
import { addDays, periodEnd, planPrice, upgradeCharge, withVat, type Interval } from "./periods.js";

// What a tenant does with its billing: pay for a plan (checkout, saving the card), change plan
// (an upgrade charged now, prorated; a downgrade at the period's end), buy a top-up. Amounts come
// from the server's plans and packs, never from the caller.

/** The subscription of a tenant, made a trial to its current paid-through day when it has none. */
export async function subscriptionOf(deps: Pick<ServiceDeps, "db">, tenantId: number) {
  const tenant = await deps.db.tenant.findUniqueOrThrow({ where: { id: tenantId } });
  const end = dateOnly(tenant.subscriptionEndsOn);
  await ensureSubscription(deps.db, {
    tenantId,
    planId: tenant.planId,
    start: dateOnly(tenant.createdAt),
    end: end < dateOnly(tenant.createdAt) ? dateOnly(tenant.createdAt) : end,
  });
  return deps.db.subscription.findUniqueOrThrow({ where: { tenantId }, include: { plan: true, pendingPlan: true } });
}

/** A plan on sale by name: its latest version, public and not retired. */
async function planOnSale(tx: Pick<Tx, "plan">, name: string) {
  const plan = await latestPlanVersion(tx, name);
  if (!plan || !plan.public || plan.retiredAt) throw validationError({ plan: "is not a plan on sale (GET /plans lists them)" });
  return plan;
}

/**
 * Pays for a plan: with a card token from Moyasar's form (the period starts today; 3-D Secure may
 * follow), or on Stripe's hosted page (redirectUrl), which starts the subscription Stripe renews.
 */
export async function checkout(deps: ServiceDeps, principal: Principal, input: { plan: string; interval: Interval; token?: string | undefined }) {
  const stripe = usesStripe(deps);
  if (!stripe && !input.token) throw validationError({ token: "is required: the card token Moyasar's form made" });
  const sub = await subscriptionOf(deps, principal.tenantId);
  if (stripe && runsOnStripe(sub)) throw validationError({ plan: "is paid for by a running Stripe subscription: change plan instead" });
  const today = deps.clock.day();
  const { payment } = await openCharge(deps, principal.tenantId, async (tx) => {
    const plan = await planOnSale(tx, input.plan);
    const price = withVat(planPrice(plan, input.interval));
    if (price.total < 100) throw validationError({ plan: "has no price to pay for this interval" });
    return { purpose: "checkout", planId: plan.id, interval: input.interval, ...priceFields(price), periodStart: today, periodEnd: periodEnd(today, input.interval) };
  });
  if (stripe) return { paymentId: payment.id, status: "initiated", redirectUrl: await startStripeCheckout(deps, payment), amount: payment.amount };
  // The card is saved with the subscription now; it only counts once the payment is paid.
  await updateSubscription(deps.db, principal.tenantId, { provider: payment.provider, cardToken: input.token! });
  const answer = await chargeToken(deps, payment, input.token!, true);
  return { paymentId: payment.id, status: answer.status, redirectUrl: answer.redirectUrl, amount: payment.amount };
}

const priceFields = (p: { net: number; vat: number; total: number }) => ({ net: p.net, vat: p.vat, amount: p.total });

/**
 * An upgrade is charged now, prorated, and the plan changes when it is paid; a downgrade waits for
 * the period's end and is refused while the tenant holds more numbers or users than it allows.
 */
export async function changePlan(deps: ServiceDeps, principal: Principal, input: { plan: string }) {
  const sub = await subscriptionOf(deps, principal.tenantId);
  const onStripe = usesStripe(deps);
  if (onStripe ? !runsOnStripe(sub) : !sub.cardToken || sub.state === "trial") throw validationError({ plan: "needs a paid subscription first (checkout)" });
  const stripe = onStripe ? sub.providerSubscriptionId : null;
  const target = await planOnSale(deps.db, input.plan);
  if (target.name === sub.plan.name) throw validationError({ plan: "is the plan already held" });
  if (planPrice(target, sub.interval) <= planPrice(sub.plan, sub.interval)) {
    if (stripe) {
      await deps.db.$transaction((tx) => refuseOverAllowance(tx, principal.tenantId, target));
      await stripeDowngrade(deps, stripe, target, sub.interval);
    }
    return scheduleDowngrade(deps, principal.tenantId, target);
  }
  const today = deps.clock.day();
  const opened = await openCharge(deps, principal.tenantId, async (tx) => {
    // Read again under the lock: a renewal or another change may have moved the plan or period.
    const current = await tx.subscription.findUniqueOrThrow({ where: { tenantId: principal.tenantId }, include: { plan: true } });
    if (current.plan.name === target.name) throw validationError({ plan: "is the plan already held" });
    const from = planPrice(current.plan, current.interval);
    const charge = upgradeCharge({
      fromNet: from,
      toNet: planPrice(target, current.interval),
      periodStart: dateOnly(current.periodStart),
      periodEnd: dateOnly(current.periodEnd),
      today,
    });
    return { purpose: "upgrade", planId: target.id, interval: current.interval, ...priceFields(charge) };
  });
  if (stripe) {
    const status = await stripeUpgrade(deps, opened.payment, stripe, target, sub.interval);
    return { kind: "upgrade" as const, effectiveOn: today, paymentId: opened.payment.id, status: status as string | null };
  }
  const answer = await chargeToken(deps, opened.payment, opened.card!, false);
  if (answer.status === "failed") throw new ServiceError("PAYMENT_FAILED", `The card was declined: ${answer.message ?? "no reason given"}.`);
  return { kind: "upgrade" as const, effectiveOn: today, paymentId: opened.payment.id, status: answer.status as string | null };
}

async function scheduleDowngrade(deps: ServiceDeps, tenantId: number, target: { id: number; maxAccounts: number; maxUsers: number }) {
  return deps.db.$transaction(async (tx) => {
    const sub = await lockSubscription(tx, tenantId);
    await refuseOverAllowance(tx, tenantId, target);
    await updateSubscription(tx, tenantId, { pendingPlanId: target.id, updatedAt: deps.clock.now() });
    return { kind: "downgrade" as const, effectiveOn: addDays(dateOnly(sub!.periodEnd), 1), paymentId: null, status: null };
  });
}

/** Refuses a plan that allows fewer connected numbers or active users than the tenant holds (422 naming the plan). */
export async function refuseOverAllowance(tx: Tx, tenantId: number, target: { maxAccounts: number; maxUsers: number }) {
  const [numbers, users] = await Promise.all([tx.account.count({ where: { tenantId, status: "connected" } }), tx.staffUser.count({ where: { tenantId, disabledAt: null } })]);
  if (numbers > target.maxAccounts) throw validationError({ plan: `allows ${target.maxAccounts} connected numbers and ${numbers} are connected` });
  if (users > target.maxUsers) throw validationError({ plan: `allows ${target.maxUsers} users and ${users} are active` });
}

/** Buys a pack of messages for this month: charged to the saved card, or paid on Stripe's hosted page. */
export async function topUp(deps: ServiceDeps, principal: Principal, input: { pack: number }) {
  const sub = await subscriptionOf(deps, principal.tenantId);
  const stripe = usesStripe(deps);
  if (!stripe && !sub.cardToken) throw validationError({ pack: "needs a saved card first (checkout)" });
  const month = deps.clock.month();
  const { payment, card } = await openCharge(deps, principal.tenantId, async (tx) => {
    const pack = await tx.topUpPack.findUnique({ where: { id: input.pack } });
    if (!pack || pack.retiredAt) throw notFound("Top-up pack");
    return { purpose: "top_up", topUpPackId: pack.id, ...priceFields(withVat(pack.price)), periodStart: `${month}-01` };
  });
  if (stripe) return { paymentId: payment.id, status: "initiated", redirectUrl: (await startStripeTopUp(deps, payment)) as string | null, amount: payment.amount };
  const answer = await chargeToken(deps, payment, card!, false);
  if (answer.status === "failed") throw new ServiceError("PAYMENT_FAILED", `The card was declined: ${answer.message ?? "no reason given"}.`);
  return { paymentId: payment.id, status: answer.status, redirectUrl: answer.redirectUrl, amount: payment.amount };
}
