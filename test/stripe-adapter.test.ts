import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ServiceClock } from "../src/core/clock.js";
import { priceLookupKey, StripeProvider, type StripeSettings } from "../src/features/billing/providers/stripe.js";
import { SubscriptionEventRefused, SubscriptionProviderRefused, type PlanVersionPrice, type SubscriptionEvent } from "../src/features/billing/providers/subscription-provider.js";
import { startStripeStandIn, type StripeStandIn } from "./kit/stripe.js";

// The Stripe adapter against the Stripe stand-in, through the official SDK: what it asks Stripe
// for, what the hosted checkout and renewals send back as signed webhooks, and how each event maps.
// The webhook receiver here stands where billing's route will: it keeps the raw body and header.

const DAY_S = 86_400;
const CONSOLE = "https://gateway.example.com";
const basic: PlanVersionPrice = { planId: 11, name: "Basic", version: 2, interval: "month", amount: 11_500 };
const pro: PlanVersionPrice = { planId: 12, name: "Pro", version: 1, interval: "month", amount: 34_500 };

interface Delivery {
  raw: Buffer;
  signature: string | undefined;
}

let stand: StripeStandIn;
let clock: ServiceClock;
let receiver: http.Server;
let received: Delivery[] = [];
let stripe: StripeProvider;
let keys = 0;
const key = () => `00000000-0000-4000-8000-${String(++keys).padStart(12, "0")}`;

const settingsFor = (s: StripeStandIn, extra: Partial<StripeSettings> = {}): StripeSettings => ({
  secretKey: s.secretKey,
  webhookSecret: s.webhookSecret,
  api: s.api,
  consoleUrl: CONSOLE,
  ...extra,
});

const seconds = (d: Date | null) => (d ? d.getTime() / 1000 : null);
/** The service clock's now in whole seconds, as Stripe counts time. */
const unix = () => Math.floor(clock.now().getTime() / 1000);
const read = (d: Delivery) => stripe.readEvent(d.raw, d.signature);
/** One tenant's events of a type: the stand-in renews every subscription that is due, other tests' too. */
const byType = (events: SubscriptionEvent[], type: string, tenantId?: number) => events.filter((e) => e.type === type && (tenantId === undefined || e.tenantId === tenantId));

