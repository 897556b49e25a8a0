import { describe, expect, it } from "vitest";
import { useServer, type TestServer } from "./kit/server.js";
import { csrf, staffUser, totpCode } from "./kit/staff.js";
import { asCommandLine, asOperator, json, newOperator, signIn, signedIn } from "./kit/operators.js";
import { PASSWORD_HASHES_MS } from "./kit/limits.js";

// The gateway's operators (docs/operators.md): made by `admin operator:create`, signed in with a
// password and always a TOTP code, running admin commands within their role, each change in the
// operators' own hash-linked chain; a tenant's key or console session finds no operator route.

const whoAmI = (server: TestServer, cookie: string) => fetch(`${server.url}/admin/session`, { headers: { cookie } });

/** Past the admin endpoint's window of failed attempts, so each test starts with none counted. */
const freshWindow = (server: TestServer) => server.app.deps.clock.advance(61_000);

describe("operators", () => {
  const server = useServer();

  it("signs in only with the password and a TOTP code (or a recovery code), each code once, into a strict cookie", { timeout: PASSWORD_HASHES_MS }, async () => {
    const s = server();
    const secrets = await newOperator(s, "first@ops.example", "operator");
    const clock = s.app.deps.clock;
    const withoutCode = await signIn(s, { email: "first@ops.example", password: secrets.password });
    expect(withoutCode).toMatchObject({ status: 401, setCookie: "", body: { error: { code: "SECOND_FACTOR_REQUIRED" } } });
    const wrongPassword = await signIn(s, { email: "first@ops.example", password: "not the password", code: totpCode(secrets.totpSecret, clock.now()) });
    expect(wrongPassword).toMatchObject({ status: 401, setCookie: "", body: { error: { code: "UNAUTHORIZED" } } });
    const noCsrf = await signIn(s, { email: "first@ops.example", password: secrets.password, code: totpCode(secrets.totpSecret, clock.now()) }, {});
    expect(noCsrf).toMatchObject({ status: 403, body: { error: { code: "CSRF_HEADER_REQUIRED" } } });

    const code = totpCode(secrets.totpSecret, clock.now());
    const signed = await signIn(s, { email: "First@Ops.Example ", password: secrets.password, code });
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual({
      success: true,
      operator: { id: secrets.operator.id, email: "first@ops.example", role: "operator" },
      may: ["read", "standing", "money", "change", "operators"],
      expires_at: expect.any(String),
    });
    expect(signed.setCookie).toMatch(/^gw_operator=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/);
    // The same code a second time: refused, whoever types it.
    expect(await signIn(s, { email: "first@ops.example", password: secrets.password, code })).toMatchObject({ status: 401, setCookie: "" });
    // A recovery code works once.
    const recovery = secrets.recoveryCodes[3]!;
    expect((await signIn(s, { email: "first@ops.example", password: secrets.password, code: recovery.toUpperCase() })).status).toBe(200);
    expect((await signIn(s, { email: "first@ops.example", password: secrets.password, code: recovery })).status).toBe(401);

    const me = await whoAmI(s, signed.cookie);
    expect(me.status).toBe(200);
    expect((await me.json()).operator).toEqual({ id: secrets.operator.id, email: "first@ops.example", role: "operator" });
    expect((await whoAmI(s, "gw_operator=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
  });

  it("lets each role run what it may: support suspends and resumes, finance changes plans, neither does the other's", { timeout: PASSWORD_HASHES_MS }, async () => {
    const s = server();
    freshWindow(s);
    const tenant = await s.seed.tenant().create();
    const key = { key: tenant.key };
    const support = await signedIn(s, "support@ops.example", await newOperator(s, "support@ops.example", "support"));
    const finance = await signedIn(s, "finance@ops.example", await newOperator(s, "finance@ops.example", "finance"));

    const suspended = await asOperator(s, support, "tenant:suspend", { tenant: tenant.id, reason: "  Messages reported as spam on 28 November " });
    expect(suspended.body.result).toMatchObject({ status: "suspended", suspensionReason: "Messages reported as spam on 28 November" });
    // The business is told why, on its next request.
    const refusedBalance = await s.client(key.key).get("/balance");
    expect(refusedBalance.status).toBe(403);
    expect(refusedBalance.body.error).toEqual({
      code: "ACCOUNT_SUSPENDED",
      message: "This account is suspended. The reason given: Messages reported as spam on 28 November. Contact support to resume it.",
    });
    const twoLines = await asOperator(s, support, "tenant:suspend", { tenant: tenant.id, reason: "one\ntwo" });
    expect(twoLines).toMatchObject({ status: 422, body: { error: { fields: { reason: "must be one line of text" } } } });
    expect((await asOperator(s, support, "tenant:resume", { tenant: tenant.id })).body.result).toMatchObject({ status: "active", suspensionReason: null });
    expect((await s.client(key.key).get("/balance")).status).toBe(200);
    const refused = await asOperator(s, support, "plan:create", { name: "Support's", monthlyLimit: 10, maxAccounts: 1 });
    expect(refused).toEqual({ status: 403, body: { success: false, error: { code: "INSUFFICIENT_SCOPE", message: "The support role may not run plan:create." } } });
    expect((await asOperator(s, support, "operator:create", { email: "x@ops.example", role: "operator" })).status).toBe(403);
    expect((await asOperator(s, support, "tenant:list")).status).toBe(200);
    // What the console offers each role, as docs/operators.md's table says.
    expect((await (await whoAmI(s, support)).json()).may).toEqual(["read", "standing"]);

    expect((await asOperator(s, finance, "plan:create", { name: "Finance's", monthlyLimit: 10, maxAccounts: 1 })).status).toBe(200);
    expect((await asOperator(s, finance, "tenant:suspend", { tenant: tenant.id })).status).toBe(403);
    expect((await asOperator(s, finance, "key:create", { tenant: tenant.id, label: "x" })).status).toBe(403);
    expect((await (await whoAmI(s, finance)).json()).may).toEqual(["read", "money"]);
    // Without the CSRF header an operator's cookie is nobody's.
    expect((await asOperator(s, finance, "plan:list", {}, {})).status).toBe(404);
    expect(await s.app.deps.db.plan.count({ where: { name: "Support's" } })).toBe(0);
  });

  it("finds no operator route for a tenant's key or console session", async () => {
    const s = server();
    freshWindow(s);
    const tenant = await s.seed.tenant().create();
    const key = { key: tenant.key };
    const owner = await staffUser(s, key.key, "owner@shop.example", "owner");
    const tenantCredentials: Record<string, string>[] = [{ cookie: owner.cookie, ...csrf }, { authorization: `Bearer ${key.key}` }, { "x-api-key": key.key }];
    for (const headers of tenantCredentials) {
      const res = await fetch(`${s.url}/admin/commands`, { method: "POST", headers: { ...json, ...headers }, body: JSON.stringify({ command: "tenant:list", args: {} }) });
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe("NOT_FOUND");
    }
    expect((await whoAmI(s, owner.cookie)).status).toBe(404);
    expect((await fetch(`${s.url}/admin/session`, { method: "DELETE", headers: { cookie: owner.cookie, ...csrf } })).status).toBe(404);
    // The operator console's page is the same for everyone and holds no data; what it shows is behind the routes above.
    const page = await fetch(`${s.url}/admin`, { headers: { cookie: owner.cookie } });
    expect([page.status, page.headers.get("content-type"), (await page.text()).includes("/admin/assets/operator-console-")]).toEqual([200, "text/html; charset=utf-8", true]);
    // The business's own console session still works: it is not an operator's, and not ended by this.
    expect((await fetch(`${s.url}/console/session`, { headers: { cookie: owner.cookie } })).status).toBe(200);
  });

  it("ends sessions at sign-out, when an operator is disabled, and when reset; a reset's old code stops", { timeout: PASSWORD_HASHES_MS }, async () => {
    const s = server();
    freshWindow(s);
    const first = await newOperator(s, "leaving@ops.example", "support");
    const cookie = await signedIn(s, "leaving@ops.example", first);
    const signOut = await fetch(`${s.url}/admin/session`, { method: "DELETE", headers: { cookie, ...csrf } });
    expect(signOut.status).toBe(200);
    expect(signOut.headers.get("set-cookie")).toMatch(/^gw_operator=; Max-Age=0;/);
    expect((await whoAmI(s, cookie)).status).toBe(404);

    const again = await signedIn(s, "leaving@ops.example", first);
    expect((await asCommandLine(s, "operator:disable", { email: "leaving@ops.example" })).body.result).toMatchObject({ disabledAt: expect.any(String) });
    expect((await whoAmI(s, again)).status).toBe(404);
    s.app.deps.clock.advance(30_000);
    const disabled = await signIn(s, { email: "leaving@ops.example", password: first.password, code: totpCode(first.totpSecret, s.app.deps.clock.now()) });
    expect(disabled).toMatchObject({ status: 401, setCookie: "", body: { error: { code: "UNAUTHORIZED" } } });

    expect((await asCommandLine(s, "operator:enable", { email: "leaving@ops.example" })).status).toBe(200);
    const beforeReset = await signedIn(s, "leaving@ops.example", first);
    const reset = (await asCommandLine(s, "operator:reset", { email: "leaving@ops.example" })).body.result as typeof first;
    expect(reset.totpSecret).not.toBe(first.totpSecret);
    expect((await whoAmI(s, beforeReset)).status).toBe(404);
    s.app.deps.clock.advance(30_000);
    const oldSecrets = await signIn(s, { email: "leaving@ops.example", password: first.password, code: totpCode(first.totpSecret, s.app.deps.clock.now()) });
    expect(oldSecrets.status).toBe(401);
    expect(await signedIn(s, "leaving@ops.example", reset)).toMatch(/^gw_operator=/);
  });

  it("refuses bad input with the field named and changes nothing", async () => {
    const s = server();
    freshWindow(s);
    const badRole = await asCommandLine(s, "operator:create", { email: "new@ops.example", role: "owner" });
    expect(badRole).toMatchObject({ status: 422, body: { error: { code: "VALIDATION_ERROR", fields: { role: expect.any(String) } } } });
    const badEmail = await asCommandLine(s, "operator:create", { email: "not-an-email", role: "support" });
    expect(badEmail).toMatchObject({ status: 422, body: { error: { fields: { email: "must be an email address" } } } });
    await newOperator(s, "twice@ops.example", "support");
    const twice = await asCommandLine(s, "operator:create", { email: "TWICE@ops.example", role: "finance" });
    expect(twice).toMatchObject({ status: 422, body: { error: { fields: { email: "is taken by another operator" } } } });
    expect(await s.app.deps.db.operatorUser.count({ where: { email: { in: ["new@ops.example", "not-an-email"] } } })).toBe(0);
    const extra = await signIn(s, { email: "twice@ops.example", password: "x", code: "123456", remember: true });
    expect(extra).toMatchObject({ status: 422, body: { error: { code: "VALIDATION_ERROR" } } });
  });
});

describe("the operators' audit chain", () => {
  const server = useServer();

  it("holds every change and sign-in, linked, and names the event after a removed one", { timeout: PASSWORD_HASHES_MS }, async () => {
    const s = server();
    const secrets = await newOperator(s, "chain@ops.example", "operator");
    const cookie = await signedIn(s, "chain@ops.example", secrets);
    const tenant = await s.seed.tenant().create();
    expect((await asOperator(s, cookie, "tenant:suspend", { tenant: tenant.id })).status).toBe(200);
    expect((await asOperator(s, cookie, "tenant:list")).status).toBe(200);
    s.app.deps.clock.advance(30_000);
    expect((await signIn(s, { email: "chain@ops.example", password: "wrong password", code: "000000" })).status).toBe(401);

    const events = await s.app.deps.db.operatorAuditEvent.findMany({ orderBy: { id: "asc" } });
    // The list is a read, not recorded; the refused sign-in is.
    expect(events.map((e) => [e.actorKind, e.actorName, e.action])).toEqual([
      ["cli", "cli", "operator.created"],
      ["operator", "chain@ops.example", "operator.signed_in"],
      ["operator", "chain@ops.example", "command.tenant:suspend"],
      ["operator", "chain@ops.example", "operator.sign_in_failed"],
    ]);
    expect(events[2]!.after).toEqual({ tenant: tenant.id });
    expect(events[3]!.after).toEqual({ reason: "password" });
    expect(events[1]!.address).toBe("127.0.0.1");
    const verify = () => asCommandLine(s, "audit:verify", { operator: "true" });
    expect((await verify()).body.result).toEqual({ ok: true, events: 4, breaks: [] });

    await expect(s.app.deps.db.$executeRaw`UPDATE operator_audit_event SET action = 'edited' WHERE id = ${events[2]!.id}`).rejects.toThrow(/append-only/);
    await s.app.deps.db.$executeRaw`DELETE FROM operator_audit_event WHERE id = ${events[1]!.id}`;
    expect((await verify()).body.result).toEqual({ ok: false, events: 3, breaks: [{ eventId: String(events[2]!.id), problem: "link" }] });
  });
});
