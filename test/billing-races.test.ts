import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres, startServer, type TestServer } from "./kit/server.js";
import { moyasarSettings, startMoyasarStandIn, tokenizeCard, type MoyasarStandIn } from "./kit/moyasar.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { runRenewalPass } from "../src/features/billing/index.js";

// Billing's races, on PostgreSQL where transactions really contend: upgrades asked at once, an
// upgrade racing the renewal pass, and one payment's webhooks and 3-D Secure return arriving
// together. Each ends with one charge per thing paid for, one plan, one invoice per charge.

let server: TestServer;
let moyasar: MoyasarStandIn;
const DAY = 86_400_000;

describe.runIf(onPostgres)("billing races on PostgreSQL", () => {
  beforeAll(async () => {
    moyasar = await startMoyasarStandIn();
    // No pass of its own: the test runs the renewal pass where it races.
    server = await startServer({ ...moyasarSettings(moyasar), BILLING_INTERVAL_SECONDS: "3600" });
    moyasar.webhookUrl = `${server.url}/billing/moyasar/webhook`;
    const fast = { requestsPerSecond: "1000", requestBurst: "1000", public: "true" };
    await runAdminCommand(server.app.deps.db, "plan:create", { name: "basic", monthlyLimit: "10", maxAccounts: "2", priceMonthly: "10000", priceYearly: "100000", ...fast });
    await runAdminCommand(server.app.deps.db, "plan:create", { name: "pro", monthlyLimit: "100", maxAccounts: "5", priceMonthly: "40000", priceYearly: "400000", ...fast });
    server.app.deps.clock.freeze();
  });
  afterAll(async () => {
    await server?.close();
    await moyasar?.close();
  });

  /** A business that paid for basic, its checkout's 3-D Secure still open unless `finish`. */
  async function checkedOut(finish = true) {
    const tenant = await server.seed.tenant({ ends: server.app.deps.clock.day() }).create();
    await runAdminCommand(server.app.deps.db, "user:create", { tenant: tenant.id, email: `owner-${tenant.id}@races.example.com`, role: "owner" });
    const c = server.client(tenant.key);
    const started = await c.post("/billing/checkout", { plan: "basic", interval: "month", token: await tokenizeCard(moyasar) });
    expect(started.status).toBe(200);
    const back = finish ? undefined : await moyasar.completeThreeDs(started.body.redirect_url);
    if (finish) await fetch(await moyasar.completeThreeDs(started.body.redirect_url), { redirect: "manual" });
    return { ...tenant, c, back: back ?? "" };
  }

  /** Every paid payment of the tenant has exactly one invoice, and the provider charged exactly those. */
  async function oneInvoicePerCharge(tenantId: number) {
    const db = server.app.deps.db;
    const paid = await db.payment.findMany({ where: { tenantId, status: "paid" } });
    const invoices = await db.invoice.findMany({ where: { tenantId, kind: "invoice" } });
    expect(invoices.map((i) => i.paymentReference).sort()).toEqual(paid.map((p) => p.providerPaymentId).sort());
    const charged = [...moyasar.payments.values()].filter((p) => paid.some((row) => row.givenId === p.given_id) && p.status === "paid");
    expect(charged).toHaveLength(paid.length);
    return paid;
  }

  it("eight upgrades at once: one charge, one plan", async () => {
    const t = await checkedOut();
    const chargesBefore = moyasar.charges();
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.c.post("/billing/change-plan", { plan: "pro" })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others: the first still being charged (409), or the plan already held by the time they read it (422).
    for (const a of answers.filter((x) => x.status !== 200)) expect(["PAYMENT_IN_PROGRESS", "VALIDATION_ERROR"]).toContain(a.body.error.code);
    expect(moyasar.charges() - chargesBefore).toBe(1);
    expect((await t.c.get("/billing")).body.billing.plan.name).toBe("pro");
    const paid = await oneInvoicePerCharge(t.id);
    expect(paid.map((p) => p.purpose).sort()).toEqual(["checkout", "upgrade"]);
  });

  it("an upgrade racing the renewal pass: each period and upgrade charged at most once, one plan in the end", async () => {
    const clock = server.app.deps.clock;
    const t = await checkedOut();
    const paid = (await t.c.get("/billing")).body.billing;
    clock.advance(Date.parse(paid.period_end) - clock.now().getTime() + DAY / 2);
    const [upgrade] = await Promise.all([t.c.post("/billing/change-plan", { plan: "pro" }), runRenewalPass(server.app.deps, 4)]);
    expect([200, 409]).toContain(upgrade.status);
    const payments = await oneInvoicePerCharge(t.id);
    expect(payments.filter((p) => p.purpose === "renewal")).toHaveLength(1);
    expect(payments.filter((p) => p.purpose === "upgrade")).toHaveLength(upgrade.status === 200 ? 1 : 0);
    const after = (await t.c.get("/billing")).body.billing;
    expect(after.period_start > paid.period_end).toBe(true);
    expect(after.plan.name).toBe(upgrade.status === 200 ? "pro" : "basic");
  });

  it("one payment's webhooks and its 3-D Secure return, all at once: applied once, one invoice, one receipt", async () => {
    const t = await checkedOut(false);
    const payment = [...moyasar.payments.values()].at(-1)!;
    expect(payment.status).toBe("paid");
    const hook = () =>
      fetch(moyasar.webhookUrl!, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(moyasar.webhookBody("payment_paid", payment)) });
    const answers = await Promise.all([...Array.from({ length: 10 }, hook), fetch(t.back, { redirect: "manual" })]);
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(10).fill(200), 302]);
    const db = server.app.deps.db;
    await oneInvoicePerCharge(t.id);
    expect(await db.invoice.count({ where: { tenantId: t.id } })).toBe(1);
    expect(await db.mailOutbox.count({ where: { tenantId: t.id, dedupeKey: { startsWith: "billing:receipt:" } } })).toBe(1);
    expect((await t.c.get("/billing")).body.billing.state).toBe("active");
  });
});
