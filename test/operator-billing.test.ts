import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { moyasarSettings, payingBusiness, startMoyasarStandIn, type MoyasarStandIn } from "./kit/moyasar.js";
import { asCommandLine, asOperator, newOperator, signedIn } from "./kit/operators.js";
import { addDays } from "../src/core/clock.js";
import { PASSWORD_HASHES_MS } from "./kit/limits.js";

// The operator's money commands on a business (docs/operators.md, "Money"): a refund through the
// provider that took the payment (Moyasar's stand-in) with its credit note, a plan given without a
// charge, a trial given more days; a support operator may run none of them; and the business's own
// audit log names the operator who changed it.

let server: TestServer;
let moyasar: MoyasarStandIn;
let finance: string;
let support: string;
let operator: string;

beforeAll(async () => {
  moyasar = await startMoyasarStandIn();
  server = await startServer(moyasarSettings(moyasar));
  moyasar.webhookUrl = `${server.url}/billing/moyasar/webhook`;
  const plan = { monthlyLimit: "100", maxAccounts: "1", priceMonthly: "10000", priceYearly: "100000", public: "true" };
  expect((await asCommandLine(server, "plan:create", { name: "basic", ...plan })).status).toBe(200);
  expect((await asCommandLine(server, "plan:create", { name: "pro", ...plan, maxAccounts: "5", monthlyLimit: "5000" })).status).toBe(200);
  expect((await asCommandLine(server, "plan:create", { name: "tiny", ...plan, maxAccounts: "0" })).status).toBe(200);
  const made = async (role: string) => {
    const email = `${role}@money.example`;
    return signedIn(server, email, await newOperator(server, email, role));
  };
  finance = await made("finance");
  support = await made("support");
  operator = await made("operator");
}, PASSWORD_HASHES_MS);
afterAll(async () => {
  await server?.close();
  await moyasar?.close();
});

const invoicesOf = async (key: string) => (await server.client(key).get("/invoices")).body.invoices as Array<Record<string, any>>;

