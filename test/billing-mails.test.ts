import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { moyasarSettings, startMoyasarStandIn, tokenizeCard, type MoyasarStandIn } from "./kit/moyasar.js";
import { TestSmtpServer } from "./kit/smtp.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { waitFor } from "./kit/wait.js";

// What billing writes and mails through the real interface: a tax invoice per paid charge with
// its receipt (the PDF attached), a credit note per refund made in the provider's dashboard
// (replayed webhooks change nothing), the dunning and suspension mails, and the reminders before a
// yearly renewal, each once, read from a real SMTP server.

let server: TestServer;
let moyasar: MoyasarStandIn;
let smtp: TestSmtpServer;
const DAY = 86_400_000;
let seq = 0;

beforeAll(async () => {
  moyasar = await startMoyasarStandIn();
  smtp = await TestSmtpServer.start();
  server = await startServer({ ...moyasarSettings(moyasar), SMTP_URL: smtp.url });
  moyasar.webhookUrl = `${server.url}/billing/moyasar/webhook`;
  const plan = { monthlyLimit: "100", maxAccounts: "2", priceMonthly: "10000", priceYearly: "100000", public: "true", requestsPerSecond: "1000", requestBurst: "1000" };
  await runAdminCommand(server.app.deps.db, "plan:create", { name: "basic", ...plan });
  server.app.deps.clock.freeze();
});
afterAll(async () => {
  await server?.close();
  await moyasar?.close();
  await smtp?.close();
});

/** A business with an owner who reads mail, in the language given. */
async function business(locale: "ar" | "en") {
  const tenant = await server.seed.tenant({ ends: server.app.deps.clock.day() }).create();
  const owner = `owner-${++seq}-${Date.now()}@billing.example.com`;
  await runAdminCommand(server.app.deps.db, "user:create", { tenant: tenant.id, email: owner, role: "owner" });
  await server.app.deps.db.tenant.update({ where: { id: tenant.id }, data: { locale } });
  return { ...tenant, owner };
}

async function pay(key: string, interval: "month" | "year" = "month") {
  const started = await server.client(key).post("/billing/checkout", { plan: "basic", interval, token: await tokenizeCard(moyasar) });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await fetch(await moyasar.completeThreeDs(started.body.redirect_url), { redirect: "manual" });
  return [...moyasar.payments.values()].at(-1)!;
}

const mails = (to: string, subject: RegExp) => smtp.mailsTo(to).filter((m) => subject.test(m.subject));
/**
 * Until no mail is in flight: a mail the SMTP server has received may not yet be marked sent, and
 * moving the service clock by a day then ends its lease, so the sender would claim it and send it
 * again. A test waits for this before it moves the clock.
 */
const noMailInFlight = () =>
  waitFor(
    () => server.app.deps.db.mailOutbox.count({ where: { status: "sending" } }),
    (n) => n === 0,
  );
const invoices = async (key: string) => (await server.client(key).get("/invoices")).body.invoices as Array<Record<string, any>>;

