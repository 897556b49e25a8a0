import { randomBytes } from "node:crypto";

// The Stripe objects the stand-in (test/kit/stripe.ts) answers with, field names and shapes as in
// Stripe's OpenAPI document stripe/openapi latest/openapi.spec3.json, info.version 2026-09-30.endive
// (commit 18fa2cc), cross-read with the `stripe` 23.1.0 SDK's types generated from it (API
// 2026-10-28.endive): invoices name their subscription under parent.subscription_details, periods
// sit on subscription items, an invoice's payments are `invoice_payment` objects. Only the fields
// the gateway reads or a reader would expect beside them are filled.

export type Obj = Record<string, any>;

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export const list = (data: Obj[], url: string) => ({ object: "list", data, has_more: false, url });

export const customer = (now: number, p: Obj): Obj => ({
  id: newId("cus"),
  object: "customer",
  balance: 0,
  created: now,
  currency: null,
  default_source: null,
  delinquent: false,
  description: p.description ?? null,
  email: p.email ?? null,
  invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
  livemode: false,
  metadata: p.metadata ?? {},
  name: p.name ?? null,
  shipping: null,
  tax_exempt: "none",
});

export const price = (now: number, p: Obj, productId: string): Obj => ({
  id: newId("price"),
  object: "price",
  active: true,
  billing_scheme: "per_unit",
  created: now,
  currency: String(p.currency).toLowerCase(),
  custom_unit_amount: null,
  livemode: false,
  lookup_key: p.lookup_key ?? null,
  metadata: p.metadata ?? {},
  nickname: p.nickname ?? null,
  product: productId,
  recurring: p.recurring ? { interval: p.recurring.interval, interval_count: Number(p.recurring.interval_count ?? 1), meter: null, usage_type: "licensed" } : null,
  tax_behavior: "unspecified",
  tiers_mode: null,
  transform_quantity: null,
  type: p.recurring ? "recurring" : "one_time",
  unit_amount: Number(p.unit_amount),
  unit_amount_decimal: String(p.unit_amount),
});

export const checkoutSession = (now: number, p: Obj, amount: number, url: string): Obj => ({
  id: newId("cs_test"),
  object: "checkout.session",
  amount_subtotal: amount,
  amount_total: amount,
  cancel_url: p.cancel_url ?? null,
  client_reference_id: p.client_reference_id ?? null,
  created: now,
  currency: "sar",
  customer: p.customer ?? null,
  customer_email: p.customer_email ?? null,
  // Stripe's default is 24 hours; a caller may choose 30 minutes to 24 hours.
  expires_at: p.expires_at === undefined ? now + 86_400 : Number(p.expires_at),
  invoice: null,
  livemode: false,
  metadata: p.metadata ?? {},
  mode: p.mode,
  payment_intent: null,
  payment_status: "unpaid",
  status: "open",
  subscription: null,
  success_url: p.success_url ?? null,
  url,
});

export const subscriptionItem = (now: number, subscriptionId: string, priceObj: Obj, period: { start: number; end: number }): Obj => ({
  id: newId("si"),
  object: "subscription_item",
  created: now,
  current_period_end: period.end,
  current_period_start: period.start,
  discounts: [],
  metadata: {},
  price: priceObj,
  quantity: 1,
  subscription: subscriptionId,
  tax_rates: [],
});

