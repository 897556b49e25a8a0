import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startStripeStandIn, type StripeStandIn } from "./kit/stripe.js";
import { runAdminCommand, strictSettings } from "../src/features/admin/admin.js";
import { runRenewalPass } from "../src/features/billing/index.js";

// Stripe as the gateway's payment provider, through the real interface: REST and GraphQL with a
// tenant's key, the Stripe stand-in's hosted page, renewals, retries and refunds, and its signed
// webhooks into the gateway's /billing/stripe/webhook, delivered twice, held back and reordered.

let server: TestServer;
let stripe: StripeStandIn;
const DAY = 86_400_000;
const CONSOLE = "https://console.example.com";
let seq = 0;
let now = () => new Date();

beforeAll(async () => {
  stripe = await startStripeStandIn({ now: () => now() });
  server = await startServer({
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    CONSOLE_URL: CONSOLE,
    GRACE_DAYS: "7",
  });
  now = () => server.app.deps.clock.now();
  stripe.webhookUrl = `${server.url}/billing/stripe/webhook`;
  const db = server.app.deps.db;
  const limits = { maxAccounts: "2", public: "true", requestsPerSecond: "1000", requestBurst: "1000" };
  await runAdminCommand(db, "plan:create", { name: "basic", monthlyLimit: "3", priceMonthly: "10000", priceYearly: "100000", ...limits });
  await runAdminCommand(db, "plan:create", { name: "pro", monthlyLimit: "100", priceMonthly: "30000", priceYearly: "300000", ...limits });
  await runAdminCommand(db, "pack:create", { name: "1k", messages: "1000", price: "5000" });
  server.app.deps.clock.freeze();
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

async function gql(key: string, query: string, variables: Record<string, unknown> = {}) {
  const r = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return (await r.json()) as { data?: any; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}
const billing = async (key: string) =>
  (await gql(key, "{ billing { state periodStart periodEnd graceUntil pendingPlan provider renewedByProvider plan { name } card { last4 } messages { allowance } } }")).data
    .billing;

/** A business with an owner who reads its billing mail. */
async function business() {
  const tenant = await server.seed.tenant({ ends: server.app.deps.clock.day() }).create();
  await runAdminCommand(server.app.deps.db, "user:create", { tenant: tenant.id, email: `owner-${++seq}@stripe.example.com`, role: "owner" });
  return tenant;
}

const sessionOf = (redirectUrl: string) => /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(redirectUrl)![1]!;

/** Checkout through REST, paid on the stand-in's hosted page; answers Stripe's session. */
async function subscribe(key: string, plan = "basic") {
  const r = await server.client(key).post("/billing/checkout", { plan, interval: "month" });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body).toMatchObject({ success: true, status: "initiated", amount: plan === "basic" ? 11_500 : 34_500 });
  const id = sessionOf(r.body.redirect_url);
  expect(stripe.pay(id, "succeeds")).toBe(true);
  await stripe.delivered();
  return stripe.world.sessions.get(id)!;
}

const payments = (tenantId: number) => server.app.deps.db.payment.findMany({ where: { tenantId }, orderBy: { id: "asc" } });
const invoices = async (key: string) => (await server.client(key).get("/invoices")).body.invoices as Array<Record<string, any>>;
/** Moves the frozen service clock (and so Stripe's) to a second after `unix`. */
const moveTo = (unix: number) => server.app.deps.clock.advance(unix * 1000 + 1000 - server.app.deps.clock.now().getTime());
const periodEndOf = (subscriptionId: string): number => stripe.world.subscriptions.get(subscriptionId)!.items.data[0].current_period_end;

describe("checkout on Stripe's page", () => {
  it("starts the subscription Stripe renews; its events, each twice and in reverse order, apply once", async () => {
    const t = await business();
    stripe.deliveries = 2;
    stripe.holdEvents = true;
    const r = await server.client(t.key).post("/billing/checkout", { plan: "basic", interval: "month" });
    expect(r.status).toBe(200);
    const id = sessionOf(r.body.redirect_url);
    const session = stripe.world.sessions.get(id)!;
    expect(session.success_url).toBe(`${CONSOLE}/console/#/billing?payment=submitted&session_id={CHECKOUT_SESSION_ID}`);
    expect(session.expires_at - Math.floor(server.app.deps.clock.now().getTime() / 1000)).toBe(35 * 60);
    expect((await billing(t.key)).state).toBe("trial");
    expect(stripe.pay(id, "succeeds")).toBe(true);
    expect(await stripe.releaseEvents("reverse")).toEqual(["checkout.session.completed", "invoice.paid", "customer.subscription.created"]);
    stripe.deliveries = 1;
    stripe.holdEvents = false;

    expect(await billing(t.key)).toMatchObject({ state: "active", provider: "stripe", renewedByProvider: true, card: null, plan: { name: "basic" } });
    const [paid, ...more] = await payments(t.id);
    expect(more).toEqual([]);
    const invoice = [...stripe.world.invoices.values()].find((i) => i.parent.subscription_details.subscription === session.subscription)!;
    expect(paid).toMatchObject({ purpose: "checkout", status: "paid", amount: 11_500, net: 10_000, vat: 1_500, providerPaymentId: invoice.id });
    expect(paid!.providerIntentId).toBe(invoice.payments.data[0].payment.payment_intent);
    const [issued, ...others] = await invoices(t.key);
    expect(others).toEqual([]);
    expect(issued).toMatchObject({ kind: "invoice", total_halalas: 11_500, payment_provider: "stripe", payment_reference: invoice.id });
    const sub = await server.app.deps.db.subscription.findUniqueOrThrow({ where: { tenantId: t.id } });
    expect(sub).toMatchObject({ providerSubscriptionId: session.subscription, providerCustomerId: session.customer });
    expect(await server.app.deps.db.mailOutbox.count({ where: { tenantId: t.id, dedupeKey: { startsWith: `billing:receipt:${paid!.id}:` } } })).toBe(1);

    const again = await server.client(t.key).post("/billing/checkout", { plan: "pro", interval: "month" });
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.error.fields)).toEqual(["plan"]);
  });

  it("refuses an event without a signature, signed with another secret, or signed over five minutes ago, and records none", async () => {
    const before = await server.app.deps.db.providerEvent.count();
    const body = JSON.stringify({ ...stripe.events.at(-1), id: "evt_forged_1" });
    const t = Math.floor(server.app.deps.clock.now().getTime() / 1000);
    const post = (headers: Record<string, string>) => fetch(stripe.webhookUrl!, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    const signatures: Array<Record<string, string>> = [
      {},
      { "stripe-signature": stripe.sign(body, t, "whsec_not_the_endpoints") },
      { "stripe-signature": stripe.sign(body, t - 301) },
    ];
    for (const headers of signatures) {
      const r = await post(headers);
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe("BAD_SIGNATURE");
    }
    expect(await server.app.deps.db.providerEvent.count()).toBe(before);
  });
});

describe("renewals Stripe makes", () => {
  it("the gateway's renewal pass charges nothing; a declined renewal is past due with Stripe's next try mailed, and paid on the retry", async () => {
    const t = await business();
    const session = await subscribe(t.key);
    const first = await billing(t.key);
    moveTo(periodEndOf(session.subscription));
    expect(await runRenewalPass(server.app.deps)).toEqual({ renewed: 0, failed: 0, suspended: 0, skipped: 0 });
    expect(stripe.renew()).toContain(session.subscription);
    await stripe.delivered();
    const renewed = await billing(t.key);
    expect(renewed).toMatchObject({ state: "active", periodStart: server.app.deps.clock.day() });
    expect(renewed.periodStart > first.periodEnd).toBe(true);
    expect((await payments(t.id)).map((p) => [p.purpose, p.status, p.amount])).toEqual([
      ["checkout", "paid", 11_500],
      ["renewal", "paid", 11_500],
    ]);

    stripe.setCard(session.customer, "declines");
    moveTo(periodEndOf(session.subscription));
    stripe.renew();
    await stripe.delivered();
    const pastDue = await billing(t.key);
    expect(pastDue.state).toBe("past_due");
    const failedRow = (await payments(t.id)).at(-1)!;
    expect(failedRow).toMatchObject({ purpose: "renewal", status: "failed" });
    const nextTry = server.app.deps.clock.day(new Date(server.app.deps.clock.now().getTime() + 3 * DAY - 1000));
    const mail = await server.app.deps.db.mailOutbox.findFirstOrThrow({ where: { tenantId: t.id, dedupeKey: { startsWith: `billing:failed:${failedRow.id}:1:` } } });
    expect(mail.textBody).toContain(nextTry);
    // The tenant keeps working through the grace: seven days after its paid-through day.
    expect((await server.client(t.key).get("/balance")).status).toBe(200);

    stripe.setCard(session.customer, "succeeds");
    server.app.deps.clock.advance(3 * DAY);
    expect(stripe.retry()).toHaveLength(1);
    await stripe.delivered();
    expect(await billing(t.key)).toMatchObject({ state: "active", graceUntil: null });
    // The retried invoice is the same row, now paid; its invoice is the only one for it.
    const rows = await payments(t.id);
    expect(rows.map((p) => p.status)).toEqual(["paid", "paid", "paid"]);
    expect(rows.at(-1)!.id).toBe(failedRow.id);
    expect((await invoices(t.key)).filter((i) => i.payment_reference === failedRow.providerPaymentId)).toHaveLength(1);
  });

  it("when Stripe's retries run out it cancels, and the business is refused past its paid-through day", async () => {
    const t = await business();
    const session = await subscribe(t.key);
    stripe.setCard(session.customer, "declines");
    moveTo(periodEndOf(session.subscription));
    stripe.renew();
    await stripe.delivered();
    for (let i = 0; i < 3; i++) {
      server.app.deps.clock.advance(3 * DAY);
      stripe.retry();
      await stripe.delivered();
    }
    expect(stripe.world.subscriptions.get(session.subscription)!.status).toBe("canceled");
    expect(await billing(t.key)).toMatchObject({ state: "suspended", graceUntil: null });
    const refused = await server.client(t.key).get("/balance");
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("SUBSCRIPTION_EXPIRED");
    expect(await server.app.deps.db.mailOutbox.count({ where: { tenantId: t.id, dedupeKey: { startsWith: "billing:failed:" } } })).toBe(4);
    expect(await server.app.deps.db.mailOutbox.count({ where: { tenantId: t.id, dedupeKey: { startsWith: "billing:suspended:" } } })).toBe(1);
  });
});

describe("plan changes through Stripe", () => {
  it("an upgrade is what Stripe's proration charged, applied once; a downgrade waits for the renewal that bills the lower plan", async () => {
    const t = await business();
    const session = await subscribe(t.key);
    server.app.deps.clock.advance(10 * DAY);
    const up = await server.client(t.key).post("/billing/change-plan", { plan: "pro" });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ kind: "upgrade", status: "paid", effective_on: server.app.deps.clock.day() });
    await stripe.delivered();
    expect((await billing(t.key)).plan.name).toBe("pro");
    const proration = [...stripe.world.invoices.values()].find((i) => i.billing_reason === "subscription_update" && i.customer === session.customer)!;
    const upgrades = (await payments(t.id)).filter((p) => p.purpose === "upgrade");
    expect(upgrades.map((p) => [p.status, p.amount, p.providerPaymentId])).toEqual([["paid", proration.amount_paid, proration.id]]);
    const upgradeInvoice = (await invoices(t.key)).filter((i) => i.payment_reference === proration.id);
    expect(upgradeInvoice).toHaveLength(1);
    // 15 % VAT rounded to the halala reaches most totals from a whole net; one it skips is invoiced a halala lower.
    const reachable = Array.from({ length: 4 }, (_, k) => Math.floor((proration.amount_paid * 100) / 115) - 1 + k).some((n) => n + Math.round(n * 0.15) === proration.amount_paid);
    expect(proration.amount_paid - upgradeInvoice[0]!.total_halalas).toBe(reachable ? 0 : 1);

    const down = await server.client(t.key).post("/billing/change-plan", { plan: "basic" });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    const held = await billing(t.key);
    expect(held).toMatchObject({ plan: { name: "pro" }, pendingPlan: "basic" });
    expect(down.body).toMatchObject({ kind: "downgrade", payment_id: null });
    moveTo(periodEndOf(session.subscription));
    stripe.renew();
    await stripe.delivered();
    expect(await billing(t.key)).toMatchObject({ plan: { name: "basic" }, pendingPlan: null, state: "active" });
    expect((await payments(t.id)).at(-1)).toMatchObject({ purpose: "renewal", amount: 11_500, status: "paid" });
  });
});

