import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { moyasarSettings, startMoyasarStandIn, tokenizeCard, type MoyasarStandIn } from "./kit/moyasar.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { waitFor } from "./kit/wait.js";

// Billing through the real interface: GraphQL with a tenant's key, the public plans, the Moyasar
// stand-in's 3-D Secure return and webhooks, the renewal pass on the moved service clock.

let server: TestServer;
let moyasar: MoyasarStandIn;
const DAY = 86_400_000;

async function gql(key: string, query: string, variables: Record<string, unknown> = {}) {
  const r = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return (await r.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}
const billing = (key: string) =>
  gql(key, "{ billing { state interval periodStart periodEnd graceUntil pendingPlan plan { name version } card { brand last4 } messages { used allowance } } }");
const checkout = (key: string, token: string, plan = "basic") =>
  gql(key, 'mutation($p: String!, $t: String!) { checkout(plan: $p, interval: "month", token: $t) { paymentId status redirectUrl amount } }', { p: plan, t: token });

beforeAll(async () => {
  moyasar = await startMoyasarStandIn();
  server = await startServer(moyasarSettings(moyasar));
  moyasar.webhookUrl = `${server.url}/billing/moyasar/webhook`;
  const db = server.app.deps.db;
  await runAdminCommand(db, "plan:create", {
    name: "basic",
    monthlyLimit: "3",
    maxAccounts: "2",
    priceMonthly: "10000",
    priceYearly: "100000",
    public: "true",
    requestsPerSecond: "1000",
    requestBurst: "1000",
  });
  await runAdminCommand(db, "plan:create", {
    name: "pro",
    monthlyLimit: "100",
    maxAccounts: "5",
    priceMonthly: "30000",
    priceYearly: "300000",
    public: "true",
    requestsPerSecond: "1000",
    requestBurst: "1000",
  });
  await runAdminCommand(db, "plan:create", { name: "hidden", monthlyLimit: "1", maxAccounts: "1", priceMonthly: "500" });
  await runAdminCommand(db, "pack:create", { name: "1k", messages: "1000", price: "5000" });
  server.app.deps.clock.freeze();
});
afterAll(async () => {
  await server?.close();
  await moyasar?.close();
});

describe("plans", () => {
  it("lists the public plans without a key, prices before VAT, VAT and total", async () => {
    const r = await fetch(`${server.url}/api/v1/plans`);
    expect(r.status).toBe(200);
    const body = (await r.json()) as {
      success: boolean;
      currency: string;
      vat_percent: number;
      plans: Array<{ name: string; monthly: { net: number; vat: number; total: number } }>;
    };
    expect(body).toMatchObject({ success: true, currency: "SAR", vat_percent: 15 });
    expect(body.plans.map((p) => p.name)).toEqual(["basic", "pro"]);
    expect(body.plans[0]!.monthly).toEqual({ net: 10000, vat: 1500, total: 11500 });
  });

  it("an edit is a new version, sold from then on", async () => {
    await runAdminCommand(server.app.deps.db, "plan:edit", { name: "pro", priceMonthly: "32000" });
    const body = (await (await fetch(`${server.url}/api/v1/plans`)).json()) as { plans: Array<{ name: string; version: number; monthly: { net: number } }> };
    expect(body.plans.find((p) => p.name === "pro")).toMatchObject({ version: 2, monthly: { net: 32000 } });
  });
});

describe("checkout, 3-D Secure, renewal and dunning", () => {
  it("a checkout goes through 3-D Secure, is applied once from the return and duplicated webhooks, and the tenant is active", async () => {
    const tenant = await server.seed.tenant({ ends: server.app.deps.clock.day() }).account().create();
    const token = await tokenizeCard(moyasar);
    const started = await checkout(tenant.key, token);
    expect(started.errors).toBeUndefined();
    expect(started.data.checkout).toMatchObject({ status: "initiated", amount: 11500 });
    const back = await moyasar.completeThreeDs(started.data.checkout.redirectUrl);
    expect(back).toContain("/billing/moyasar/callback?id=");
    const landed = await fetch(back, { redirect: "manual" });
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toContain("/console/#/billing?payment=paid");
    const after = await billing(tenant.key);
    expect(after.data.billing).toMatchObject({ state: "active", plan: { name: "basic" }, card: { brand: "mada", last4: "1010" } });
    // The webhook of the same payment, late and three times: nothing more happens.
    const payment = [...moyasar.payments.values()].at(-1)!;
    for (let i = 0; i < 3; i++) {
      const r = await fetch(moyasar.webhookUrl!, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(moyasar.webhookBody("payment_paid", payment, "evt-dup")),
      });
      expect(r.status).toBe(200);
    }
    expect(await server.app.deps.db.payment.count({ where: { tenantId: tenant.id, status: "paid" } })).toBe(1);
    expect((await billing(tenant.key)).data.billing.periodEnd).toBe(after.data.billing.periodEnd);
  });

  it("refuses a forged webhook", async () => {
    const payment = [...moyasar.payments.values()].at(-1)!;
    const forged = { ...moyasar.webhookBody("payment_paid", payment), secret_token: "not-the-secret-at-all" };
    const r = await fetch(moyasar.webhookUrl!, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(forged) });
    expect(r.status).toBe(401);
  });

  it("renews on the period's last day, and a failing card goes through dunning to 403 once the grace is over", async () => {
    const clock = server.app.deps.clock;
    const tenant = await server.seed.tenant({ ends: clock.day() }).create();
    const first = await checkout(tenant.key, await tokenizeCard(moyasar));
    await fetch(await moyasar.completeThreeDs(first.data.checkout.redirectUrl), { redirect: "manual" });
    const paid = (await billing(tenant.key)).data.billing;
    clock.advance((Date.parse(paid.periodEnd) - Date.parse(clock.day())) * 1 + DAY / 2);
    const renewed = await waitFor(
      () => billing(tenant.key),
      (b) => b.data?.billing.periodStart !== paid.periodStart,
    );
    expect(renewed.data.billing.state).toBe("active");
    expect(await server.app.deps.db.payment.count({ where: { tenantId: tenant.id, purpose: "renewal" } })).toBe(1);

    moyasar.declineAll = true;
    clock.advance(Date.parse(renewed.data.billing.periodEnd) - Date.parse(clock.day()));
    const pastDue = await waitFor(
      () => billing(tenant.key),
      (b) => b.data?.billing.state === "past_due",
    );
    expect(pastDue.data.billing.graceUntil).not.toBeNull();
    const balance = await server.client(tenant.key).get("/balance");
    expect(balance.status).toBe(200);
    clock.advance(9 * DAY);
    await waitFor(
      () => server.client(tenant.key).get("/balance"),
      (r) => r.status === 403,
    );
    const refused = await server.client(tenant.key).get("/balance");
    expect(refused.body.error.code).toBe("SUBSCRIPTION_EXPIRED");
  });
});

describe("top-up", () => {
  it("adds messages to this month: 429 before, 2xx after", async () => {
    const tenant = await server.seed.tenant({ ends: server.app.deps.clock.day() }).account().create();
    const started = await checkout(tenant.key, await tokenizeCard(moyasar));
    moyasar.declineAll = false;
    await fetch(await moyasar.completeThreeDs(started.data.checkout.redirectUrl), { redirect: "manual" });
    const c = server.client(tenant.key);
    for (let i = 0; i < 3; i++) expect((await c.post("/send", { to: "0551234567", message: `m${i}` })).status).toBe(200);
    const over = await c.post("/send", { to: "0551234567", message: "over" });
    expect(over.status).toBe(429);
    const pack = (await server.app.deps.db.topUpPack.findFirstOrThrow({ where: { name: "1k" } })).id;
    const bought = await gql(tenant.key, "mutation($p: ID!) { topUp(pack: $p) { status amount } }", { p: String(pack) });
    expect(bought.data.topUp).toEqual({ status: "paid", amount: 5750 });
    expect((await c.post("/send", { to: "0551234567", message: "after" })).status).toBe(200);
  });
});
