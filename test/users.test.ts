import { beforeEach, describe, expect, it } from "vitest";
import { PASSWORD_HASHES_MS } from "./kit/limits.js";
import { useServer } from "./kit/server.js";
import { consoleCall, cookieSocket, csrf, followLink, graphqlAs, invite, PASSWORD, staffSignIn, staffUser, totpCode } from "./kit/staff.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { SIGN_IN_ATTEMPTS } from "../src/core/auth/console-session.js";

// Staff users end to end: invited with a role by a caller with users:manage, the one-time link
// followed to choose a password, signed in to the console by email (with a TOTP code once they
// turn it on), shown and allowed only their role's scopes, and put out at once when disabled or
// given another role (their websocket within the live-auth bound). Every step is in the audit log.

const server = useServer({ LIVE_AUTH_RECHECK_SECONDS: "1" });
const HOUR = 3_600_000;
let n = 0;
const email = (role: string) => `${role}.${++n}@example.com`;

describe("staff users", () => {
  // Every test signs in from 127.0.0.1: each starts with that address's sign-in bucket full again.
  beforeEach(() => server().app.deps.clock.advance(15 * 60_000));

  it("invites a user whose link works once, signs them in by email, and shows their role's scopes", async () => {
    const t = await server().seed.tenant().create();
    const address = email("agent");
    const invited = await invite(server(), t.key, address.toUpperCase(), "agent");
    expect(invited.status).toBe(200);
    expect(invited.body).toMatchObject({
      success: true,
      user: { email: address, role: "agent", state: "invited", two_factor: false },
      link: expect.stringMatching(/\/console\/#link=/),
    });
    expect((await staffSignIn(server(), address)).status).toBe(401);

    expect(await followLink(server(), invited.body.link, "short")).toMatchObject({ status: 422, body: { error: { fields: { password: expect.any(String) } } } });
    // Weak however long: a leaked password, a keyboard walk, a repeat, the person's own email.
    for (const weak of ["password1234", "qwertyuiop12", "aaaaaaaaaaaa", address, `${address.split("@")[0]}${address.split("@")[0]}`]) {
      const refused = await followLink(server(), invited.body.link, weak);
      expect([refused.status, refused.body.error.fields.password], weak).toEqual([422, expect.stringMatching(/^is too easy to guess/)]);
    }
    expect(await followLink(server(), invited.body.link)).toMatchObject({ status: 200, body: { email: address } });
    const again = await followLink(server(), invited.body.link, "another good password");
    expect([again.status, again.body.error.fields.token]).toEqual([422, "has been used already; ask for a new one"]);

    const signed = await staffSignIn(server(), address);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({
      signed_in_as: { kind: "user", email: address, role: "agent", two_factor: false },
      scopes: ["messages:send", "messages:read", "contacts:read", "inbox:read"],
    });
    const who = await fetch(`${server().url}/console/session`, { headers: { cookie: signed.cookie } });
    expect((await who.json()).signed_in_as.email).toBe(address);

    const inbox = await graphqlAs(server(), signed.cookie, "{ inboundMessages(first: 1) { edges { node { id } } } }");
    expect([inbox.status, inbox.body.errors]).toEqual([200, undefined]);
    const keys = await graphqlAs(server(), signed.cookie, "{ apiKeys { id } }");
    expect([keys.body.data, keys.body.errors[0].extensions.code, keys.body.errors[0].extensions.scope]).toEqual([null, "INSUFFICIENT_SCOPE", "keys:manage"]);
    const users = await graphqlAs(server(), signed.cookie, "{ users { id } }");
    expect(users.body.errors[0].extensions.scope).toBe("users:manage");

    const wrong = await staffSignIn(server(), address, "not the password at all");
    expect([wrong.status, wrong.body.error.code, wrong.cookie]).toEqual([401, "UNAUTHORIZED", ""]);
    const unknown = await staffSignIn(server(), "nobody@example.com");
    expect([unknown.status, unknown.body.error.message]).toEqual([401, wrong.body.error.message]);

    const events = await server().app.deps.db.auditEvent.findMany({ where: { tenantId: t.id, action: { not: "key.created" } }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.action, e.actorKind, e.actorName])).toEqual([
      ["user.invited", "key", t.key.slice(0, 11)],
      ["session.sign_in_failed", "user", address],
      ["user.invitation_accepted", "user", address],
      ["session.signed_in", "user", address],
      ["session.sign_in_failed", "user", address],
    ]);
    expect(JSON.stringify(events.map((e) => [e.before, e.after]))).not.toContain(PASSWORD);
  });

  it("gives no role beyond the caller's: an admin cannot make or touch an owner; a key without users:manage is refused, one with fewer scopes than a role cannot give it", async () => {
    const t = await server().seed.tenant().create();
    const admin = await staffUser(server(), t.key, email("admin"), "admin");
    const asOwner = await graphqlAs(server(), admin.cookie, `mutation { inviteUser(input: { email: "${email("owner")}", role: owner }) { link } }`);
    expect([asOwner.body.errors[0].extensions.code, asOwner.body.errors[0].extensions.fields.role]).toEqual(["VALIDATION_ERROR", "only an owner may make an owner"]);
    const viewer = await graphqlAs(server(), admin.cookie, `mutation { inviteUser(input: { email: "${email("viewer")}", role: viewer }) { user { id role } link } }`);
    expect(viewer.body.data.inviteUser.user.role).toBe("viewer");

    const owner = await invite(server(), t.key, email("owner"), "owner");
    const demote = await graphqlAs(server(), admin.cookie, `mutation { setUserRole(id: "${owner.body.user.id}", role: viewer) { user { role } } }`);
    expect(demote.body.errors[0].extensions.code).toBe("INSUFFICIENT_SCOPE");

    const narrow = (
      await server()
        .client(t.key)
        .post("/keys", { label: "no users", scopes: ["messages:read"] })
    ).body.secret as string;
    const refused = await invite(server(), narrow, email("agent"), "agent");
    expect([refused.status, refused.body.error.code, refused.body.scope]).toEqual([403, "INSUFFICIENT_SCOPE", "users:manage"]);
    const usersOnly = (
      await server()
        .client(t.key)
        .post("/keys", { label: "users only", scopes: ["users:manage", "messages:read"] })
    ).body.secret as string;
    const beyond = await invite(server(), usersOnly, email("agent"), "agent");
    expect([beyond.status, beyond.body.error.fields.role]).toEqual([422, "gives scopes the caller lacks: messages:send, contacts:read, inbox:read"]);
    const touch = await server().client(usersOnly).post(`/users/${admin.id}/disable`, {});
    expect([touch.status, touch.body.scope]).toEqual([403, "messages:send"]);
    const taken = await invite(server(), t.key, (await server().client(t.key).get("/users")).body.users[0].email, "viewer");
    expect([taken.status, taken.body.error.code]).toEqual([409, "EMAIL_TAKEN"]);
    expect((await server().client(t.key).get("/users")).body.users).toHaveLength(3);
  });

  it("ends a user's sessions and websocket when they are disabled or given another role", async () => {
    const t = await server().seed.tenant().create();
    const agent = await staffUser(server(), t.key, email("agent"), "agent");
    const socket = cookieSocket(server(), agent.cookie);
    await socket.open;
    const role = await server().client(t.key).request("PUT", `/api/v1/users/${agent.id}/role`, { role: "viewer" });
    expect([role.status, role.body.user.role]).toEqual([200, "viewer"]);
    expect((await graphqlAs(server(), agent.cookie, "{ balance { plan } }")).status).toBe(401);
    expect((await socket.closeEvent).code).toBe(4403);

    const again = await staffSignIn(server(), role.body.user.email);
    expect(again.body.scopes).toEqual(["messages:read", "contacts:read", "inbox:read", "accounts:read"]);
    const disabled = await server().client(t.key).post(`/users/${agent.id}/disable`, {});
    expect(disabled.body.user.state).toBe("disabled");
    expect((await graphqlAs(server(), again.cookie, "{ balance { plan } }")).status).toBe(401);
    expect((await staffSignIn(server(), role.body.user.email)).status).toBe(401);
    const enabled = await server().client(t.key).post(`/users/${agent.id}/enable`, {});
    expect(enabled.body.user.state).toBe("active");
    expect((await staffSignIn(server(), role.body.user.email)).status).toBe(200);
  });

  it("keeps the last enabled owner, and a user cannot disable themselves", async () => {
    const t = await server().seed.tenant().create();
    const owner = await staffUser(server(), t.key, email("owner"), "owner");
    const demote = await server().client(t.key).request("PUT", `/api/v1/users/${owner.id}/role`, { role: "admin" });
    expect([demote.status, demote.body.error.fields.role]).toEqual([422, expect.stringMatching(/last enabled owner/)]);
    expect((await server().client(t.key).post(`/users/${owner.id}/disable`, {})).status).toBe(422);
    const self = await graphqlAs(server(), owner.cookie, `mutation { setUserDisabled(id: "${owner.id}", disabled: true) { user { id } } }`);
    expect(self.body.errors[0].extensions.code).toBe("VALIDATION_ERROR");
    await staffUser(server(), t.key, email("owner"), "owner");
    expect((await server().client(t.key).request("PUT", `/api/v1/users/${owner.id}/role`, { role: "admin" })).status).toBe(200);
  });

  it("turns on TOTP: a code is needed, works once, and a recovery code works once", async () => {
    const t = await server().seed.tenant().create();
    const address = email("campaigns");
    const user = await staffUser(server(), t.key, address, "campaigns");
    const begun = await consoleCall(server(), user.cookie, "POST", "/console/two-factor");
    expect(begun).toMatchObject({ status: 200, body: { secret: expect.any(String), uri: expect.stringMatching(/^otpauth:\/\/totp\//), qr_svg: expect.stringContaining("<svg") } });
    const clock = server().app.deps.clock;
    expect((await consoleCall(server(), user.cookie, "POST", "/console/two-factor/confirm", { code: "000000" })).status).toBe(422);
    const confirmed = await consoleCall(server(), user.cookie, "POST", "/console/two-factor/confirm", { code: totpCode(begun.body.secret, clock.now()) });
    expect(confirmed.body.recovery_codes).toHaveLength(10);

    const missing = await staffSignIn(server(), address);
    expect([missing.status, missing.body.error.code, missing.cookie]).toEqual([401, "SECOND_FACTOR_REQUIRED", ""]);
    clock.advance(30_000);
    const code = totpCode(begun.body.secret, clock.now());
    const withCode = await staffSignIn(server(), address, PASSWORD, code);
    expect([withCode.status, withCode.body.signed_in_as.two_factor]).toEqual([200, true]);
    const who = await fetch(`${server().url}/console/session`, { headers: { cookie: withCode.cookie } });
    expect((await who.json()).signed_in_as.two_factor).toBe(true);
    expect((await staffSignIn(server(), address, PASSWORD, code)).body.error.code).toBe("SECOND_FACTOR_REQUIRED");
    const recovery = confirmed.body.recovery_codes[0];
    expect((await staffSignIn(server(), address, PASSWORD, recovery.toUpperCase())).status).toBe(200);
    expect((await staffSignIn(server(), address, PASSWORD, recovery)).status).toBe(401);
    const stored = await server().app.deps.db.staffUser.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.recoveryCodeHashes).toHaveLength(9);
    expect(JSON.stringify(stored)).not.toContain(recovery);

    expect((await consoleCall(server(), user.cookie, "DELETE", "/console/two-factor", { password: "wrong password!" })).status).toBe(422);
    expect((await consoleCall(server(), user.cookie, "DELETE", "/console/two-factor", { password: PASSWORD })).status).toBe(200);
    expect((await staffSignIn(server(), address)).status).toBe(200);
    const actions = (await server().app.deps.db.auditEvent.findMany({ where: { tenantId: t.id }, orderBy: { id: "asc" } })).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["user.two_factor_enabled", "user.two_factor_disabled"]));
    expect(actions.filter((a) => a === "session.sign_in_failed")).toHaveLength(2);
  });

  it("admits one user per email when invitations of two tenants race", async () => {
    const other = await server().seed.tenant().create();
    const third = await server().seed.tenant().create();
    const same = email("admin");
    const both = await Promise.all([invite(server(), other.key, same, "admin"), invite(server(), third.key, same, "admin")]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.error.code).toBe("EMAIL_TAKEN");
  });

  // Twenty sign-ins each hash a password (scrypt): the password-hashing limit.
  it("throttles sign-ins per email, until the service clock has moved by the wait", { timeout: PASSWORD_HASHES_MS }, async () => {
    const t = await server().seed.tenant().create();
    const address = email("viewer");
    // Before the user is made: making them signs them in once, which takes the email's first token.
    const first = server().app.deps.clock.now().getTime();
    await staffUser(server(), t.key, address, "viewer");
    for (let i = 0; i < SIGN_IN_ATTEMPTS.email.burst - 1; i++) expect((await staffSignIn(server(), address, "wrong password!!")).status).toBe(401);
    const limited = await staffSignIn(server(), address);
    expect([limited.status, limited.body.error.code]).toEqual([429, "RATE_LIMITED"]);
    // Another email from the same address is not held up; this one is, until the wait has passed.
    expect((await staffSignIn(server(), "someone.else@example.com")).status).toBe(401);
    const wait = Number(
      (
        await fetch(`${server().url}/console/session`, {
          method: "POST",
          headers: { "content-type": "application/json", ...csrf },
          body: JSON.stringify({ email: address, password: PASSWORD }),
        })
      ).headers.get("retry-after"),
    );
    // One token comes back every 900 / 20 = 45 s, counted from the first attempt.
    expect(wait).toBeLessThanOrEqual(900 / SIGN_IN_ATTEMPTS.email.burst);
    expect(wait).toBeGreaterThanOrEqual(900 / SIGN_IN_ATTEMPTS.email.burst - Math.ceil((server().app.deps.clock.now().getTime() - first) / 1000));
    server().app.deps.clock.advance(wait * 1000);
    expect((await staffSignIn(server(), address)).status).toBe(200);
  });

  it("runs the operator's user commands, each recorded as the admin's", async () => {
    const t = await server().seed.tenant().create();
    const db = server().app.deps.db;
    const address = email("owner");
    const made = (await runAdminCommand(db, "user:create", { tenant: t.id, email: address, role: "owner" })) as { id: number; link: string };
    expect(made.link).toMatch(/^\/console\/#link=/);
    expect((await followLink(server(), made.link)).status).toBe(200);
    const reset = (await runAdminCommand(db, "user:reset-password", { user: address })) as { link: string };
    expect((await followLink(server(), reset.link, "a brand new password")).status).toBe(200);
    expect((await staffSignIn(server(), address)).status).toBe(401);
    expect((await staffSignIn(server(), address, "a brand new password")).status).toBe(200);
    await staffUser(server(), t.key, email("owner"), "owner");
    expect(await runAdminCommand(db, "user:role", { user: String(made.id), role: "viewer" })).toMatchObject({ role: "viewer" });
    expect(await runAdminCommand(db, "user:disable", { user: address })).toMatchObject({ state: "disabled" });
    const admin = await db.auditEvent.findMany({ where: { tenantId: t.id, actorKind: "admin", action: { startsWith: "user." } }, orderBy: { id: "asc" } });
    expect(admin.map((e) => e.action)).toEqual(["user.invited", "user.password_link_issued", "user.role_changed", "user.disabled"]);
  });

  it("refuses a staff sign-in without the CSRF header, and bad bodies, in the error shape", async () => {
    const noHeader = await fetch(`${server().url}/console/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@b.co", password: "x" }),
    });
    expect(noHeader.status).toBe(403);
    const bad = await fetch(`${server().url}/console/session`, {
      method: "POST",
      headers: { "content-type": "application/json", ...csrf },
      body: JSON.stringify({ email: "a@b.co" }),
    });
    expect([bad.status, (await bad.json()).error.fields]).toEqual([422, { password: expect.any(String) }]);
    const link = await fetch(`${server().url}/console/link`, {
      method: "POST",
      headers: { "content-type": "application/json", ...csrf },
      body: JSON.stringify({ token: "x".repeat(43), password: PASSWORD }),
    });
    expect([link.status, (await link.json()).error.code]).toEqual([401, "UNAUTHORIZED"]);
  });
  // Last: it moves the service clock past what the operator's commands (the system's time) make.
  it("expires links after 72 hours, and a newer link replaces an older one", async () => {
    const t = await server().seed.tenant().create();
    const first = await invite(server(), t.key, email("viewer"), "viewer");
    const second = await server().client(t.key).post(`/users/${first.body.user.id}/password-link`, {});
    expect(second.status).toBe(200);
    const replaced = await followLink(server(), first.body.link);
    expect([replaced.status, replaced.body.error.fields.token]).toEqual([422, "was replaced by a newer link; use the newest one"]);
    server().app.deps.clock.advance(72 * HOUR);
    const expired = await followLink(server(), second.body.link);
    expect([expired.status, expired.body.error.fields.token]).toEqual([422, "has expired (links work for 72 hours); ask for a new one"]);
    const third = await server().client(t.key).post(`/users/${first.body.user.id}/password-link`, {});
    expect((await followLink(server(), third.body.link)).status).toBe(200);
  });
});
