import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { sharedStorage } from "./kit/waha-sessions.js";
import { asCommandLine } from "./kit/operators.js";
import { postWahaWebhook } from "./kit/provider-signing.js";
import { changedTables, storeDigest } from "./kit/store-digest.js";
import { waitFor } from "./kit/wait.js";
import { addedWaha, connectionOf, HMAC_KEY, linkedNumber, listedServers, settled, type Waha } from "./kit/waha-numbers.js";

// The operator's WAHA servers (docs/operators.md, "WAHA servers"), against WAHA stand-ins
// (test/kit/waha-sessions.ts): whether each answers (WAHA's GET /health, else /ping), moving a
// number's session to another server (stopped, not logged out; started there with the same
// webhooks; the business told), with a shared session storage (it resumes) and without (the phone
// scans again), and what cannot move; and a session.status the gateway cannot apply because WAHA's
// GET session failed, answered 503 with Retry-After so WAHA delivers it again.

// Each test has a server of its own, so a server another test added never takes its numbers.
let server: TestServer;
let stands: Waha[] = [];
let seq = 0;
const unique = (base: string) => `${base}-${(seq++).toString(36)}`;

beforeEach(async () => {
  server = await startServer({ WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY });
  stands = [];
});
afterEach(async () => {
  await server?.close();
  for (const s of stands) await s.close();
});

async function waha(name: string, capacity: number, storage?: ReturnType<typeof sharedStorage>) {
  const w = await addedWaha(server, name, capacity, storage);
  stands.push(w);
  return w;
}

/** A business with an owner (invited) and room for numbers. */
async function business() {
  const t = await server.seed.tenant({ maxAccounts: 10 }).create();
  await asCommandLine(server, "user:create", { tenant: t.id, email: `owner-${t.id}@biz.example`, role: "owner" });
  return { ...t, api: server.client(t.key) };
}

const move = (account: number, to: string) => asCommandLine(server, "waha-server:move", { account, to });
const stateOf = async (id: number) => {
  const a = await server.app.deps.db.account.findUniqueOrThrow({ where: { id }, include: { link: { include: { server: true } } } });
  return { server: a.link?.server?.name, settingsServer: (a.settings as { waha?: { server?: number } }).waha?.server, serverId: a.link?.serverId };
};

describe("whether each WAHA server answers", () => {
  it("lists every server's answer at once: ok by /health, ok by /ping on a WAHA without it, a full disk, shutting down, and no answer", async () => {
    const names = ["ok", "ping", "disk", "stopping", "down"].map(unique);
    const [ok, ping, disk, stopping, down] = await Promise.all(names.map((n) => waha(n, 3)));
    ping!.setEdition({ version: "2026.5.1", tier: "CORE" });
    disk!.setHealth("error");
    stopping!.setHealth("shutting_down");
    down!.setHealth("down");
    const listed = await listedServers(server);
    expect(names.map((n) => listed[n]!.answer)).toEqual([
      { status: "ok", message: null, via: "health" },
      { status: "ok", message: null, via: "ping" },
      { status: "error", message: "sessionsFiles.space: Used disk storage exceeded the set threshold", via: "health" },
      { status: "shutting_down", message: "WAHA is shutting down.", via: "health" },
      { status: "unreachable", message: expect.stringContaining(`WAHA at ${down!.url} did not answer`), via: null },
    ]);
    expect(listed[names[0]!]).toMatchObject({ sessions: 0, capacity: 3, draining: false, drain: null });
    expect(JSON.stringify(listed)).not.toContain("apiKey");
    // Each was asked with its key; the health check first, /ping only where there is none.
    expect(ok!.requests.filter((r) => r.path === "/health").map((r) => r.headers["x-api-key"])).toEqual(["waha-servers-key"]);
    expect(ping!.requests.map((r) => r.path).filter((p) => !p.startsWith("/api/"))).toEqual(["/health", "/ping"]);
    down!.setHealth("ok");
  });
});

