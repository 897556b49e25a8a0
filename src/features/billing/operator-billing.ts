import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError, notFound, validationError } from "../../core/errors.js";
import { dateOnly } from "../../core/clock.js";
import { invoiceByNumber } from "../invoices/index.js";
import { lockSubscription, updateSubscription } from "./billing-sql.js";
import { latestPlanVersion } from "./plans/plans-sql.js";
import { refuseOverAllowance, subscriptionOf } from "./flows.js";
import { setTenantStanding } from "./standing.js";
import { addDays } from "./periods.js";
import { providerOf } from "./payments.js";
import { creditRefund } from "./payment-invoice.js";
import { ProviderUnavailable } from "./providers/index.js";
import { SubscriptionProviderUnavailable } from "./providers/subscription-provider.js";
import { runsOnStripe, stripeOf } from "./stripe/stripe-of.js";

// What the operator does to a business's billing (docs/operators.md, "Money"): move it to another
// plan without a charge, give a trial more days, refund an invoice's payment. The business is told
// through what it already reads (GET /billing, its invoices and the credit note's mail).

/** What these need of a server: the database, the provider's settings, the clock and the console's address. */
export type OperatorBillingDeps = Pick<ServiceDeps, "db" | "config" | "clock" | "urls">;

/** The longest a trial may be given in one step. */
const MAX_TRIAL_DAYS = 365;

/**
 * Puts a business on a plan's latest version now, without a charge (a plan given, a correction): the
 * next renewal charges the new plan's price. Refused for a retired plan, for a subscription Stripe
 * runs (Stripe would bill the old price: the business changes it from its console), and when the
 * business holds more numbers or users than the plan allows.
 */
export async function setPlanByOperator(deps: OperatorBillingDeps, tenantId: number, planName: string) {
  await subscriptionOfTenant(deps, tenantId);
  return deps.db.$transaction(async (tx) => {
    const sub = (await lockSubscription(tx, tenantId))!;
    const plan = await latestPlanVersion(tx, planName);
    if (!plan || plan.retiredAt) throw validationError({ plan: "is not a plan that is sold (plan:businesses lists them)" });
    if (plan.id === sub.planId) throw validationError({ plan: "is the plan the business already has" });
    if (runsOnStripe(sub)) throw validationError({ plan: "cannot change here: Stripe runs this subscription, so the business changes plan from its console" });
    await refuseOverAllowance(tx, tenantId, plan);
    await updateSubscription(tx, tenantId, { planId: plan.id, pendingPlanId: null, pendingInterval: null, updatedAt: deps.clock.now() });
    await setTenantStanding(tx, tenantId, { planId: plan.id });
    return { tenant: tenantId, plan: plan.name, version: plan.version, was: { plan: sub.plan.name, version: sub.plan.version } };
  });
}

/** Gives a business on a trial more days: its trial (and what it may send) runs to `until`. */
export async function extendTrial(deps: OperatorBillingDeps, tenantId: number, until: string) {
  await subscriptionOfTenant(deps, tenantId);
  return deps.db.$transaction(async (tx) => {
    const sub = (await lockSubscription(tx, tenantId))!;
    if (sub.state !== "trial") throw validationError({ tenant: `is not on a trial (its subscription is ${sub.state})` });
    const ends = dateOnly(sub.periodEnd);
    if (until <= ends) throw validationError({ until: `must be after the trial's last day, ${ends}` });
    const latest = addDays(deps.clock.day(), MAX_TRIAL_DAYS);
    if (until > latest) throw validationError({ until: `must be at most ${MAX_TRIAL_DAYS} days from today (${latest})` });
    await updateSubscription(tx, tenantId, { periodEnd: new Date(`${until}T00:00:00Z`), updatedAt: deps.clock.now() });
    await setTenantStanding(tx, tenantId, { paidThrough: until, graceUntil: null });
    return { tenant: tenantId, trialEnds: until, was: ends };
  });
}

/**
 * Refunds all or part of what is left of an invoice's payment through the provider that took it.
 * Moyasar answers with the refund made, and its credit note is issued at once (the webhook that
 * follows finds it issued); Stripe's credit note follows its `charge.refunded` event, as for a
 * refund made in its dashboard.
 */
export async function refundInvoice(deps: OperatorBillingDeps, number: string, amount: number | undefined, tenantId?: number) {
  const invoice = await invoiceByNumber(deps.db, number);
  // From a business's card, another business's invoice is one it does not have.
  if (!invoice || (tenantId !== undefined && invoice.tenantId !== tenantId)) throw notFound("Invoice");
  if (invoice.kind !== "invoice" || !invoice.paymentProvider || !invoice.paymentReference)
    throw validationError({ invoice: "records no payment to refund (a credit note, or an invoice made by hand)" });
  const left = invoice.totalHalalas - invoice.creditedHalalas;
  if (left <= 0) throw validationError({ invoice: "is refunded in full already" });
  if (amount !== undefined && amount > left) throw validationError({ amount: `must be at most what is left to refund, ${left} halalas` });
  const request = amount ?? left;
  if (invoice.paymentProvider === "stripe") {
    const stripe = await stripeOf(deps);
    const idempotencyKey = `refund:${invoice.number}:${invoice.creditedHalalas}:${request}`;
    const done = await asked(() => stripe.refund({ paymentId: invoice.paymentReference!, amount: request, idempotencyKey }));
    return { invoice: invoice.number, requested: request, status: done.status, creditNote: "follows Stripe's charge.refunded event" };
  }
  const p = await asked(() => providerOf(deps).refund(invoice.paymentReference!, request));
  const credited = await deps.db.$transaction(async (tx) => {
    const row = await tx.payment.findFirst({ where: { provider: invoice.paymentProvider!, providerPaymentId: invoice.paymentReference! } });
    if (!row) return false;
    // The payment's webhook may apply the same refund at once, even before the provider's answer
    // reaches us: one of the two issues the credit note, and either way it is there now.
    await lockSubscription(tx, row.tenantId);
    if (await creditRefund(deps, tx, row, p)) return true;
    const after = await invoiceByNumber(tx, invoice.number);
    return (after?.creditedHalalas ?? 0) >= Math.min(p.refunded, invoice.totalHalalas);
  });
  return { invoice: invoice.number, requested: request, refundedSoFar: p.refunded, creditNoteIssued: credited };
}

/** The business's subscription (a trial to its paid-through day when it has none); a business nobody has is 404. */
async function subscriptionOfTenant(deps: OperatorBillingDeps, tenantId: number) {
  if (!(await deps.db.tenant.findUnique({ where: { id: tenantId }, select: { id: true } }))) throw notFound("Tenant");
  return subscriptionOf(deps, tenantId);
}

/** The provider's call: no answer is 503 (nothing is known to have happened), a refusal 422 with its reason. */
async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    if (err instanceof ProviderUnavailable || err instanceof SubscriptionProviderUnavailable)
      throw new ServiceError("SERVICE_UNAVAILABLE", "The payment provider did not answer; look at the invoice again before refunding again.");
    throw validationError({ invoice: `the payment provider refused the refund: ${(err as Error).message.slice(0, 200)}` });
  }
}
