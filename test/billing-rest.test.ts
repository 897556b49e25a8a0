import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { moyasarSettings, startMoyasarStandIn, tokenizeCard, type MoyasarStandIn } from "./kit/moyasar.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { waitFor } from "./kit/wait.js";

// Billing on the REST facade (GET /billing, POST /billing/checkout, /change-plan, /top-up) with the
// Moyasar stand-in: an upgrade charged prorated and raising the allowance at once, a downgrade at
// the period's end (and its 422), billing_url on 429 and 403, a suspended business paying its way
// back, and the stand-in's lost answer, late, reversed and duplicated webhooks.

let server: TestServer;
let moyasar: MoyasarStandIn;
const DAY = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

beforeAll(async () => {
  moyasar = await startMoyasarStandIn();
  server = await startServer(moyasarSettings(moyasar));
  moyasar.webhookUrl = `${server.url}/billing/moyasar/webhook`;
  const db = server.app.deps.db;
  const fast = { requestsPerSecond: "1000", requestBurst: "1000", public: "true" };
  await runAdminCommand(db, "plan:create", { name: "basic", monthlyLimit: "2", maxAccounts: "2", priceMonthly: "10000", priceYearly: "100000", ...fast });
  await runAdminCommand(db, "plan:create", { name: "pro", monthlyLimit: "100", maxAccounts: "5", priceMonthly: "40000", priceYearly: "400000", ...fast });
  await runAdminCommand(db, "pack:create", { name: "500", messages: "500", price: "2000" });
  server.app.deps.clock.freeze();
});
afterAll(async () => {
  await server?.close();
  await moyasar?.close();
});

/** A business that paid for `plan` by checkout through 3-D Secure, over REST. */
async function paidTenant(plan: string, accounts = 1) {
  let seed = server.seed.tenant({ ends: server.app.deps.clock.day() });
  for (let i = 0; i < accounts; i++) seed = seed.account();
  const tenant = await seed.create();
  const c = server.client(tenant.key);
  const started = await c.post("/billing/checkout", { plan, interval: "month", token: await tokenizeCard(moyasar) });
  expect(started.status).toBe(200);
  expect(started.body.status).toBe("initiated");
  await fetch(await moyasar.completeThreeDs(started.body.redirect_url), { redirect: "manual" });
  expect((await c.get("/billing")).body.billing.state).toBe("active");
  return { ...tenant, c };
}