export function subscription(now: number, p: { customer: string; metadata: Obj; price: Obj; period: { start: number; end: number } }): Obj {
  const id = newId("sub");
  return {
    id,
    object: "subscription",
    billing_cycle_anchor: p.period.start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    collection_method: "charge_automatically",
    created: now,
    currency: p.price.currency,
    customer: p.customer,
    default_payment_method: newId("pm"),
    ended_at: null,
    items: list([subscriptionItem(now, id, p.price, p.period)], `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    metadata: p.metadata,
    schedule: null,
    start_date: now,
    status: "active",
    trial_end: null,
    trial_start: null,
  };
}

export interface LineSpec {
  amount: number;
  price: Obj;
  itemId: string;
  period: { start: number; end: number };
  proration: boolean;
  description: string;
}

function line(invoiceId: string, subscriptionId: string, l: LineSpec): Obj {
  return {
    id: newId("il"),
    object: "line_item",
    amount: l.amount,
    currency: l.price.currency,
    description: l.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      type: "subscription_item_details",
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: l.proration,
        proration_details: { credited_items: null },
        subscription: subscriptionId,
        subscription_item: l.itemId,
      },
    },
    period: l.period,
    pretax_credit_amounts: [],
    pricing: { type: "price_details", price_details: { price: l.price.id, product: l.price.product }, unit_amount_decimal: l.price.unit_amount_decimal },
    quantity: 1,
    subscription: subscriptionId,
    subtotal: l.amount,
    taxes: [],
  };
}

export function invoice(now: number, sub: Obj, reason: string, lines: LineSpec[]): Obj {
  const id = newId("in");
  const total = lines.reduce((s, l) => s + l.amount, 0);
  return {
    id,
    object: "invoice",
    amount_due: Math.max(total, 0),
    amount_paid: 0,
    amount_remaining: Math.max(total, 0),
    attempt_count: 0,
    attempted: false,
    billing_reason: reason,
    collection_method: "charge_automatically",
    created: now,
    currency: sub.currency,
    customer: sub.customer,
    livemode: false,
    lines: list(
      lines.map((l) => line(id, sub.id, l)),
      `/v1/invoices/${id}/lines`,
    ),
    metadata: {},
    next_payment_attempt: null,
    parent: { type: "subscription_details", quote_details: null, subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id } },
    period_end: now,
    period_start: now,
    status: "open",
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    total,
  };
}

export const paymentIntent = (now: number, amount: number, currency: string, customerId: string, chargeId: string | null, status: string): Obj => ({
  id: newId("pi"),
  object: "payment_intent",
  amount,
  amount_received: status === "succeeded" ? amount : 0,
  created: now,
  currency,
  customer: customerId,
  latest_charge: chargeId,
  livemode: false,
  metadata: {},
  status,
});

export const charge = (now: number, amount: number, currency: string, customerId: string, paid: boolean): Obj => ({
  id: newId("ch"),
  object: "charge",
  amount,
  amount_captured: paid ? amount : 0,
  amount_refunded: 0,
  captured: paid,
  created: now,
  currency,
  customer: customerId,
  description: null,
  disputed: false,
  failure_code: paid ? null : "card_declined",
  failure_message: paid ? null : "Your card was declined.",
  livemode: false,
  metadata: {},
  paid,
  payment_intent: null,
  refunded: false,
  status: paid ? "succeeded" : "failed",
});

export const invoicePayment = (now: number, inv: Obj, pi: Obj): Obj => ({
  id: newId("inpay"),
  object: "invoice_payment",
  amount_paid: pi.amount,
  amount_requested: pi.amount,
  created: now,
  currency: pi.currency,
  invoice: inv.id,
  is_default: true,
  livemode: false,
  payment: { type: "payment_intent", payment_intent: pi.id },
  status: "paid",
  status_transitions: { canceled_at: null, paid_at: now },
});

export const refund = (now: number, ch: Obj, amount: number): Obj => ({
  id: newId("re"),
  object: "refund",
  amount,
  balance_transaction: null,
  charge: ch.id,
  created: now,
  currency: ch.currency,
  metadata: {},
  payment_intent: ch.payment_intent,
  reason: null,
  receipt_number: null,
  status: "succeeded",
});

export const stripeError = (type: string, message: string, code?: string, param?: string) => ({ error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } });

/** One calendar month or year after `start` (seconds), the day kept or the month's last day. */
export function addInterval(start: number, interval: string): number {
  const d = new Date(start * 1000);
  const months = interval === "year" ? 12 : 1;
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return Math.floor(target.getTime() / 1000);
}

/** Stripe's form encoding as the SDK writes it (`a[b][0][c]=v`), back to an object with arrays. */
export function parseForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Obj = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(path[i + 1] ?? "") ? [] : {};
    });
  }
  return root;
}