describe("top-ups through Stripe", () => {
  it("a pack is paid on Stripe's page; its refund is a credit note, answered 409 while the payment is not known yet", async () => {
    const t = await business();
    await subscribe(t.key);
    const allowance = (await billing(t.key)).messages.allowance;
    const pack = (await server.app.deps.db.topUpPack.findFirstOrThrow({ where: { name: "1k" } })).id;
    const bought = await server.client(t.key).post("/billing/top-up", { pack });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body).toMatchObject({ status: "initiated", amount: 5_750 });
    const id = sessionOf(bought.body.redirect_url);
    stripe.holdEvents = true;
    expect(stripe.pay(id, "succeeds")).toBe(true);
    const session = stripe.world.sessions.get(id)!;
    stripe.world.refund({ payment_intent: session.payment_intent, amount: "2000" });
    const refunded = stripe.events.find((e) => e.type === "charge.refunded" && e.data.object.payment_intent === session.payment_intent)!;
    const deliver = () => {
      const body = JSON.stringify(refunded);
      const signature = stripe.sign(body, Math.floor(server.app.deps.clock.now().getTime() / 1000));
      return fetch(stripe.webhookUrl!, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body });
    };
    // The refund arrives before the payment it refunds: 409, and not recorded, so Stripe's retry can apply it.
    const early = await deliver();
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe("NOT_YET_KNOWN");
    expect(await stripe.releaseEvents("reverse")).toEqual(["charge.refunded", "checkout.session.completed"]);
    stripe.holdEvents = false;
    expect((await billing(t.key)).messages.allowance).toBe(allowance + 1000);
    expect((await invoices(t.key)).filter((i) => i.kind === "credit_note")).toEqual([]);
    expect(await server.app.deps.db.providerEvent.count({ where: { eventId: refunded.id } })).toBe(0);

    // Stripe sends the refused event again: now it is a credit note of what was refunded.
    expect((await deliver()).status).toBe(200);
    expect((await deliver()).status).toBe(200);
    const notes = (await invoices(t.key)).filter((i) => i.kind === "credit_note");
    expect(notes.map((n) => n.total_halalas)).toEqual([2_000]);
    const topUp = (await payments(t.id)).find((p) => p.purpose === "top_up")!;
    expect(topUp).toMatchObject({ status: "paid", providerPaymentId: id, providerIntentId: session.payment_intent });
  });
});

