import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { startServer, type TestServer } from "./kit/server.js";
import { TestSmtpServer } from "./kit/smtp.js";
import { followLink, invite, staffSignIn } from "./kit/staff.js";
import { waitFor } from "./kit/wait.js";

// Invitations and password links reach the person by email, in the tenant's language, written in
// the transaction that makes the link: an invitation that is refused sends nothing. The link in
// the mail is the one the API answers with, and it works.

describe("links by email", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let n = 0;
  const address = (role: string) => `${role}.mail.${++n}@example.com`;
  const mailTo = (to: string) =>
    waitFor(
      () => smtp.mailsTo(to),
      (mails) => mails.length > 0,
    );
  const linkIn = (text: string) => /https?:\/\/\S+\/console\/#link=[A-Za-z0-9_-]+/.exec(text)?.[0];

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    server = await startServer({ SMTP_URL: smtp.url, CONSOLE_URL: "https://console.gateway.test" });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("mails an invitation in Arabic (the default) with the link the API answered, which works", async () => {
    const t = await server.seed.tenant().create();
    const to = address("agent");
    const invited = await invite(server, t.key, to, "agent");
    expect(invited.status).toBe(200);
    const [mail, ...more] = await mailTo(to);
    expect(more).toHaveLength(0);
    expect(invited.body.link).toMatch(/^https:\/\/console\.gateway\.test\/console\/#link=/);
    expect(linkIn(mail!.text)).toBe(invited.body.link);
    expect(mail!.subject).toMatch(/^دعوة للانضمام إلى /);
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.html).toContain("موظف خدمة العملاء");
    // The test's SMTP server is not the console: the mail's link is followed on this server.
    expect((await followLink(server, linkIn(mail!.text)!)).status).toBe(200);
    expect((await staffSignIn(server, to)).status).toBe(200);
  });

  it("mails a password link in English to a user of an English-speaking tenant", async () => {
    const t = await server.seed.tenant().create();
    await server.app.deps.db.tenant.update({ where: { id: t.id }, data: { locale: "en" } });
    const to = address("viewer");
    const first = await invite(server, t.key, to, "viewer");
    await mailTo(to);
    expect((await followLink(server, first.body.link)).status).toBe(200);
    const users = await server.client(t.key).get("/users");
    const id = users.body.users.find((u: { email: string }) => u.email === to).id;
    const reset = await server.client(t.key).post(`/users/${id}/password-link`, {});
    expect(reset.status).toBe(200);
    const mails = await waitFor(
      () => smtp.mailsTo(to),
      (m) => m.length === 2,
    );
    expect(mails[0]!.subject).toMatch(/^You are invited to /);
    expect(mails[1]!.subject).toMatch(/^A new password for /);
    expect(mails[1]!.html).toContain('dir="ltr"');
    expect(linkIn(mails[1]!.text)).toBe(reset.body.link);
    expect((await followLink(server, reset.body.link, "a brand new password")).status).toBe(200);
  });

  it("sends nothing for an invitation that is refused", async () => {
    const t = await server.seed.tenant().create();
    const to = address("owner");
    expect((await invite(server, t.key, to, "agent")).status).toBe(200);
    await mailTo(to);
    const again = await invite(server, t.key, to, "viewer");
    expect([again.status, again.body.error.code]).toEqual([409, "EMAIL_TAKEN"]);
    const rows = await server.app.deps.db.mailOutbox.findMany({ where: { toAddress: to } });
    expect(rows).toHaveLength(1);
  });

  it("the operator's CLI still prints the link, and mails it when CONSOLE_URL is set", async () => {
    const t = await server.seed.tenant().create();
    const to = address("cli");
    const made = (await runAdminCommand(
      server.app.deps.db,
      "user:create",
      { tenant: t.id, email: to, role: "owner" },
      {
        webhooks: { allowPrivateAddresses: false },
        housekeeping: { webhookRetentionDays: 30, auditRetentionDays: 400, messageRetentionDays: undefined },
        consoleUrl: "https://console.gateway.test",
      },
    )) as { link: string; note: string };
    expect(made.link).toMatch(/^https:\/\/console\.gateway\.test\/console\/#link=/);
    expect(made.note).toContain("emailed");
    const [mail] = await mailTo(to);
    expect(linkIn(mail!.text)).toBe(made.link);
  });
});