beforeAll(async () => {
  clock = new ServiceClock("Asia/Riyadh");
  clock.freeze();
  stand = await startStripeStandIn({ now: () => clock.now() });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ raw: Buffer.concat(chunks), signature: req.headers["stripe-signature"] as string | undefined });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  stand.webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/stripe`;
  stripe = new StripeProvider(settingsFor(stand), clock);
});

afterEach(async () => {
  await stand.delivered();
  Object.assign(stand, { deliveries: 1, holdEvents: false, latencyMs: 0 });
  received = [];
});

afterAll(async () => {
  await stand.close();
  await new Promise((r) => receiver.close(r));
});

/** A tenant checks out and pays; answers the subscription and the events its payment sent, mapped. */
async function subscribe(tenantId: number, plan = basic) {
  const started = await stripe.startCheckout({ tenantId, tenantName: `Tenant ${tenantId}`, email: `t${tenantId}@example.com`, plan, idempotencyKey: key() });
  expect(stand.pay(started.sessionId, "succeeds")).toBe(true);
  await stand.delivered();
  const events = received.map(read);
  received = [];
  const sub = stand.world.sessions.get(started.sessionId)!.subscription as string;
  return { started, sub, events };
}

describe("checkout", () => {
  it("opens a subscription-mode session on the plan's price for the tenant's customer, and the payment's events map to the tenant, plan and period", async () => {
    const given = key();
    const started = await stripe.startCheckout({ tenantId: 7, tenantName: "Tenant 7", plan: basic, idempotencyKey: given });
    const session = stand.world.sessions.get(started.sessionId)!;
    expect(session).toMatchObject({ mode: "subscription", client_reference_id: "7", customer: started.customerId, status: "open" });
    expect(session.success_url).toBe(`${CONSOLE}/console/#/billing?payment=submitted&session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${CONSOLE}/console/#/billing?payment=cancelled`);
    expect(session.subscription_data.metadata).toEqual({ tenant_id: "7", plan_id: "11", plan_version: "2", interval: "month", payment_ref: given });
    expect(stand.world.prices.get(started.priceId)).toMatchObject({
      unit_amount: 11_500,
      currency: "sar",
      lookup_key: "gateway_plan_11_v2_month",
      recurring: { interval: "month" },
    });
    expect(stand.world.customers.get(started.customerId)!.metadata).toEqual({ tenant_id: "7" });
    expect(started.url).toBe(`${stand.url}/c/pay/${started.sessionId}`);

    const paidAt = unix();
    expect(stand.pay(started.sessionId, "succeeds")).toBe(true);
    await stand.delivered();
    const events = received.map(read);
    expect(events.map((e) => e.type).sort()).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
    const sub = session.subscription as string;
    const [completed] = byType(events, "checkout.session.completed");
    expect(completed).toMatchObject({ kind: "checkout_paid", tenantId: 7, planId: 11, interval: "month", amount: 11_500, currency: "SAR", reason: "paid" });
    expect(completed!.ids).toMatchObject({ customer: started.customerId, subscription: sub, checkoutSession: started.sessionId });
    const [paid] = byType(events, "invoice.paid");
    expect(paid).toMatchObject({ kind: "invoice_paid", tenantId: 7, planId: 11, amount: 11_500, currency: "SAR", reason: "subscription_create" });
    expect(paid!.ids).toMatchObject({ subscription: sub, customer: started.customerId, price: started.priceId });
    // One calendar month from the payment.
    const end = new Date(paidAt * 1000);
    end.setUTCMonth(end.getUTCMonth() + 1);
    expect([seconds(paid!.periodStart), seconds(paid!.periodEnd)]).toEqual([paidAt, end.getTime() / 1000]);
    expect(byType(events, "customer.subscription.created")[0]!.kind).toBe("other");
  });

  it("leaves the session open and sends nothing when the card is declined", async () => {
    const started = await stripe.startCheckout({ tenantId: 8, tenantName: "Tenant 8", plan: basic, idempotencyKey: key() });
    const before = stand.events.length;
    expect(stand.pay(started.sessionId, "declines")).toBe(false);
    await stand.delivered();
    expect(stand.events.length).toBe(before);
    expect(received).toEqual([]);
    expect(stand.world.sessions.get(started.sessionId)).toMatchObject({ status: "open", payment_status: "unpaid", subscription: null });
  });

  it("reuses the tenant's customer and the plan version's price on a second checkout", async () => {
    const a = await stripe.startCheckout({ tenantId: 9, tenantName: "Tenant 9", plan: basic, idempotencyKey: key() });
    const b = await stripe.startCheckout({ tenantId: 9, tenantName: "Tenant 9", plan: basic, idempotencyKey: key() });
    expect(b.sessionId).not.toBe(a.sessionId);
    expect([b.customerId, b.priceId]).toEqual([a.customerId, a.priceId]);
    expect([...stand.world.customers.values()].filter((c) => c.metadata.tenant_id === "9")).toHaveLength(1);
  });
});

describe("idempotency", () => {
  it("answers a repeated key with the first session, and refuses the key with other parameters", async () => {
    const idempotencyKey = key();
    const before = stand.executed("/v1/checkout/sessions");
    const a = await stripe.startCheckout({ tenantId: 20, tenantName: "Tenant 20", plan: basic, idempotencyKey });
    const b = await stripe.startCheckout({ tenantId: 20, tenantName: "Tenant 20", plan: basic, idempotencyKey });
    expect(b.sessionId).toBe(a.sessionId);
    expect(stand.executed("/v1/checkout/sessions") - before).toBe(1);
    const other = stripe.startCheckout({ tenantId: 20, tenantName: "Tenant 20", plan: pro, idempotencyKey });
    await expect(other).rejects.toBeInstanceOf(SubscriptionProviderRefused);
    await expect(other).rejects.toMatchObject({ code: "idempotency_error" });
    expect(stand.executed("/v1/checkout/sessions") - before).toBe(1);
  });

  it("makes one session when the answer comes after the client's timeout and the SDK asks again", async () => {
    const impatient = new StripeProvider(settingsFor(stand, { timeoutMs: 300, maxNetworkRetries: 2 }), clock);
    // Price and customer first, so the late answer falls on the session's request.
    await impatient.priceFor(basic);
    await impatient.customerFor({ tenantId: 21, tenantName: "Tenant 21" });
    const before = stand.executed("/v1/checkout/sessions");
    stand.answerLate(1_000);
    const started = await impatient.startCheckout({ tenantId: 21, tenantName: "Tenant 21", plan: basic, idempotencyKey: key() });
    expect(stand.executed("/v1/checkout/sessions") - before).toBe(1);
    expect([...stand.world.sessions.values()].filter((s) => s.client_reference_id === "21").map((s) => s.id)).toEqual([started.sessionId]);
  });

  it("ends with one price when two servers make a plan version's price at once", async () => {
    const plan: PlanVersionPrice = { planId: 30, name: "Team", version: 1, interval: "year", amount: 1_150_000 };
    const second = new StripeProvider(settingsFor(stand), clock);
    const before = stand.executed("/v1/prices");
    // Each answer waits 50 ms, so both servers look the price up before either makes it.
    stand.latencyMs = 50;
    const ids = await Promise.all([stripe.priceFor(plan), second.priceFor(plan)]);
    expect(ids[0]).toBe(ids[1]);
    expect([...stand.world.prices.values()].filter((p) => p.lookup_key === priceLookupKey(plan)).map((p) => p.id)).toEqual([ids[0]]);
    expect(stand.executed("/v1/prices") - before).toBe(1);
  });

  it("finds the price by its lookup key after the idempotency key has expired, and refuses one whose amount was changed", async () => {
    const plan: PlanVersionPrice = { planId: 31, name: "Solo", version: 1, interval: "month", amount: 5_750 };
    const first = await stripe.priceFor(plan);
    clock.advance(25 * 3_600_000);
    expect(await stripe.priceFor(plan)).toBe(first);
    stand.world.prices.get(first)!.unit_amount = 1;
    await expect(stripe.priceFor(plan)).rejects.toMatchObject({ code: "price_mismatch" });
    stand.world.prices.get(first)!.unit_amount = 5_750;
  });
});