describe("an operator's refund through Stripe", () => {
  it("refunds part of a subscription's invoice once however often it is asked, and its credit note follows charge.refunded", async () => {
    const t = await business();
    await subscribe(t.key);
    const [invoice] = await invoices(t.key);
    const settings = { services: { config: server.app.deps.config, clock: server.app.deps.clock, urls: server.app.deps.urls } };
    const refund = () => runAdminCommand(server.app.deps.db, "invoice:refund", { invoice: invoice!.number, amount: "3000" }, { ...strictSettings, ...settings });
    // The stand-in's refunds of this file so far (the top-up's among them); this test's come after.
    const earlier = stripe.world.refunds.size;
    const made = () => [...stripe.world.refunds.values()].slice(earlier).map((r) => r.amount);
    // Asked twice before Stripe's event is heard (a click sent twice): the same idempotency key, one refund.
    const [first, second] = [await refund(), await refund()];
    expect(first).toEqual({ invoice: invoice!.number, requested: 3000, status: "succeeded", creditNote: "follows Stripe's charge.refunded event" });
    expect(second).toEqual(first);
    expect(made()).toEqual([3000]);
    await stripe.delivered();
    const notes = (await invoices(t.key)).filter((i) => i.kind === "credit_note");
    expect(notes.map((n) => [n.total_halalas, n.credit_for])).toEqual([[3000, invoice!.number]]);
    // Once credited, the next refund is another one: of what is left at most.
    expect(await refund()).toMatchObject({ requested: 3000, status: "succeeded" });
    expect(made()).toEqual([3000, 3000]);
  });
});
