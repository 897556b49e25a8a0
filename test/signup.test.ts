import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/core/config.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { onPostgres, startServer, type TestServer } from "./kit/server.js";
import { TestSmtpServer } from "./kit/smtp.js";
import { csrf, graphqlAs, staffSignIn } from "./kit/staff.js";
import { waitFor } from "./kit/wait.js";

// A business opens an account by itself: over the wire (REST and GraphQL, no key), the mail read
// from a real SMTP server, the link followed, the account then allowed to send. The same answer
// whether or not the address is taken; nothing made by a refused or repeated sign-up.

const PASSWORD = "a long unguessable sign-up phrase";
const HOUR = 3_600_000;
let n = 0;
let lastAddress = 0;
const email = (who = "owner") => `${who}.signup.${++n}@shop${n}.example`;
/** A client address of its own per call, so the per-address throttle counts only what a test means it to. */
const nextAddress = () => `198.51.100.${(++lastAddress % 250) + 1}`;

async function signUp(server: TestServer, body: Record<string, unknown>, address = nextAddress()) {
  const res = await fetch(`${server.url}/api/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function verify(server: TestServer, token: string) {
  const res = await fetch(`${server.url}/api/v1/signup/verify`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
  return { status: res.status, body: await res.json() };
}

const form = (to: string, extra: Record<string, unknown> = {}) => ({ email: to, password: PASSWORD, business_name: `Shop ${n}`, locale: "ar", ...extra });
const tokenIn = (text: string) => /https:\/\/console\.gateway\.test\/console\/#verify=([A-Za-z0-9_-]+)/.exec(text)?.[1];

const baseEnv = { CONSOLE_URL: "https://console.gateway.test", TRUSTED_PROXIES: "127.0.0.1/32,::1", TRIAL_PLAN: "Trial" };

describe("sign-up, open", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  // The outbox stores a mail as sent only after the SMTP server has it: a test that moved the clock
  // a day on in between would see the mail's lease run out and the mail sent a second time.
  const mailsTo = async (to: string, count = 1) => {
    const mails = await waitFor(
      () => smtp.mailsTo(to),
      (m) => m.length >= count,
    );
    await waitFor(
      () => server.app.deps.db.mailOutbox.count({ where: { toAddress: to, status: { in: ["pending", "sending"] } } }),
      (open) => open === 0,
    );
    return mails;
  };
  const tenants = () => server.app.deps.db.tenant.count();

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    server = await startServer({ ...baseEnv, SMTP_URL: smtp.url, SIGNUP: "open" });
    await runAdminCommand(server.app.deps.db, "plan:create", { name: "Trial", monthlyLimit: 1000, maxAccounts: 1 });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("makes the tenant on the trial plan and its owner; sends are refused until the mailed link is followed, once", async () => {
    const to = email();
    const answer = await signUp(server, form(to, { vat_number: "310123456700003" }));
    expect(answer.status).toBe(202);
    expect(answer.body.success).toBe(true);
    const [mail] = await mailsTo(to);
    expect(mail!.subject).toMatch(/^أكّد بريدك الإلكتروني/);
    expect(mail!.html).toContain('dir="rtl"');
    const token = tokenIn(mail!.text)!;
    expect(token).toBeDefined();

    const owner = await server.app.deps.db.staffUser.findUniqueOrThrow({ where: { email: to }, include: { tenant: { include: { plan: true } } } });
    expect([owner.role, owner.tenant.plan.name, owner.tenant.vatNumber, owner.tenant.locale, owner.tenant.emailVerifiedAt]).toEqual([
      "owner",
      "Trial",
      "310123456700003",
      "ar",
      null,
    ]);
    const today = server.app.deps.clock.day();
    const ends = new Date(`${today}T00:00:00Z`);
    ends.setUTCDate(ends.getUTCDate() + 14);
    expect(owner.tenant.subscriptionEndsOn.toISOString().slice(0, 10)).toBe(ends.toISOString().slice(0, 10));
    const audit = await server.app.deps.db.auditEvent.findMany({ where: { tenantId: owner.tenantId, action: "tenant.signed_up" } });
    expect(audit).toHaveLength(1);

    // Signed in (unverified sign-in works), the console's sends are refused; so are a key's.
    const signedIn = await staffSignIn(server, to, PASSWORD);
    expect(signedIn.status).toBe(200);
    const viaConsole = await graphqlAs(server, signedIn.cookie, 'mutation { sendMessage(input: {to: "0501234567", text: "hi"}) { message { id } } }');
    expect(viaConsole.body.errors[0].extensions.code).toBe("EMAIL_NOT_VERIFIED");
    const { key } = (await runAdminCommand(server.app.deps.db, "key:create", { tenant: owner.tenantId, label: "first" })) as { key: string };
    await runAdminCommand(server.app.deps.db, "account:create", {
      tenant: owner.tenantId,
      phone: "966551112233",
      name: "main",
      dailyLimit: 100,
      monthlyLimit: 1000,
      status: "connected",
      minIntervalMs: 0,
      jitterMs: 0,
      warmUp: "false",
    });
    const refused = await server.client(key).post("/send", { to: "0501234567", message: "hi" });
    expect([refused.status, refused.body.error.code]).toEqual([403, "EMAIL_NOT_VERIFIED"]);
    expect(await server.app.deps.db.message.count({ where: { tenantId: owner.tenantId } })).toBe(0);

    const followed = await verify(server, token);
    expect([followed.status, followed.body.email]).toEqual([200, to]);
    const sent = await server.client(key).post("/send", { to: "0501234567", message: "hi" });
    expect(sent.status).toBe(200);
    expect(sent.body.success).toBe(true);
    const again = await verify(server, token);
    expect([again.status, again.body.error.code]).toEqual([422, "VALIDATION_ERROR"]);
    expect(again.body.error.fields.token).toMatch(/once, for 24 hours/);
  });

  it("over GraphQL without a key, in English; the link expires after 24 hours and a signed-in owner gets a new one", async () => {
    const to = email();
    const query = "mutation ($input: SignUpInput!) { signUp(input: $input) { message } }";
    const input = { email: to, password: PASSWORD, businessName: "Corner Shop", locale: "en" };
    const res = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextAddress(), ...csrf },
      body: JSON.stringify({ query, variables: { input } }),
    });
    const body = await res.json();
    expect(body.data.signUp.message).toMatch(/If the address can be used/);
    const [mail] = await mailsTo(to);
    expect(mail!.subject).toBe("Confirm your email for Corner Shop");
    server.app.deps.clock.advance(24 * HOUR + 60_000);
    const late = await verify(server, tokenIn(mail!.text)!);
    expect(late.status).toBe(422);
    const { cookie } = await staffSignIn(server, to, PASSWORD);
    const resent = await graphqlAs(server, cookie, "mutation { resendVerification { sent } }");
    expect(resent.body.data.resendVerification.sent).toBe(true);
    const mails = await mailsTo(to, 2);
    expect((await verify(server, tokenIn(mails[1]!.text)!)).status).toBe(200);
    const after = await graphqlAs(server, cookie, "mutation { resendVerification { sent } }");
    expect(after.body.data.resendVerification.sent).toBe(false);
  });

  it("answers a taken address the same, mails it that it has an account, and makes nothing", async () => {
    const to = email();
    const first = await signUp(server, form(to));
    await mailsTo(to);
    const before = await tenants();
    const second = await signUp(server, form(to, { business_name: "Someone else" }));
    expect([second.status, second.body]).toEqual([first.status, first.body]);
    const mails = await mailsTo(to, 2);
    expect(mails[1]!.subject).toBe("لديك حساب بالفعل");
    expect(mails[1]!.text).toContain("رابط كلمة مرور جديدة");
    expect(await tenants()).toBe(before);
    expect(await server.app.deps.db.staffUser.count({ where: { email: to } })).toBe(1);
  });

  it("refuses bad input with 422 naming each field, and makes nothing", async () => {
    const before = await tenants();
    const bad = await signUp(server, { email: "not an address", password: "short", business_name: "", vat_number: "123", locale: "fr" });
    expect([bad.status, bad.body.error.code]).toEqual([422, "VALIDATION_ERROR"]);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["business_name", "email", "locale", "password", "vat_number"]);
    const weak = await signUp(server, form(email(), { password: "password1234" }));
    expect([weak.status, Object.keys(weak.body.error.fields)]).toEqual([422, ["password"]]);
    expect(await tenants()).toBe(before);
  });

  it("throttles a flood from one address, then one email domain from many addresses (429 with Retry-After)", async () => {
    const address = "203.0.113.9";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signUp(server, form(email(), { password: "password1234" }), address)).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    const refused = await signUp(server, form(email(), { password: "password1234" }), address);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const domain = (i: number) => `person${i}@flood.example`;
    const byDomain: number[] = [];
    for (let i = 0; i < 31; i++) byDomain.push((await signUp(server, form(domain(i), { password: "password1234" }))).status);
    expect(byDomain.slice(0, 30).every((s) => s === 422)).toBe(true);
    expect(byDomain[30]).toBe(429);
    const other = await signUp(server, form(email(), { password: "password1234" }));
    expect(other.status).toBe(422);
  });

  it.runIf(onPostgres)("makes one tenant for two sign-ups with one address at once (PostgreSQL)", async () => {
    const to = email();
    const before = await tenants();
    const both = await Promise.all([signUp(server, form(to)), signUp(server, form(to, { business_name: "Twin" }))]);
    expect(both.map((r) => r.status)).toEqual([202, 202]);
    expect(both[0].body).toEqual(both[1].body);
    expect(await tenants()).toBe(before + 1);
    expect(await server.app.deps.db.staffUser.count({ where: { email: to } })).toBe(1);
  });
});

describe("sign-up, closed and by invitation", () => {
  let closed: TestServer;
  let invite: TestServer;

  beforeAll(async () => {
    closed = await startServer({ ...baseEnv });
    invite = await startServer({ ...baseEnv, SIGNUP: "invite" });
  });
  afterAll(async () => {
    await closed?.close();
    await invite?.close();
  });

  it("is 404 while closed (the default), over REST and GraphQL, and makes nothing", async () => {
    const res = await signUp(closed, form(email()));
    expect([res.status, res.body.error.code]).toEqual([404, "NOT_FOUND"]);
    expect(await closed.app.deps.db.tenant.count()).toBe(0);
  });

  it("needs a code the operator made, which works as many times as it was made for", async () => {
    // The trial plan is not made yet: a clear refusal, not a 500.
    const missing = await signUp(invite, form(email()));
    expect([missing.status, missing.body.error.code]).toEqual([503, "SIGNUP_UNAVAILABLE"]);
    await runAdminCommand(invite.app.deps.db, "plan:create", { name: "Trial", monthlyLimit: 1000, maxAccounts: 1 });
    const without = await signUp(invite, form(email()));
    expect([without.status, Object.keys(without.body.error.fields)]).toEqual([422, ["code"]]);
    const { code } = (await runAdminCommand(invite.app.deps.db, "signup:code", { uses: 1 })) as { code: string };
    const wrong = await signUp(invite, form(email(), { code: `${code}x` }));
    expect(wrong.status).toBe(422);
    const ok = await signUp(invite, form(email(), { code }));
    expect(ok.status).toBe(202);
    const spent = await signUp(invite, form(email(), { code }));
    expect([spent.status, spent.body.error.fields.code]).toEqual([422, "is not a sign-up code that still works"]);
    expect(await invite.app.deps.db.tenant.count()).toBe(1);
  });

  it("refuses to start with sign-up on and no trial plan named, in one line", () => {
    expect(() => loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", SIGNUP: "open" })).toThrow(/^SIGNUP=open needs TRIAL_PLAN: [^\n]+$/);
  });
});
