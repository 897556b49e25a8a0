import { randomUUID } from "node:crypto";
import type { ServiceDeps } from "../../../core/deps.js";
import { ServiceError } from "../../../core/errors.js";
import type { Payment, Plan } from "../../../generated/prisma/client.js";
import { SubscriptionProviderRefused, SubscriptionProviderUnavailable, type PlanVersionPrice } from "../providers/subscription-provider.js";
import { notePaymentAnswer, settlePayment, updateSubscription } from "../billing-sql.js";
import { billingRecipients } from "../mails/billing-mails.js";
import { planPrice, withVat, type Interval } from "../periods.js";
import { applyStripeInvoice } from "./stripe-apply.js";
import { stripeOf } from "./stripe-of.js";

// Checkout, plan changes and top-ups when businesses pay through Stripe. The payment row is
// written first (billing's openCharge, the same hold on a second charge); its UUID is Stripe's
// idempotency key and rides in the metadata, so the invoice or session that pays names it. The
// payer pays on Stripe's hosted page; what Stripe charged is applied from its webhook.

/** The plan version's Stripe price for an interval: the gateway's price with VAT, never a caller's. */
export const stripePlanPrice = (plan: Pick<Plan, "id" | "name" | "version" | "priceMonthly" | "priceYearly">, interval: Interval): PlanVersionPrice => ({
  planId: plan.id,
  name: plan.name,
  version: plan.version,
  interval,
  amount: withVat(planPrice(plan, interval)).total,
});

/** Who pays, for Stripe's customer: the business's name and its first owner's address. */
async function payer(deps: ServiceDeps, tenantId: number) {
  const r = await billingRecipients(deps.db, tenantId);
  return { tenantId, tenantName: r.business, email: r.emails[0] };
}

/** Stripe away: the row stays open and the same key makes a retry safe. Refused: the row fails and frees the tenant. */
async function stripeFailure(deps: ServiceDeps, payment: Payment, err: unknown): Promise<Error> {
  if (err instanceof SubscriptionProviderUnavailable) return new ServiceError("SERVICE_UNAVAILABLE", "Stripe did not answer; nothing was charged twice. Try again.");
  if (!(err instanceof SubscriptionProviderRefused)) return err instanceof Error ? err : new Error(String(err));
  await deps.db.$transaction((tx) => settlePayment(tx, payment.id, "failed", err.message.slice(0, 300), deps.clock.now()));
  return new ServiceError("PAYMENT_FAILED", err.code === "card_declined" ? "The card was declined." : `Stripe refused the payment (${err.code ?? "no code"}).`);
}

/** A hosted checkout page for the payment's plan and interval; answers where to send the payer. */
export async function startStripeCheckout(deps: ServiceDeps, payment: Payment): Promise<string> {
  const stripe = await stripeOf(deps);
  const plan = await deps.db.plan.findUniqueOrThrow({ where: { id: payment.planId! } });
  try {
    const started = await stripe.startCheckout({ ...(await payer(deps, payment.tenantId)), plan: stripePlanPrice(plan, payment.interval!), idempotencyKey: payment.givenId });
    await notePaymentAnswer(deps.db, payment.id, started.sessionId);
    await updateSubscription(deps.db, payment.tenantId, { provider: "stripe", providerCustomerId: started.customerId, updatedAt: deps.clock.now() });
    return started.url;
  } catch (err) {
    throw await stripeFailure(deps, payment, err);
  }
}

/** A hosted page for a top-up pack, paid once. */
export async function startStripeTopUp(deps: ServiceDeps, payment: Payment): Promise<string> {
  const stripe = await stripeOf(deps);
  const pack = await deps.db.topUpPack.findUniqueOrThrow({ where: { id: payment.topUpPackId! } });
  try {
    const item = { key: `pack_${pack.id}`, name: `${pack.name} (${pack.messages} messages)`, amount: payment.amount };
    const started = await stripe.startPaymentCheckout({ ...(await payer(deps, payment.tenantId)), item, idempotencyKey: payment.givenId });
    await notePaymentAnswer(deps.db, payment.id, started.sessionId);
    return started.url;
  } catch (err) {
    throw await stripeFailure(deps, payment, err);
  }
}

/**
 * An upgrade: Stripe moves the subscription to the new price and charges the prorated difference
 * at once; what it charged (to the second, not the gateway's whole days) is what the payment row
 * and its invoice record. A declined card changes nothing.
 */
export async function stripeUpgrade(deps: ServiceDeps, payment: Payment, subscriptionId: string, target: Plan, interval: Interval): Promise<"paid" | "initiated"> {
  const stripe = await stripeOf(deps);
  let changed;
  try {
    changed = await stripe.changePlan({ subscriptionId, plan: stripePlanPrice(target, interval), direction: "upgrade", idempotencyKey: payment.givenId });
  } catch (err) {
    throw await stripeFailure(deps, payment, err);
  }
  const invoice = changed.invoice;
  if (!invoice || invoice.status !== "paid") return "initiated";
  const paid = await stripe.paymentOfInvoice(invoice.id);
  await deps.db.$transaction((tx) =>
    applyStripeInvoice(deps, tx, {
      tenantId: payment.tenantId,
      invoiceId: invoice.id,
      paid: true,
      amount: invoice.amountDue,
      reason: "subscription_update",
      reference: payment.givenId,
      planId: target.id,
      interval,
      periodStart: null,
      periodEnd: null,
      nextAttemptAt: null,
      customerId: null,
      subscriptionId,
      intent: paid.paymentIntent ?? paid.charge,
    }),
  );
  return "paid";
}

/** A downgrade: Stripe bills the lower price from the next renewal, with nothing credited now. */
export async function stripeDowngrade(deps: ServiceDeps, subscriptionId: string, target: Plan, interval: Interval): Promise<void> {
  const stripe = await stripeOf(deps);
  try {
    await stripe.changePlan({ subscriptionId, plan: stripePlanPrice(target, interval), direction: "downgrade", idempotencyKey: randomUUID() });
  } catch (err) {
    if (err instanceof SubscriptionProviderUnavailable) throw new ServiceError("SERVICE_UNAVAILABLE", "Stripe did not answer; the plan is unchanged. Try again.");
    if (err instanceof SubscriptionProviderRefused) throw new ServiceError("PAYMENT_FAILED", `Stripe refused the change (${err.code ?? "no code"}).`);
    throw err;
  }
}