describe("webhook signatures", () => {
  it("refuses a forged, altered, unsigned or stale event and takes one signed within 300 s", async () => {
    const { events } = await subscribe(40);
    const body = JSON.stringify(stand.events.at(-1));
    const now = unix();
    expect(() => stripe.readEvent(body, stand.sign(body, now, "whsec_someoneelse"))).toThrow(SubscriptionEventRefused);
    expect(() => stripe.readEvent(body.replace('"livemode":false', '"livemode":true'), stand.sign(body, now))).toThrow(SubscriptionEventRefused);
    expect(() => stripe.readEvent(body, undefined)).toThrow(SubscriptionEventRefused);
    expect(() => stripe.readEvent(body, stand.sign(body, now - 301))).toThrow(/tolerance/);
    expect(stripe.readEvent(body, stand.sign(body, now - 299)).eventId).toBe(stand.events.at(-1)!.id);
    expect(events).toHaveLength(3);
  });
});

describe("renewals", () => {
  it("maps a renewal's invoice.paid to the next period, and a declined renewal to invoice_payment_failed and past_due", async () => {
    const { sub, started } = await subscribe(50);
    const item = stand.world.subscriptions.get(sub)!.items.data[0];
    const firstEnd = item.current_period_end as number;
    clock.advance((firstEnd - unix()) * 1000);
    expect(stand.renew().filter((id) => id === sub)).toHaveLength(1);
    await stand.delivered();
    const renewal = received.map(read);
    received = [];
    const [paid] = byType(renewal, "invoice.paid", 50);
    const nextEnd = item.current_period_end as number;
    expect(paid).toMatchObject({ kind: "invoice_paid", tenantId: 50, planId: 11, amount: 11_500, reason: "subscription_cycle" });
    expect([seconds(paid!.periodStart), seconds(paid!.periodEnd)]).toEqual([firstEnd, nextEnd]);
    expect(byType(renewal, "customer.subscription.updated", 50)[0]).toMatchObject({
      kind: "subscription_updated",
      tenantId: 50,
      reason: "active",
      periodStart: paid!.periodStart,
      periodEnd: paid!.periodEnd,
    });

    stand.setCard(started.customerId, "declines");
    clock.advance((nextEnd - unix()) * 1000);
    expect(stand.renew().filter((id) => id === sub)).toHaveLength(1);
    await stand.delivered();
    const failed = received.map(read);
    expect(byType(failed, "invoice.payment_failed", 50)[0]).toMatchObject({ kind: "invoice_payment_failed", tenantId: 50, amount: 11_500, reason: "subscription_cycle" });
    expect(byType(failed, "customer.subscription.updated", 50)[0]).toMatchObject({ kind: "subscription_updated", reason: "past_due" });
  });
});