describe("refunds", () => {
  it("a finance operator refunds part and then the rest of an invoice: each a credit note, the provider's webhook adding none", async () => {
    const t = await payingBusiness(server, moyasar);
    expect(t.invoice).toMatchObject({ kind: "invoice", total_halalas: 11500 });

    const refused = await asOperator(server, support, "invoice:refund", { invoice: t.invoice.number, amount: 5000 });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "INSUFFICIENT_SCOPE" } } });
    expect(moyasar.payments.get(t.payment.id)!.refunded).toBe(0);

    const part = await asOperator(server, finance, "invoice:refund", { invoice: t.invoice.number, amount: 5000 });
    expect(part).toEqual({ status: 200, body: { success: true, result: { invoice: t.invoice.number, requested: 5000, refundedSoFar: 5000, creditNoteIssued: true } } });
    expect(moyasar.payments.get(t.payment.id)!.refunded).toBe(5000);
    // The stand-in's payment_refunded webhook races the refund's answer (it may come first, under
    // load): one credit note either way, and the answer says it is there.
    const afterFirst = await invoicesOf(t.key);
    expect(afterFirst.map((i) => [i.kind, i.total_halalas, i.credit_for ?? null])).toEqual([
      ["credit_note", 5000, t.invoice.number],
      ["invoice", 11500, null],
    ]);
    await postWebhookAgain(t.payment.id, "payment_refunded");
    expect(await invoicesOf(t.key)).toHaveLength(2);

    const tooMuch = await asOperator(server, finance, "invoice:refund", { invoice: t.invoice.number, amount: 6501 });
    expect(tooMuch).toMatchObject({ status: 422, body: { error: { code: "VALIDATION_ERROR", fields: { amount: "must be at most what is left to refund, 6500 halalas" } } } });
    // This time the webhook is handled before the refund's answer comes back: it issues the credit note.
    moyasar.webhookBeforeAnswer = true;
    const rest = await asOperator(server, finance, "invoice:refund", { invoice: t.invoice.number.toLowerCase() });
    moyasar.webhookBeforeAnswer = false;
    expect(rest.body.result).toEqual({ invoice: t.invoice.number, requested: 6500, refundedSoFar: 11500, creditNoteIssued: true });
    const notes = (await invoicesOf(t.key)).filter((i) => i.kind === "credit_note");
    expect(notes.map((n) => n.total_halalas)).toEqual([6500, 5000]);
    expect((await server.app.deps.db.payment.findFirstOrThrow({ where: { providerPaymentId: t.payment.id } })).status).toBe("refunded");
    const again = await asOperator(server, finance, "invoice:refund", { invoice: t.invoice.number });
    expect(again).toMatchObject({ status: 422, body: { error: { fields: { invoice: "is refunded in full already" } } } });

    const chain = await server.app.deps.db.operatorAuditEvent.findMany({ where: { action: "command.invoice:refund" }, orderBy: { id: "asc" } });
    expect(chain.map((e) => [e.actorName, e.after])).toEqual([
      ["finance@money.example", { invoice: t.invoice.number, amount: 5000 }],
      ["finance@money.example", { invoice: t.invoice.number.toLowerCase() }],
    ]);
  });

  it("refuses what is not a paid invoice's number, changing nothing", async () => {
    const t = await payingBusiness(server, moyasar);
    const [notes] = [(await invoicesOf(t.key)).length];
    for (const [args, status, fields] of [
      [{ invoice: "nope" }, 422, { invoice: "must be an invoice's number, such as INV-2026-000123" }],
      [{ invoice: t.invoice.number, amount: "0" }, 422, { amount: "must be at least 1 halala" }],
      [{ invoice: t.invoice.number, amount: "12.5" }, 422, { amount: "must be whole halalas" }],
      [{}, 422, { invoice: expect.any(String) }],
    ] as const) {
      const r = await asOperator(server, finance, "invoice:refund", args);
      expect(r, JSON.stringify(args)).toMatchObject({ status, body: { error: { code: "VALIDATION_ERROR", fields } } });
    }
    expect(await asOperator(server, finance, "invoice:refund", { invoice: "INV-2001-999999" })).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
    // From another business's card, this invoice is one that business does not have.
    const other = await server.seed.tenant().create();
    expect(await asOperator(server, finance, "invoice:refund", { invoice: t.invoice.number, tenant: other.id })).toMatchObject({ status: 404 });
    expect(await invoicesOf(t.key)).toHaveLength(notes);
    expect(moyasar.payments.get(t.payment.id)!.refunded).toBe(0);
  });
});

async function postWebhookAgain(paymentId: string, type: string) {
  const r = await fetch(moyasar.webhookUrl!, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(moyasar.webhookBody(type, moyasar.payments.get(paymentId)!)),
  });
  expect(r.status).toBe(200);
}

