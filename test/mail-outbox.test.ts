import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMail } from "../src/core/mail/mail-outbox-sql.js";
import { renderMail } from "../src/core/mail/render-mail.js";
import { issueInvoice, renderInvoicePdf } from "../src/features/invoices/index.js";
import { loopPassesAfter, metricValue, onPostgres, startServer, type TestServer } from "./kit/server.js";
import { TestSmtpServer } from "./kit/smtp.js";
import { waitFor } from "./kit/wait.js";

// The mail outbox end to end: mails enqueued as a feature does (enqueueMail on the server's own
// database), sent by the server's mail sender to a real SMTP server the test runs.

const RETRY_MS = 1_000;
const mailEnv = (smtp: TestSmtpServer) => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: "Gateway <no-reply@gateway.test>",
  MAIL_RETRY_BASE_MS: String(RETRY_MS),
  MAIL_RETRY_MAX_MS: String(RETRY_MS),
});

const mailRow = (server: TestServer, dedupeKey: string) => server.app.deps.db.mailOutbox.findUniqueOrThrow({ where: { dedupeKey } });

async function enqueue(server: TestServer, dedupeKey: string, to = `${dedupeKey.replace(/\W/g, "-")}@example.test`) {
  const mail = renderMail({ locale: "ar", subject: "مرحبا", heading: "أهلا بك", paragraphs: ["نص الرسالة"], action: { label: "افتح", url: "https://gateway.test/console/" } });
  return enqueueMail(server.app.deps.db, { to, dedupeKey, ...mail }, server.app.deps.clock.now());
}