describe("moving a number's session to another server", () => {
  it("with a shared session storage: stopped there, started here with the same webhooks, linked again at once; the business told", async () => {
    const storage = sharedStorage();
    const [fromName, toName] = [unique("from"), unique("to")];
    const from = await waha(fromName, 5, storage);
    const b = await business();
    const { id, session } = await linkedNumber(server, b.api, [from], "966511110001");
    const to = await waha(toName, 5, storage);
    const before = await server.app.deps.db.account.findUniqueOrThrow({ where: { id } });

    const moved = await move(id, toName);
    expect(moved.body.result).toEqual({ account: id, session, from: fromName, to: toName, started: true });
    const onFrom = from.requests.filter((r) => r.path.startsWith(`/api/sessions/${session}`)).map((r) => `${r.method} ${r.path}`);
    expect(onFrom.at(-1)).toBe(`POST /api/sessions/${session}/stop`);
    expect(onFrom.some((r) => /logout|DELETE/.test(r))).toBe(false);
    const made = to.requests.find((r) => r.method === "POST" && r.path === "/api/sessions");
    const first = from.requests.find((r) => r.method === "POST" && r.path === "/api/sessions");
    expect((made?.body as { name: string; config: unknown }).config).toEqual((first?.body as { config: unknown }).config);
    expect((made?.body as { name: string }).name).toBe(session);

    await settled([from, to]);
    expect(await connectionOf(b.api, id)).toMatchObject({ account_id: id, state: "WORKING", status: "connected", phone_number: "966511110001" });
    const toId = (await server.app.deps.db.wahaServer.findUniqueOrThrow({ where: { name: toName } })).id;
    expect(await stateOf(id)).toEqual({ server: toName, settingsServer: toId, serverId: toId });
    expect((await server.app.deps.db.account.findUniqueOrThrow({ where: { id } })).createdAt).toEqual(before.createdAt);
    // Its sends go to the server it is on now.
    const sent = await b.api.post("/send", { to: "966500002222", message: "after the move", account_id: id });
    await waitFor(
      () => b.api.get(`/messages/${sent.body.message_id}`),
      (r) => r.body.status === "sent",
    );
    expect(to.sent.map((m) => m.session)).toEqual([session]);
    expect(from.sent).toEqual([]);

    const audit = await server.app.deps.db.auditEvent.findMany({ where: { tenantId: b.id, action: "account.moved" } });
    expect(audit.map((e) => [e.target, e.actorKind, e.before, e.after])).toEqual([[`account:${id}`, "cli", { server: fromName }, { server: toName, started: true }]]);
    const mails = await server.app.deps.db.mailOutbox.findMany({ where: { tenantId: b.id, dedupeKey: { startsWith: "number-moved:" } } });
    expect(mails.map((m) => [m.toAddress, m.subject])).toEqual([[`owner-${b.id}@biz.example`, "نقلنا الرقم +966511110001 إلى خادم آخر"]]);
  });

  it("with each server's own storage: the number waits for a scan on the new server, and the same phone links it again", async () => {
    const [fromName, toName] = [unique("local-from"), unique("local-to")];
    const from = await waha(fromName, 5);
    const b = await business();
    const { id, session } = await linkedNumber(server, b.api, [from], "966511110002");
    const to = await waha(toName, 5);
    expect((await move(id, toName)).status).toBe(200);
    await settled([from, to]);
    const waiting = await connectionOf(b.api, id);
    expect(waiting).toMatchObject({ state: "SCAN_QR_CODE", status: "disconnected", phone_number: "966511110002" });
    expect((await b.api.get(`/accounts/${id}/qr?format=raw`)).body).toEqual({ value: to.sessions.get(session)!.qr });
    await to.link(session, "966511110002");
    await settled([to]);
    expect(await connectionOf(b.api, id)).toMatchObject({ state: "WORKING", status: "connected", phone_number: "966511110002" });
  });

  it("refuses what cannot move, naming the field, and changes nothing", async () => {
    const [homeName, fullName, drainedName, openName] = [unique("home"), unique("full"), unique("drained"), unique("open")];
    const home = await waha(homeName, 5);
    const b = await business();
    const { id } = await linkedNumber(server, b.api, [home], "966511110003");
    const full = await waha(fullName, 1);
    await linkedNumber(server, b.api, [home, full], "966511110004");
    await waha(drainedName, 5);
    expect((await asCommandLine(server, "waha-server:drain", { name: drainedName })).status).toBe(200);
    await waha(openName, 5);
    // It goes to the server with the most room: the open one.
    const waiting = (await b.api.post("/accounts", { channel: "waha", name: "Scanning" })).body.connection.account_id as number;
    const byOperator = (await server.seed.tenant().account().create()).accounts[0]!.id;
    const simulated = (await b.api.post("/accounts", { channel: "simulator", name: "Simulated" })).body.connection.account_id as number;
    const notOnWaha = "is not on a WAHA server: only a number its business linked through WAHA has a session to move";
    // (The simulator's number shows new QR codes on its own: it is left out of what must not change.)
    expect((await move(simulated, openName)).body.error.fields).toEqual({ account: notOnWaha });
    await settled(stands);
    const digest = await storeDigest(server, ["operator_audit_event", "number_link"]);
    const requests = stands.map((s) => s.requests.length);

    const refused = async (account: number, to: string) => {
      const r = await move(account, to);
      return [r.status, r.body.error?.fields];
    };
    expect(await refused(id, "nowhere")).toEqual([422, { to: "is no WAHA server (waha-server:list names them)" }]);
    expect(await refused(id, homeName)).toEqual([422, { to: "is the server the number is on" }]);
    expect(await refused(id, drainedName)).toEqual([422, { to: "is being drained: it takes no new session" }]);
    expect(await refused(id, fullName)).toEqual([422, { to: "is full: it holds as many sessions as its capacity" }]);
    expect(await refused(waiting, homeName)).toEqual([422, { account: expect.stringMatching(/^is being linked \(its session is (SCAN_QR_CODE|STARTING)\)/) }]);
    expect(await refused(byOperator, openName)).toEqual([422, { account: notOnWaha }]);
    expect((await move(999_999, openName)).status).toBe(404);
    expect(changedTables(digest, await storeDigest(server, ["operator_audit_event", "number_link"]))).toEqual([]);
    const links = await server.app.deps.db.numberLink.findMany({ where: { accountId: { in: [id, waiting] } }, include: { server: true }, orderBy: { accountId: "asc" } });
    expect(links.map((l) => l.server?.name)).toEqual([homeName, openName]);
    // WAHA was asked to change nothing (the link sweep reads servers' sessions now and then).
    expect(stands.map((s, i) => s.requests.slice(requests[i]).filter((r) => r.method !== "GET"))).toEqual(stands.map(() => []));
  });
});