describe("plans and trials", () => {
  it("a plan given without a charge shows on the business's billing at once; one it outgrows or does not exist is refused", async () => {
    const t = await server.seed.tenant({ ends: server.app.deps.clock.day() }).account().create();
    expect(await asOperator(server, support, "tenant:plan", { tenant: t.id, plan: "pro" })).toMatchObject({ status: 403 });
    const given = await asOperator(server, finance, "tenant:plan", { tenant: t.id, plan: "pro" });
    expect(given).toMatchObject({ status: 200, body: { result: { tenant: t.id, plan: "pro", version: 1 } } });
    const billing = (await server.client(t.key).get("/billing")).body.billing;
    expect(billing.plan).toMatchObject({ name: "pro" });
    expect(billing.numbers).toEqual({ used: 1, allowance: 5 });
    expect(await asOperator(server, finance, "tenant:plan", { tenant: t.id, plan: "tiny" })).toMatchObject({
      status: 422,
      body: { error: { fields: { plan: "allows 0 connected numbers and 1 are connected" } } },
    });
    expect(await asOperator(server, finance, "tenant:plan", { tenant: t.id, plan: "gold" })).toMatchObject({
      status: 422,
      body: { error: { fields: { plan: expect.any(String) } } },
    });
    expect(await asOperator(server, finance, "tenant:plan", { tenant: t.id, plan: "pro" })).toMatchObject({
      status: 422,
      body: { error: { fields: { plan: "is the plan the business already has" } } },
    });
    expect((await server.client(t.key).get("/billing")).body.billing.plan).toMatchObject({ name: "pro" });
    // A business nobody has, for each command that names one.
    for (const [command, args] of [
      ["tenant:plan", { plan: "pro" }],
      ["tenant:extend-trial", { until: "2099-01-01" }],
    ] as const) {
      expect(await asOperator(server, finance, command, { tenant: 999_999, ...args }), command).toMatchObject({
        status: 404,
        body: { error: { code: "NOT_FOUND", message: "Tenant not found." } },
      });
    }
  });

  it("a trial given more days runs to that day; a day before its end, a paid business or a year away is refused", async () => {
    const clock = server.app.deps.clock;
    const t = await server.seed.tenant({ ends: clock.day() }).create();
    const before = (await server.client(t.key).get("/billing")).body.billing;
    expect(before.state).toBe("trial");
    const until = addDays(clock.day(), 20);
    expect(await asOperator(server, support, "tenant:extend-trial", { tenant: t.id, until })).toMatchObject({ status: 403 });
    const extended = await asOperator(server, finance, "tenant:extend-trial", { tenant: t.id, until });
    expect(extended).toMatchObject({ status: 200, body: { result: { tenant: t.id, trialEnds: until, was: before.period_end } } });
    const after = (await server.client(t.key).get("/billing")).body.billing;
    expect([after.state, after.period_end, after.days_left]).toEqual(["trial", until, 21]);
    expect((await server.app.deps.db.tenant.findUniqueOrThrow({ where: { id: t.id } })).subscriptionEndsOn.toISOString().slice(0, 10)).toBe(until);

    expect(await asOperator(server, finance, "tenant:extend-trial", { tenant: t.id, until: addDays(clock.day(), 5) })).toMatchObject({
      status: 422,
      body: { error: { fields: { until: `must be after the trial's last day, ${until}` } } },
    });
    expect(await asOperator(server, finance, "tenant:extend-trial", { tenant: t.id, until: addDays(clock.day(), 400) })).toMatchObject({
      status: 422,
      body: { error: { fields: { until: expect.any(String) } } },
    });
    expect(await asOperator(server, finance, "tenant:extend-trial", { tenant: t.id, until: "2026-02-30" })).toMatchObject({
      status: 422,
      body: { error: { fields: { until: "must be a real date" } } },
    });
    const paid = await payingBusiness(server, moyasar);
    expect(await asOperator(server, finance, "tenant:extend-trial", { tenant: paid.id, until })).toMatchObject({
      status: 422,
      body: { error: { fields: { tenant: "is not on a trial (its subscription is active)" } } },
    });
    expect((await server.client(t.key).get("/billing")).body.billing.period_end).toBe(until);
  });
});

describe("the business's own audit log", () => {
  it("names the operator who changed the business, or the command line", async () => {
    const t = await server.seed.tenant().create();
    expect((await asOperator(server, operator, "key:create", { tenant: t.id, label: "from the console" })).status).toBe(200);
    expect((await asCommandLine(server, "key:create", { tenant: t.id, label: "from the command line" })).status).toBe(200);
    // The seed's own key is made in-process, by neither: the two after it are the ones asked.
    const events = await server.app.deps.db.auditEvent.findMany({ where: { tenantId: t.id, action: "key.created", actorKind: { not: "admin" } }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.actorKind, e.actorName, e.actorLabel])).toEqual([
      ["operator", "operator@money.example", "operator"],
      ["cli", "cli", null],
    ]);
  });
});
