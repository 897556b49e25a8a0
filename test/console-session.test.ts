import { createHash } from "node:crypto";
import { cookieSocket } from "./kit/staff.js";
import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { subscribeLive } from "./kit/ws.js";
import { runAdminCommand } from "../src/features/admin/admin.js";

// The console's sign-in: an API key once, then an HttpOnly SameSite=Strict cookie whose token the
// database keeps only hashed. The session passes GraphQL (HTTP and websocket) with the CSRF header
// and a same-origin socket, ends at sign-out, after 12 hours, and at once when its key is revoked
// or its tenant suspended.

const HOUR = 3_600_000;
const csrf = { "x-graphql-yoga-csrf": "console" };

describe("console sessions", () => {
  const server = useServer({ LIVE_AUTH_RECHECK_SECONDS: "1" });

  async function signIn(key: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${server().url}/console/session`, {
      method: "POST",
      headers: { "content-type": "application/json", ...csrf, ...headers },
      body: JSON.stringify({ api_key: key }),
    });
    const setCookie = res.headers.get("set-cookie") ?? "";
    return { status: res.status, body: await res.json(), setCookie, cookie: setCookie.split(";")[0] ?? "" };
  }
  const graphql = async (cookie: string, query: string, headers: Record<string, string> = csrf) => {
    const res = await fetch(`${server().url}/graphql`, { method: "POST", headers: { "content-type": "application/json", cookie, ...headers }, body: JSON.stringify({ query }) });
    return { status: res.status, body: await res.json() };
  };
  const session = async (cookie: string) => (await fetch(`${server().url}/console/session`, { headers: { cookie } })).status;

  it("signs in with a key: an HttpOnly, SameSite=Strict cookie of 12 hours, its token stored only as a hash", async () => {
    const t = await server().seed.tenant().account().create();
    const before = server().app.deps.clock.now().getTime();
    const s = await signIn(t.key);
    const after = server().app.deps.clock.now().getTime();
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ success: true, tenant_id: t.id, time_zone: server().app.deps.clock.timeZone });
    expect(s.setCookie).toMatch(/^gw_console=[A-Za-z0-9_-]{40,}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/);
    const expires = Date.parse(s.body.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 12 * HOUR);
    expect(expires).toBeLessThanOrEqual(after + 12 * HOUR);
    const token = s.cookie.split("=")[1]!;
    const rows = await server().app.deps.db.consoleSession.findMany({ where: { apiKey: { tenantId: t.id } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(s.body)).not.toContain(t.key);
    // Behind an HTTPS proxy the cookie is Secure.
    expect((await signIn(t.key, { "x-forwarded-proto": "https" })).setCookie).toContain("; Secure");
  });

  it("refuses a wrong key, a sign-in without the CSRF header, and a body that is not a sign-in, setting no cookie", async () => {
    const t = await server().seed.tenant().create();
    const wrong = await signIn(`${t.key.slice(0, -4)}AAAA`);
    expect([wrong.status, wrong.body.error.code, wrong.setCookie]).toEqual([401, "UNAUTHORIZED", ""]);
    const noHeader = await fetch(`${server().url}/console/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ api_key: t.key }) });
    expect([noHeader.status, (await noHeader.json()).error.code, noHeader.headers.get("set-cookie")]).toEqual([403, "CSRF_HEADER_REQUIRED", null]);
    const extra = await fetch(`${server().url}/console/session`, {
      method: "POST",
      headers: { "content-type": "application/json", ...csrf },
      body: JSON.stringify({ api_key: t.key, admin: true }),
    });
    expect([extra.status, (await extra.json()).error.fields]).toEqual([422, { api_key: expect.any(String) }]);
    expect((await fetch(`${server().url}/console/session`, { method: "PUT", headers: csrf })).status).toBe(405);
    expect(await server().app.deps.db.consoleSession.count({ where: { apiKey: { tenantId: t.id } } })).toBe(0);
  });

  it("passes GraphQL with the CSRF header only, and ends at sign-out and after 12 hours", async () => {
    const t = await server().seed.tenant().account().create();
    const { cookie } = await signIn(t.key);
    const query = "{ balance { plan } accounts { id } }";
    const ok = await graphql(cookie, query);
    expect(ok.body.data.accounts).toEqual([{ id: t.accounts[0]!.id }]);
    const bare = await graphql(cookie, query, {});
    expect([bare.status, bare.body.errors[0].extensions.code]).toEqual([403, "CSRF_HEADER_REQUIRED"]);
    // REST stays for keys: a cookie alone is not a caller there.
    expect((await fetch(`${server().url}/api/v1/balance`, { headers: { cookie, ...csrf } })).status).toBe(401);

    await fetch(`${server().url}/console/session`, { method: "DELETE", headers: { cookie, ...csrf } });
    expect(await session(cookie)).toBe(401);
    expect((await graphql(cookie, query)).body.errors[0].extensions.code).toBe("UNAUTHORIZED");

    const later = await signIn(t.key);
    expect(await session(later.cookie)).toBe(200);
    server().app.deps.clock.advance(12 * HOUR);
    expect(await session(later.cookie)).toBe(401);
  });

  it("ends at once when its key is revoked or its tenant suspended", async () => {
    const t = await server().seed.tenant().create();
    const second = (await runAdminCommand(server().app.deps.db, "key:create", { tenant: t.id, label: "console" })) as { key: string };
    const byFirst = await signIn(t.key);
    const bySecond = await signIn(second.key);
    await runAdminCommand(server().app.deps.db, "key:revoke", { key: t.key.slice(0, 11) });
    expect((await graphql(byFirst.cookie, "{ balance { plan } }")).body.errors[0].extensions.code).toBe("UNAUTHORIZED");
    expect(await session(bySecond.cookie)).toBe(200);
    await runAdminCommand(server().app.deps.db, "tenant:suspend", { tenant: t.id });
    const suspended = await graphql(bySecond.cookie, "{ balance { plan } }");
    expect([suspended.status, suspended.body.errors[0].extensions.code]).toEqual([403, "ACCOUNT_SUSPENDED"]);
  });

  it("opens a websocket with the cookie from its own origin only, and closes it (4403) when the key is revoked", async () => {
    const t = await server().seed.tenant().account().create();
    const { cookie } = await signIn(t.key);
    const host = new URL(server().url).host;
    const open = (origin: string) => cookieSocket(server(), cookie, origin);
    const foreign = open("https://attacker.example");
    expect((await foreign.closeEvent).code).toBe(4403);

    const own = open(`http://${host}`);
    // Listening, proven by a change of the number it hears (a refusal would end it instead).
    const heard: unknown[] = [];
    const done = new Promise<void>((resolve) => {
      own.client.subscribe({ query: "subscription { accountStatusChanges { id } }" }, { next: (r) => void heard.push(r), error: () => resolve(), complete: resolve });
    });
    let warming = false;
    const toggle = () =>
      server()
        .client(t.key)
        .put(`/accounts/${t.accounts[0]!.id}/warm-up`, { warming_up: (warming = !warming) });
    expect(await subscribeLive({ events: heard, done }, toggle)).toBe("live");
    await runAdminCommand(server().app.deps.db, "key:revoke", { key: t.key.slice(0, 11) });
    const closed = await own.closeEvent;
    expect([closed.code, closed.reason]).toEqual([4403, expect.stringMatching(/^UNAUTHORIZED/)]);
  });

  it("closes the session's websockets (4403) when it is signed out elsewhere or its 12 hours are over", async () => {
    const t = await server().seed.tenant().create();
    const socketOf = (cookie: string) => cookieSocket(server(), cookie);
    const first = await signIn(t.key);
    const tab = socketOf(first.cookie);
    await tab.open;
    await fetch(`${server().url}/console/session`, { method: "DELETE", headers: { cookie: first.cookie, ...csrf } });
    expect(await tab.closeEvent).toMatchObject({ code: 4403, reason: expect.stringMatching(/^UNAUTHORIZED: The console session has ended/) });

    const second = await signIn(t.key);
    const later = socketOf(second.cookie);
    await later.open;
    server().app.deps.clock.advance(12 * HOUR);
    expect((await later.closeEvent).code).toBe(4403);
  });
});