describe("a session's move the gateway cannot apply", () => {
  it("is answered 503 with Retry-After when WAHA's GET session fails, and applied when WAHA delivers it again", async () => {
    const w = await waha(unique("flaky"), 5);
    const b = await business();
    const id = (await b.api.post("/accounts", { channel: "waha", name: "Flaky" })).body.connection.account_id as number;
    const session = (await server.app.deps.db.numberLink.findUniqueOrThrow({ where: { accountId: id } })).session;
    await waitFor(
      () => connectionOf(b.api, id),
      (c) => c.state === "SCAN_QR_CODE",
    );
    const exactly = new RegExp(`^/api/sessions/${session}$`);
    // As a delivery of WORKING would be, while WAHA answers 500 to the gateway's GET session.
    w.failNext(exactly, 500, { message: "Internal server error", statusCode: 500 });
    const event = { event: "session.status", session, timestamp: Date.now(), payload: { name: session, status: "WORKING", statuses: [] } };
    const answer = await postWahaWebhook(server.url, JSON.stringify(event), HMAC_KEY);
    expect([answer.status, answer.headers.get("retry-after"), (await answer.json()).error.code]).toEqual([503, "5", "SERVICE_UNAVAILABLE"]);
    expect((await connectionOf(b.api, id)).status).toBe("disconnected");

    // WAHA's own delivery: refused once the same way, then taken on its retry.
    w.failNext(exactly, 500, { message: "Internal server error", statusCode: 500 });
    await w.link(session, "966511110005");
    await settled([w]);
    const working = w.deliveries.filter((d) => JSON.parse(d.raw).payload.status === "WORKING").map((d) => d.status);
    expect(working).toEqual([503, 200]);
    expect(await connectionOf(b.api, id)).toMatchObject({ state: "WORKING", status: "connected", phone_number: "966511110005" });
  });
});