describe("plan changes", () => {
  it("invoices an upgrade's prorated difference now, and bills a downgrade's lower price only from the renewal", async () => {
    const { sub } = await subscribe(60);
    const item = stand.world.subscriptions.get(sub)!.items.data[0];
    const { current_period_start: start, current_period_end: end } = item;
    clock.advance(10 * DAY_S * 1000);
    const now = unix();
    // Stripe's proration: each price × the unused share of the period, to the second.
    const share = (amount: number) => Math.round((amount * (end - now)) / (end - start));
    const expected = share(pro.amount) - share(basic.amount);
    const up = await stripe.changePlan({ subscriptionId: sub, plan: pro, direction: "upgrade", idempotencyKey: key() });
    expect(up).toMatchObject({ effective: "now", invoice: { amountDue: expected, status: "paid" } });
    await stand.delivered();
    const upEvents = received.map(read);
    received = [];
    expect(byType(upEvents, "invoice.paid", 60)[0]).toMatchObject({ kind: "invoice_paid", tenantId: 60, planId: 12, amount: expected, reason: "subscription_update" });
    const [upgradeInvoice] = byType(upEvents, "invoice.paid", 60);
    expect([seconds(upgradeInvoice!.periodStart), seconds(upgradeInvoice!.periodEnd)]).toEqual([now, end]);

    const down = await stripe.changePlan({ subscriptionId: sub, plan: basic, direction: "downgrade", idempotencyKey: key() });
    expect(down).toMatchObject({ effective: "period_end", invoice: null });
    await stand.delivered();
    expect(received.map(read).map((e) => e.type)).toEqual(["customer.subscription.updated"]);
    received = [];
    clock.advance((end - unix()) * 1000);
    stand.renew();
    await stand.delivered();
    expect(byType(received.map(read), "invoice.paid", 60)[0]).toMatchObject({ planId: 11, amount: basic.amount, reason: "subscription_cycle" });
  });

  it("leaves the subscription on its plan when the upgrade's card is declined", async () => {
    const { sub, started } = await subscribe(61);
    stand.setCard(started.customerId, "declines");
    clock.advance(DAY_S * 1000);
    const up = stripe.changePlan({ subscriptionId: sub, plan: pro, direction: "upgrade", idempotencyKey: key() });
    await expect(up).rejects.toMatchObject({ code: "card_declined" });
    expect(stand.world.subscriptions.get(sub)!.items.data[0].price.id).toBe(started.priceId);
    expect(stand.world.subscriptions.get(sub)!.metadata.plan_id).toBe("11");
  });
});

describe("refunds", () => {
  it("refunds part then the rest of an invoice's payment, maps charge.refunded, and refuses more than is left", async () => {
    const { events } = await subscribe(70);
    const invoiceId = byType(events, "invoice.paid")[0]!.ids.invoice!;
    const part = await stripe.refund({ paymentId: invoiceId, amount: 1_500, idempotencyKey: key() });
    expect(part).toMatchObject({ amount: 1_500, status: "succeeded" });
    const rest = await stripe.refund({ paymentId: part.paymentIntentId!, idempotencyKey: key() });
    expect(rest.amount).toBe(10_000);
    await stand.delivered();
    const refunded = received.map(read);
    expect(refunded.map((e) => [e.kind, e.amount, e.reason])).toEqual([
      ["charge_refunded", 1_500, "partially_refunded"],
      ["charge_refunded", 11_500, "refunded"],
    ]);
    expect(refunded[0]!.ids).toMatchObject({ charge: part.chargeId, paymentIntent: part.paymentIntentId });
    await expect(stripe.refund({ paymentId: part.chargeId!, amount: 1, idempotencyKey: key() })).rejects.toMatchObject({ code: "charge_already_refunded" });
  });
});

describe("awkward deliveries", () => {
  it("maps each event to the same value whether it arrives twice, late or before the events that preceded it", async () => {
    stand.holdEvents = true;
    stand.deliveries = 2;
    const firstEvent = stand.events.length;
    const started = await stripe.startCheckout({ tenantId: 80, tenantName: "Tenant 80", plan: basic, idempotencyKey: key() });
    stand.pay(started.sessionId, "succeeds");
    const made = stand.events.slice(firstEvent);
    expect(made.map((e) => e.type)).toEqual(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]);
    expect(received).toEqual([]);
    expect(await stand.releaseEvents("reverse")).toEqual(["checkout.session.completed", "invoice.paid", "customer.subscription.created"]);
    const late = received.map(read);
    expect(late).toHaveLength(6);
    // In order and once each, signed now: the reference values.
    const now = unix();
    const inOrder = new Map(made.map((e) => [e.id as string, stripe.readEvent(JSON.stringify(e), stand.sign(JSON.stringify(e), now))]));
    for (const e of late) expect(e).toEqual(inOrder.get(e.eventId));
    expect(new Set(late.map((e) => e.eventId)).size).toBe(3);
    const [checkout] = late.filter((e) => e.kind === "checkout_paid");
    const [paid] = late.filter((e) => e.kind === "invoice_paid");
    expect([checkout!.tenantId, paid!.tenantId, checkout!.ids.subscription]).toEqual([80, 80, paid!.ids.subscription]);
  });
});