describe("invoices and receipts", () => {
  it("a paid checkout is one tax invoice of the amount charged, mailed once to the owner with its PDF", async () => {
    const t = await business("ar");
    const payment = await pay(t.key);
    const [invoice, ...more] = await invoices(t.key);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      kind: "invoice",
      subtotal_halalas: 10000,
      vat_halalas: 1500,
      total_halalas: 11500,
      payment_provider: "moyasar",
      payment_reference: payment.id,
    });
    expect(invoice!.lines).toEqual([
      expect.objectContaining({ quantity: 1, unit_halalas: 10000, description_en: expect.stringMatching(/^The basic plan \(monthly\), \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/) }),
    ]);

    // The same payment reported again, by webhook, three times: no second invoice, no second mail.
    for (let i = 0; i < 3; i++) {
      const r = await fetch(moyasar.webhookUrl!, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(moyasar.webhookBody("payment_paid", payment)),
      });
      expect(r.status).toBe(200);
    }
    const [receipt] = await waitFor(
      () => mails(t.owner, /^إيصال الدفع/),
      (m) => m.length > 0,
    );
    expect(receipt!.subject).toBe(`إيصال الدفع ${invoice!.number}`);
    expect(receipt!.html).toContain('dir="rtl"');
    expect(receipt!.text).toContain("115.00");
    expect(receipt!.attachments).toEqual([expect.objectContaining({ contentType: "application/pdf", filename: expect.stringContaining(invoice!.number) })]);
    expect(await invoices(t.key)).toHaveLength(1);
    expect(await server.app.deps.db.mailOutbox.count({ where: { tenantId: t.id, dedupeKey: { startsWith: "billing:receipt:" } } })).toBe(1);
  });

  it("refunds made in the provider's dashboard are credit notes of what each gave back; replays add none", async () => {
    const t = await business("en");
    const payment = await pay(t.key);
    const [invoice] = await invoices(t.key);
    moyasar.refundFromDashboard(payment.id, 5000);
    const afterFirst = await waitFor(
      () => invoices(t.key),
      (list) => list.length === 2,
    );
    expect(afterFirst[0]).toMatchObject({ kind: "credit_note", credit_for: invoice!.number, subtotal_halalas: 4348, vat_halalas: 652, total_halalas: 5000 });
    expect(afterFirst[0]!.number).toMatch(/^CRN-\d{4}-\d{6}$/);

    moyasar.refundFromDashboard(payment.id);
    const afterSecond = await waitFor(
      () => invoices(t.key),
      (list) => list.length === 3,
    );
    expect(afterSecond[0]).toMatchObject({ kind: "credit_note", credit_for: invoice!.number, total_halalas: 6500 });
    expect(afterSecond.filter((i) => i.kind === "credit_note").reduce((sum, i) => sum + i.total_halalas, 0)).toBe(invoice!.total_halalas);
    expect((await server.app.deps.db.payment.findFirstOrThrow({ where: { providerPaymentId: payment.id } })).status).toBe("refunded");

    // The refund's webhook again, late and out of order: nothing more is credited.
    for (const type of ["payment_refunded", "payment_paid", "payment_refunded"]) {
      const r = await fetch(moyasar.webhookUrl!, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(moyasar.webhookBody(type, payment)) });
      expect(r.status).toBe(200);
    }
    expect(await invoices(t.key)).toHaveLength(3);
    const notes = await waitFor(
      () => mails(t.owner, /^Credit note /),
      (m) => m.length === 2,
    );
    expect(notes.map((m) => m.subject).sort()).toEqual(
      afterSecond
        .filter((i) => i.kind === "credit_note")
        .map((i) => `Credit note ${i.number}`)
        .sort(),
    );
    expect(notes.every((m) => m.attachments.length === 1)).toBe(true);
  });
});

describe("dunning and reminders", () => {
  it("each failed renewal mails the owner once with the next try, and the suspension mails once", async () => {
    const clock = server.app.deps.clock;
    const t = await business("en");
    await pay(t.key);
    const paid = (await server.client(t.key).get("/billing")).body.billing;
    moyasar.declineAll = true;
    try {
      clock.advance(Date.parse(paid.period_end) - Date.parse(clock.day()) + DAY / 2);
      const [first] = await waitFor(
        () => mails(t.owner, /could not be renewed$/),
        (m) => m.length === 1,
      );
      expect(first!.text).toContain("(attempt 1)");
      expect(first!.text).toMatch(/We will try again on \d{4}-\d\d-\d\d\./);
      await noMailInFlight();
      clock.advance(DAY);
      const twice = await waitFor(
        () => mails(t.owner, /could not be renewed$/),
        (m) => m.length === 2,
      );
      expect(twice[1]!.text).toContain("(attempt 2)");
      await noMailInFlight();
      clock.advance(20 * DAY);
      const [suspended] = await waitFor(
        () => mails(t.owner, /subscription is suspended$/),
        (m) => m.length === 1,
      );
      expect(suspended!.text).toContain("Scheduled messages are kept");
      expect((await server.client(t.key).get("/balance")).body.error.code).toBe("SUBSCRIPTION_EXPIRED");
    } finally {
      moyasar.declineAll = false;
    }
  });

  it("a yearly renewal is announced 7 days and 1 day before, once each", async () => {
    const clock = server.app.deps.clock;
    const t = await business("ar");
    await pay(t.key, "year");
    const end = (await server.client(t.key).get("/billing")).body.billing.period_end as string;
    // Noon (UTC) of a day before the period's end, wherever earlier tests left the clock.
    const noonBefore = (days: number) => clock.advance(Date.parse(end) - days * DAY + DAY / 2 - clock.now().getTime());
    noonBefore(7);
    const [week] = await waitFor(
      () => mails(t.owner, /^يتجدد اشتراك/),
      (m) => m.length === 1,
    );
    expect(week!.subject).toContain("7 أيام");
    expect(week!.text).toContain("1150.00");
    await noMailInFlight();
    noonBefore(4);
    noonBefore(1);
    const both = await waitFor(
      () => mails(t.owner, /^يتجدد اشتراك/),
      (m) => m.length === 2,
    );
    expect(both[1]!.subject).toContain("يوم");
    expect(await server.app.deps.db.mailOutbox.count({ where: { tenantId: t.id, dedupeKey: { startsWith: "billing:reminder:" } } })).toBe(2);
  });
});