describe("the mail outbox", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    server = await startServer(mailEnv(smtp));
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("sends a mail once, however often it is enqueued, as the caller rendered it", async () => {
    const sentBefore = await metricValue(server, 'gateway_mails_total{outcome="sent"}');
    expect(await enqueue(server, "welcome:1", "someone@example.test")).toBe(true);
    expect(await enqueue(server, "welcome:1", "someone@example.test")).toBe(false);
    await waitFor(
      () => mailRow(server, "welcome:1"),
      (row) => row.status === "sent",
    );
    await loopPassesAfter(server, "mail sender");
    const received = smtp.mailsTo("someone@example.test");
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: "no-reply@gateway.test", subject: "مرحبا" });
    expect(received[0]!.text).toContain("https://gateway.test/console/");
    expect(received[0]!.html).toContain('dir="rtl"');
    expect(received[0]!.html).toContain('lang="ar"');
    expect(await metricValue(server, 'gateway_mails_total{outcome="sent"}')).toBe(sentBefore + 1);
    expect(await server.app.deps.db.mailOutbox.count({ where: { dedupeKey: "welcome:1" } })).toBe(1);
  });

  it("attaches the invoice a mail names, as its PDF, rendered when it is sent", async () => {
    const { db, clock } = server.app.deps;
    const tenant = await server.seed.tenant().create();
    const invoice = await issueInvoice(db, {
      tenantId: tenant.id,
      kind: "invoice",
      lines: [{ descriptionAr: "باقة شهرية", descriptionEn: "Monthly plan", quantity: 1, unitHalalas: 10_000 }],
      payment: { provider: "moyasar", reference: "pay_mail_1" },
      at: clock.now(),
    });
    const mail = renderMail({ locale: "ar", subject: "إيصال", heading: "شكرا", paragraphs: ["الفاتورة مرفقة"] });
    await enqueueMail(db, { tenantId: tenant.id, to: "owner@example.test", dedupeKey: "receipt:1", attachInvoiceId: invoice.id, ...mail }, clock.now());
    await waitFor(
      () => mailRow(server, "receipt:1"),
      (row) => row.status === "sent",
    );
    const [received] = smtp.mailsTo("owner@example.test");
    expect(received?.attachments).toHaveLength(1);
    expect(received?.attachments[0]).toMatchObject({ filename: `${invoice.number}.pdf`, contentType: "application/pdf" });
    // The tenant's language (Arabic by default), byte for byte: the PDF is rendered from the stored invoice alone.
    expect(received?.attachments[0]?.size).toBe((await renderInvoicePdf(db, invoice.id, "ar")).length);
  });

  it("tries a mail again after a temporary refusal (4xx) and sends it once", async () => {
    smtp.refuseNext({ code: 451, message: "Try again later" });
    await enqueue(server, "greylisted:1");
    const refused = await waitFor(
      () => mailRow(server, "greylisted:1"),
      (row) => row.status === "pending" && row.attempts === 1,
    );
    expect(refused.responseCode).toBe(451);
    expect(smtp.mailsTo("greylisted-1@example.test")).toHaveLength(0);
    server.app.deps.clock.advance(RETRY_MS * 2);
    const sent = await waitFor(
      () => mailRow(server, "greylisted:1"),
      (row) => row.status === "sent",
    );
    expect(sent.attempts).toBe(2);
    await loopPassesAfter(server, "mail sender");
    expect(smtp.mailsTo("greylisted-1@example.test")).toHaveLength(1);
  });

  it("fails a mail for good when the server refuses it (5xx): visible in its row and the metrics, never tried again", async () => {
    const failedBefore = await metricValue(server, 'gateway_mails_total{outcome="failed"}');
    smtp.refuseNext({ code: 550, message: "No such user here" });
    await enqueue(server, "bounce:1");
    const failed = await waitFor(
      () => mailRow(server, "bounce:1"),
      (row) => row.status === "failed",
    );
    expect(failed).toMatchObject({ attempts: 1, responseCode: 550 });
    expect(failed.lastError).toContain("No such user here");
    expect(await metricValue(server, 'gateway_mails_total{outcome="failed"}')).toBe(failedBefore + 1);
    server.app.deps.clock.advance(RETRY_MS * 10);
    await loopPassesAfter(server, "mail sender");
    expect(await mailRow(server, "bounce:1")).toMatchObject({ status: "failed", attempts: 1 });
    expect(smtp.mailsTo("bounce-1@example.test")).toHaveLength(0);
  });

  it("keeps a mail while the SMTP server is down and sends it once when it is back", async () => {
    await smtp.down();
    await enqueue(server, "outage:1");
    const waiting = await waitFor(
      () => mailRow(server, "outage:1"),
      (row) => row.status === "pending" && row.attempts >= 1,
    );
    expect(waiting.responseCode).toBeNull();
    expect(waiting.lastError).toMatch(/ECONNECTION|ECONNREFUSED/);
    expect(await metricValue(server, "gateway_mails_pending")).toBeGreaterThanOrEqual(1);
    await smtp.resume();
    server.app.deps.clock.advance(RETRY_MS * 2);
    await waitFor(
      () => mailRow(server, "outage:1"),
      (row) => row.status === "sent",
    );
    await loopPassesAfter(server, "mail sender");
    expect(smtp.mailsTo("outage-1@example.test")).toHaveLength(1);
    expect(await metricValue(server, "gateway_mails_pending")).toBe(0);
  });
});

describe.runIf(onPostgres)("two mail senders on one PostgreSQL database", () => {
  let smtp: TestSmtpServer;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    a = await startServer({ ...mailEnv(smtp), MAIL_CONCURRENCY: "8" });
    b = await startServer({ ...mailEnv(smtp), MAIL_CONCURRENCY: "8", DATABASE_URL: a.databaseUrl! });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp?.close();
  });

  it("never both send one mail", async () => {
    const keys = Array.from({ length: 60 }, (_, i) => `race:${i}`);
    await Promise.all(keys.map((key, i) => enqueue(i % 2 ? a : b, key)));
    await waitFor(
      () => a.app.deps.db.mailOutbox.count({ where: { status: "sent" } }),
      (n) => n === keys.length,
    );
    await Promise.all([loopPassesAfter(a, "mail sender"), loopPassesAfter(b, "mail sender")]);
    expect(smtp.attempts).toBe(keys.length);
    expect(smtp.received).toHaveLength(keys.length);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(keys.length);
    const rows = await a.app.deps.db.mailOutbox.findMany({ select: { attempts: true } });
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });
});