describe("REST billing", () => {
  it("an upgrade is charged prorated for the days left and raises the allowance at once", async () => {
    const t = await paidTenant("basic");
    for (let i = 0; i < 2; i++) expect((await t.c.post("/send", { to: "0551234567", message: `m${i}` })).status).toBe(200);
    const over = await t.c.post("/send", { to: "0551234567", message: "over" });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("MONTHLY_LIMIT_REACHED");
    expect(over.body.billing_url).toBe(`${server.url}/console/#/billing`);

    server.app.deps.clock.advance(10 * DAY);
    const before = (await t.c.get("/billing")).body.billing;
    const today = server.app.deps.clock.day();
    const periodDays = days(before.period_start, before.period_end) + 1;
    const left = days(today, before.period_end) + 1;
    const net = Math.round(((40000 - 10000) * left) / periodDays);
    const up = await t.c.post("/billing/change-plan", { plan: "pro" });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ kind: "upgrade", effective_on: today, status: "paid" });
    const charged = await server.app.deps.db.payment.findUniqueOrThrow({ where: { id: up.body.payment_id } });
    expect({ net: charged.net, vat: charged.vat, amount: charged.amount }).toEqual({ net, vat: Math.round(net * 0.15), amount: net + Math.round(net * 0.15) });
    const after = (await t.c.get("/billing")).body.billing;
    expect(after).toMatchObject({ plan: { name: "pro" }, period_end: before.period_end, messages: { allowance: 100 } });
    expect((await t.c.post("/send", { to: "0551234567", message: "now it fits" })).status).toBe(200);
  });

  it("a downgrade is refused naming plan while too many numbers are connected, else waits for the period's end", async () => {
    const t = await paidTenant("pro", 3);
    const refused = await t.c.post("/billing/change-plan", { plan: "basic" });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.error.fields)).toEqual(["plan"]);
    expect((await t.c.get("/billing")).body.billing.pending_plan).toBeNull();

    const small = await paidTenant("pro", 1);
    const down = await small.c.post("/billing/change-plan", { plan: "basic" });
    expect(down.status).toBe(200);
    const held = (await small.c.get("/billing")).body.billing;
    expect(down.body).toMatchObject({ kind: "downgrade", payment_id: null });
    expect(days(held.period_end, down.body.effective_on)).toBe(1);
    expect(held).toMatchObject({ plan: { name: "pro" }, pending_plan: "basic" });
    const clock = server.app.deps.clock;
    clock.advance((days(clock.day(), held.period_end) + 1) * DAY);
    const renewed = await waitFor(
      () => small.c.get("/billing"),
      (r) => r.body.billing?.period_start === down.body.effective_on,
    );
    expect(renewed.body.billing).toMatchObject({ plan: { name: "basic" }, pending_plan: null, messages: { allowance: 2 } });
    const renewal = await server.app.deps.db.payment.findFirstOrThrow({ where: { tenantId: small.id, purpose: "renewal" } });
    expect(renewal.net).toBe(10000);
  });

  it("a top-up over REST adds its messages to this month", async () => {
    const t = await paidTenant("basic");
    const pack = (await server.app.deps.db.topUpPack.findFirstOrThrow({ where: { name: "500" } })).id;
    const bought = await t.c.post("/billing/top-up", { pack });
    expect(bought.body).toMatchObject({ status: "paid", amount: 2300 });
    expect((await t.c.get("/billing")).body.billing.messages.allowance).toBe(502);
    expect((await t.c.post("/billing/top-up", { pack: 999999 })).status).toBe(404);
  });

  it("an expired business reaches billing alone with billing:manage, pays, and is resumed at once", async () => {
    const clock = server.app.deps.clock;
    const tenant = await server.seed.tenant({ ends: clock.day() }).account().create();
    const c = server.client(tenant.key);
    const made = await c.post("/keys", { label: "reads", scopes: ["messages:send", "accounts:read"] });
    expect(made.status).toBe(200);
    const narrow = server.client(made.body.secret);
    clock.advance(DAY);
    const balance = await c.get("/balance");
    expect(balance.status).toBe(403);
    expect(balance.body).toMatchObject({ error: { code: "SUBSCRIPTION_EXPIRED" }, billing_url: `${server.url}/console/#/billing` });
    expect((await c.post("/send", { to: "0551234567", message: "no" })).status).toBe(403);
    expect((await c.get("/billing")).status).toBe(200);
    const gql = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${tenant.key}`, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ billing { state } balance { subscriptionEnds } }" }),
    });
    const gqlBody = (await gql.json()) as { errors: Array<{ path: string[]; extensions: { code: string } }> };
    expect(gqlBody.errors.map((e) => [e.path[0], e.extensions.code])).toEqual([["balance", "SUBSCRIPTION_EXPIRED"]]);
    // A key of the same business without billing:manage gets the 403 on billing too.
    const without = await narrow.get("/billing");
    expect(without.status).toBe(403);
    expect(without.body.error.code).toBe("SUBSCRIPTION_EXPIRED");

    const started = await c.post("/billing/checkout", { plan: "basic", interval: "month", token: await tokenizeCard(moyasar) });
    await fetch(await moyasar.completeThreeDs(started.body.redirect_url), { redirect: "manual" });
    expect((await c.get("/balance")).status).toBe(200);
    expect((await c.post("/send", { to: "0551234567", message: "back" })).status).toBe(200);
  });
});

describe("the stand-in's awkward ways", () => {
  it("an answer lost after the charge: the retry with the same given_id charges once", async () => {
    const t = await paidTenant("basic");
    const before = moyasar.charges();
    moyasar.loseNextAnswer();
    const up = await t.c.post("/billing/change-plan", { plan: "pro" });
    expect(up.status).toBe(200);
    expect(up.body.status).toBe("paid");
    expect(moyasar.charges() - before).toBe(1);
    expect(await server.app.deps.db.payment.count({ where: { tenantId: t.id, purpose: "upgrade" } })).toBe(1);
    expect((await t.c.get("/billing")).body.billing.plan.name).toBe("pro");
  });

  it("webhooks held, then delivered late, newest first and three times each, apply each payment once", async () => {
    const t = await paidTenant("basic");
    const pack = (await server.app.deps.db.topUpPack.findFirstOrThrow({ where: { name: "500" } })).id;
    moyasar.holdWebhooks = true;
    try {
      expect((await t.c.post("/billing/top-up", { pack })).body.status).toBe("paid");
      moyasar.declineAll = true;
      expect((await t.c.post("/billing/top-up", { pack })).status).toBe(402);
    } finally {
      moyasar.declineAll = false;
      moyasar.holdWebhooks = false;
    }
    const statuses = await moyasar.releaseWebhooks({ reverse: true, times: 3 });
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const payments = await server.app.deps.db.payment.findMany({ where: { tenantId: t.id, purpose: "top_up" }, orderBy: { id: "asc" } });
    expect(payments.map((p) => p.status)).toEqual(["paid", "failed"]);
    expect((await t.c.get("/billing")).body.billing.messages.allowance).toBe(502);
  });
});
