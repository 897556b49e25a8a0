import type Stripe from "stripe";
import type { SubscriptionEvent, SubscriptionEventKind, SubscriptionInterval } from "./subscription-provider.js";

// Stripe's webhook events as the one normalised SubscriptionEvent. The mapping reads the event
// alone (no API call), so an event maps to the same value whether it arrives first, late, twice
// or after the events that followed it. Since API version 2025-03-31.basil an invoice names its
// subscription under `parent.subscription_details.subscription` (with the subscription's metadata
// as it stood when the invoice was made), and a subscription's period sits on its items
// (`current_period_start/end`), not on the subscription.

type Ids = SubscriptionEvent["ids"];
type Metadata = Record<string, string> | null | undefined;

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === "string" ? v : v.id);
const at = (seconds: number | null | undefined) => (seconds == null ? null : new Date(seconds * 1000));
const upper = (c: string | null | undefined) => (c ? c.toUpperCase() : null);
const positiveInt = (v: string | null | undefined) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);
const intervalOf = (v: string | null | undefined): SubscriptionInterval | null => (v === "month" || v === "year" ? v : null);
const noIds: Ids = { customer: null, subscription: null, invoice: null, checkoutSession: null, paymentIntent: null, charge: null, price: null };

/**
 * What the gateway writes into every object it creates: the tenant, the plan version, the interval,
 * and the payment row the checkout or change was made for (payment_ref).
 */
export const planMetadata = (tenantId: number, plan: { planId: number; version: number; interval: SubscriptionInterval }, reference: string) => ({
  tenant_id: String(tenantId),
  plan_id: String(plan.planId),
  plan_version: String(plan.version),
  interval: plan.interval,
  payment_ref: reference,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function fromMetadata(m: Metadata) {
  const ref = m?.payment_ref;
  return {
    tenantId: positiveInt(m?.tenant_id),
    planId: positiveInt(m?.plan_id),
    interval: intervalOf(m?.interval),
    reference: ref && UUID.test(ref) ? ref : null,
    purpose: m?.purpose === "top_up" ? "top_up" : null,
  };
}

type Mapped = Omit<SubscriptionEvent, "eventId" | "type" | "createdAt" | "kind">;

function checkoutSession(s: Stripe.Checkout.Session): Mapped & { kind: SubscriptionEventKind } {
  const m = fromMetadata(s.metadata);
  return {
    // `unpaid`: the payment is still to come (a delayed method); the invoice.paid that follows settles it.
    kind: s.payment_status === "unpaid" ? "checkout_unpaid" : "checkout_paid",
    ...m,
    tenantId: positiveInt(s.client_reference_id) ?? m.tenantId,
    periodStart: null,
    periodEnd: null,
    amount: s.amount_total,
    currency: upper(s.currency),
    nextAttemptAt: null,
    reason: s.payment_status,
    ids: {
      ...noIds,
      customer: idOf(s.customer),
      subscription: idOf(s.subscription),
      invoice: idOf(s.invoice),
      checkoutSession: s.id,
      paymentIntent: idOf(s.payment_intent),
    },
  };
}

/** The line that charges for the subscription: the period paid for, and its price. */
function chargingLine(invoice: Stripe.Invoice) {
  const lines = invoice.lines.data;
  const full = lines.find((l) => l.parent?.subscription_item_details?.proration === false);
  // An upgrade's invoice holds only prorations: a credit for the old price, a charge for the new.
  const charged = lines.filter((l) => l.amount > 0).sort((a, b) => b.period.end - a.period.end)[0];
  return full ?? charged ?? lines[0] ?? null;
}

function invoice(i: Stripe.Invoice, paid: boolean): Mapped {
  const details = i.parent?.subscription_details ?? null;
  const line = chargingLine(i);
  const m = fromMetadata(details?.metadata ?? i.metadata);
  return {
    ...m,
    periodStart: at(line?.period.start),
    periodEnd: at(line?.period.end),
    amount: paid ? i.amount_paid : i.amount_due,
    currency: upper(i.currency),
    nextAttemptAt: paid ? null : at(i.next_payment_attempt),
    reason: i.billing_reason,
    ids: { ...noIds, customer: idOf(i.customer), subscription: idOf(details?.subscription), invoice: i.id ?? null, price: idOf(line?.pricing?.price_details?.price) },
  };
}

function subscription(s: Stripe.Subscription): Mapped {
  const item = s.items.data[0];
  const fromPrice = fromMetadata(item?.price.metadata);
  const m = fromMetadata(s.metadata);
  return {
    ...m,
    planId: m.planId ?? fromPrice.planId,
    interval: intervalOf(item?.price.recurring?.interval) ?? m.interval,
    periodStart: at(item?.current_period_start),
    periodEnd: at(item?.current_period_end),
    amount: item?.price.unit_amount ?? null,
    currency: upper(s.currency),
    nextAttemptAt: null,
    reason: s.status,
    ids: { ...noIds, customer: idOf(s.customer), subscription: s.id, price: item?.price.id ?? null },
  };
}

function charge(c: Stripe.Charge): Mapped {
  return {
    ...fromMetadata(c.metadata),
    periodStart: null,
    periodEnd: null,
    amount: c.amount_refunded,
    currency: upper(c.currency),
    nextAttemptAt: null,
    reason: c.refunded ? "refunded" : "partially_refunded",
    ids: { ...noIds, customer: idOf(c.customer), paymentIntent: idOf(c.payment_intent), charge: c.id },
  };
}

const other: Mapped = {
  tenantId: null,
  planId: null,
  interval: null,
  reference: null,
  purpose: null,
  periodStart: null,
  periodEnd: null,
  amount: null,
  currency: null,
  nextAttemptAt: null,
  reason: null,
  ids: noIds,
};

function mapped(event: Stripe.Event): Mapped & { kind: SubscriptionEventKind } {
  switch (event.type) {
    case "checkout.session.completed":
      return checkoutSession(event.data.object);
    case "invoice.paid":
      return { kind: "invoice_paid", ...invoice(event.data.object, true) };
    case "invoice.payment_failed":
      return { kind: "invoice_payment_failed", ...invoice(event.data.object, false) };
    case "customer.subscription.updated":
      return { kind: "subscription_updated", ...subscription(event.data.object) };
    case "customer.subscription.deleted":
      return { kind: "subscription_deleted", ...subscription(event.data.object) };
    case "charge.refunded":
      return { kind: "charge_refunded", ...charge(event.data.object) };
    default:
      return { kind: "other", ...other };
  }
}

/** The normalised value of a verified Stripe event; an event type billing does not use is "other". */
export function normaliseStripeEvent(event: Stripe.Event): SubscriptionEvent {
  return { eventId: event.id, type: event.type, createdAt: new Date(event.created * 1000), ...mapped(event) };
}
