import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startWahaSessions } from "./kit/waha-sessions.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { sweepLinks } from "../src/features/number-links/index.js";
import { waitFor } from "./kit/wait.js";
import { wsClient } from "./kit/ws.js";

// A business connects its own WAHA numbers (docs/connecting-numbers.md), end to end against the
// WAHA session stand-in (test/kit/waha-sessions.ts, WAHA 2026.7.1): the session is created with its
// webhooks pointing here, the QR code rotates, the phone links, the number sends; a pairing code;
// a lost session linked again keeps its account and history; removing logs the session out.

const HMAC_KEY = "number-links-hmac";
const WAHA_KEY = "number-links-waha-key";

let waha: Awaited<ReturnType<typeof startWahaSessions>>;
let server: TestServer;

beforeAll(async () => {
  waha = await startWahaSessions({ apiKey: WAHA_KEY });
  server = await startServer({ WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY, SIMULATOR_LATENCY_MS: "0" });
  await runAdminCommand(server.app.deps.db, "waha-server:add", { name: "waha-1", url: waha.url, capacity: "50", apiKey: WAHA_KEY });
});
afterAll(async () => {
  await server?.close();
  await waha?.close();
});

type Api = ReturnType<TestServer["client"]>;

const connection = async (api: Api, id: number) => (await api.get(`/accounts/${id}/connection`)).body.connection;
const sessionOf = async (id: number) => (await server.app.deps.db.numberLink.findUniqueOrThrow({ where: { accountId: id } })).session;
const untilState = (api: Api, id: number, state: string) =>
  waitFor(
    () => connection(api, id),
    (c) => c.state === state,
  );

async function tenant(maxAccounts = 3) {
  const t = await server.seed.tenant({ maxAccounts }).create();
  return { ...t, api: server.client(t.key) };
}

describe("a WAHA number linked by QR code", () => {
  it("creates the session with signed webhooks, shows rotating QR codes live, links, lists and sends", async () => {
    const { api, key } = await tenant();
    const created = await api.post("/accounts", { channel: "waha", name: "Sales" });
    expect(created.status).toBe(200);
    const id = created.body.connection.account_id as number;
    expect(created.body.connection).toMatchObject({ name: "Sales", channel: "waha", phone_number: null, status: "disconnected" });
    const session = await sessionOf(id);
    const made = waha.requests.find((r) => r.method === "POST" && r.path === "/api/sessions" && (r.body as { name?: string }).name === session);
    expect(made?.headers["x-api-key"]).toBe(WAHA_KEY);
    expect((made?.body as { start: boolean; config: { webhooks: unknown[] } }).config.webhooks).toEqual([
      expect.objectContaining({ url: `${server.url}/webhooks/waha`, events: ["message", "message.ack", "session.status"], hmac: { key: HMAC_KEY } }),
    ]);
    expect((await api.get("/accounts")).body.accounts).toEqual([]);

    const ws = wsClient(server.url, { connectionParams: { authorization: `Bearer ${key}` } });
    const live = ws.subscribe<{ accountConnection: { state: string; qr: string | null; phoneNumber: string | null } }>(
      "subscription ($id: Int!) { accountConnection(id: $id) { state qr phoneNumber } }",
      { id },
    );
    await untilState(api, id, "SCAN_QR_CODE");
    const codes = [waha.sessions.get(session)!.qr];
    expect((await api.get(`/accounts/${id}/qr?format=raw`)).body).toEqual({ value: codes[0] });
    const png = await fetch(`${server.url}/api/v1/accounts/${id}/qr`, { headers: { authorization: `Bearer ${key}` } });
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    for (let i = 0; i < 2; i++) {
      await waha.rotateQr(session);
      codes.push(waha.sessions.get(session)!.qr);
      expect((await api.get(`/accounts/${id}/qr?format=raw`)).body.value).toBe(codes.at(-1));
    }
    expect(new Set(codes).size).toBe(3);
    await waitFor(
      () => Promise.resolve(live.events.map((e) => e.accountConnection.qr)),
      (seen) => codes.every((c) => seen.includes(c)),
    );

    await waha.link(session, "966512340001");
    const linked = await untilState(api, id, "WORKING");
    expect(linked).toMatchObject({ phone_number: "966512340001", status: "connected", qr: null });
    await waitFor(
      () => Promise.resolve(live.events.at(-1)?.accountConnection),
      (c) => c?.phoneNumber === "966512340001",
    );
    await ws.client.dispose();
    expect((await api.get(`/accounts/${id}/qr`)).status).toBe(409);
    const listed = (await api.get("/accounts")).body.accounts;
    expect(listed).toEqual([expect.objectContaining({ id, phone_number: "966512340001", status: "connected", state: "warming_up" })]);

    const sent = await api.post("/send", { to: "966500001234", message: "from my own number", account_id: id });
    expect(sent.status).toBe(200);
    const done = await waitFor(
      () => api.get(`/messages/${sent.body.message_id}`),
      (r) => r.body.status !== "pending",
    );
    expect(done.body.status).toBe("sent");
    expect(waha.requests.filter((r) => r.path === "/api/sendText").map((r) => r.body)).toContainEqual(expect.objectContaining({ session, chatId: "966500001234@c.us" }));
  });

  it("links by pairing code instead", async () => {
    const { api } = await tenant();
    const id = (await api.post("/accounts", { channel: "waha", name: "Support", warm_up: false })).body.connection.account_id as number;
    const session = await sessionOf(id);
    await untilState(api, id, "SCAN_QR_CODE");
    expect((await api.post(`/accounts/${id}/pairing-code`, { phone_number: "0512340002" })).status).toBe(200);
    const asked = waha.requests.find((r) => r.path === `/api/${session}/auth/request-code`);
    expect(asked?.body).toEqual({ phoneNumber: "966512340002" });
    expect(await connection(api, id)).toMatchObject({ pairing_code: waha.sessions.get(session)!.pairingCode, pairing_phone: "966512340002" });
    await waha.link(session, "966512340002");
    expect(await untilState(api, id, "WORKING")).toMatchObject({ phone_number: "966512340002", status: "connected" });
    expect((await api.get("/accounts")).body.accounts[0].state).toBe("connected");
  });

  it("a lost session is linked again on the same account, its history kept; removing logs it out and keeps the messages", async () => {
    const { api } = await tenant();
    const id = (await api.post("/accounts", { channel: "waha", name: "Branch" })).body.connection.account_id as number;
    const session = await sessionOf(id);
    await untilState(api, id, "SCAN_QR_CODE");
    await waha.link(session, "966512340003");
    await untilState(api, id, "WORKING");
    const sent = await api.post("/send", { to: "966500001235", message: "before the loss", account_id: id });
    await waitFor(
      () => api.get(`/messages/${sent.body.message_id}`),
      (r) => r.body.status === "sent",
    );

    await waha.lose(session);
    await untilState(api, id, "FAILED");
    expect((await api.get("/accounts")).body.accounts[0]).toMatchObject({ id, status: "disconnected" });
    const relinked = await api.post(`/accounts/${id}/relink`, {});
    expect(relinked.status).toBe(200);
    await untilState(api, id, "SCAN_QR_CODE");
    expect(await sessionOf(id)).toBe(session);
    await waha.link(session, "966512340003");
    expect(await untilState(api, id, "WORKING")).toMatchObject({ account_id: id, phone_number: "966512340003", status: "connected" });
    expect((await api.get(`/messages/${sent.body.message_id}`)).body).toMatchObject({ status: "sent" });

    const removed = await api.delete(`/accounts/${id}`);
    expect(removed).toMatchObject({ status: 200, body: { success: true, account_id: id } });
    expect(waha.sessions.has(session)).toBe(false);
    expect(waha.requests.filter((r) => r.method === "DELETE" && r.path === `/api/sessions/${session}`)).toHaveLength(1);
    expect((await api.get("/accounts")).body.accounts).toEqual([]);
    expect((await api.get(`/messages/${sent.body.message_id}`)).body).toMatchObject({ status: "sent" });
    expect((await api.get(`/accounts/${id}/connection`)).status).toBe(404);
    expect((await api.post("/send", { to: "966500001236", message: "after removal", account_id: id })).status).not.toBe(200);
  });
});

describe("limits and bad input", () => {
  it("the plan's number limit comes before any session; another tenant's number is unknown; a linked number has no QR", async () => {
    const { api } = await tenant(1);
    const before = waha.requests.filter((r) => r.path === "/api/sessions" && r.method === "POST").length;
    const first = await api.post("/accounts", { channel: "waha", name: "One" });
    expect(first.status).toBe(200);
    const second = await api.post("/accounts", { channel: "waha", name: "Two" });
    expect(second).toMatchObject({ status: 422, body: { error: { code: "NUMBER_LIMIT_REACHED" } } });
    expect(waha.requests.filter((r) => r.path === "/api/sessions" && r.method === "POST").length).toBe(before + 1);

    const id = first.body.connection.account_id as number;
    // A number not linked yet has no health, pause or warm-up of its own: its connection says where it stands.
    for (const r of [await api.get(`/accounts/${id}/health`), await api.post(`/accounts/${id}/resume`, {}), await api.put(`/accounts/${id}/warm-up`, { warming_up: false })]) {
      expect(r).toMatchObject({ status: 409, body: { error: { code: "LINK_NOT_READY" } } });
    }
    const other = await tenant();
    for (const r of [await other.api.get(`/accounts/${id}/qr`), await other.api.get(`/accounts/${id}/connection`), await other.api.delete(`/accounts/${id}`)]) {
      expect(r.status).toBe(404);
    }
    for (const body of [{}, { name: "" }, { name: "x", channel: "telegram" }, { name: "x", extra: 1 }]) {
      expect((await api.post("/accounts", body)).status).toBe(422);
    }
  });

  it("a WAHA server with no room, or one that refuses, leaves nothing behind", async () => {
    const { api } = await tenant();
    const db = server.app.deps.db;
    const accountsBefore = await db.account.count();
    waha.failNext(/^\/api\/sessions$/, 500, { message: "boom", statusCode: 500 });
    const refused = await api.post("/accounts", { channel: "waha", name: "Refused" });
    expect(refused).toMatchObject({ status: 502, body: { error: { code: "CHANNEL_ERROR" } } });
    expect(await db.account.count()).toBe(accountsBefore);

    await runAdminCommand(db, "waha-server:update", { name: "waha-1", capacity: "1" });
    try {
      const full = await api.post("/accounts", { channel: "waha", name: "Full" });
      expect(full).toMatchObject({ status: 422, body: { error: { code: "NO_SERVER_ROOM" } } });
      expect(await db.account.count()).toBe(accountsBefore);
    } finally {
      await runAdminCommand(db, "waha-server:update", { name: "waha-1", capacity: "50" });
    }
  });

  it("under 10 concurrent attempts exactly the plan's limit succeed, and every session left belongs to a number", async () => {
    const { api, id: tenantId } = await tenant(3);
    const db = server.app.deps.db;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => api.post("/accounts", { channel: "waha", name: `Rush ${i}` })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.error.code])).toEqual(Array.from({ length: 7 }, () => [422, "NUMBER_LIMIT_REACHED"]));
    expect(await db.account.count({ where: { tenantId } })).toBe(3);
    const links = await db.numberLink.findMany({ select: { session: true } });
    const known = new Set(links.map((l) => l.session));
    expect([...waha.sessions.keys()].filter((name) => !known.has(name))).toEqual([]);
  });

  it("the sweep ends a session of ours that no number owns, and leaves others' sessions alone", async () => {
    const post = (name: string) =>
      fetch(`${waha.url}/api/sessions`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": WAHA_KEY }, body: JSON.stringify({ name, start: true }) });
    expect((await post("gw_orphan0000000001")).status).toBe(201);
    expect((await post("someone_elses")).status).toBe(201);
    const swept = await sweepLinks(server.app.deps);
    expect(swept.orphans).toBe(1);
    expect(waha.sessions.has("gw_orphan0000000001")).toBe(false);
    expect(waha.sessions.has("someone_elses")).toBe(true);
  });

  it("the sweep ends a connection whose request died before WAHA had its session: the number and its place go", async () => {
    const { api, id: tenantId } = await tenant(1);
    const db = server.app.deps.db;
    const id = (await api.post("/accounts", { channel: "waha", name: "Died" })).body.connection.account_id as number;
    const session = await sessionOf(id);
    await untilState(api, id, "SCAN_QR_CODE");
    // As if the process had stopped between our write and WAHA's create: no session, the link still CREATING.
    await fetch(`${waha.url}/api/sessions/${session}`, { method: "DELETE", headers: { "x-api-key": WAHA_KEY } });
    // WAHA tells of the session's stop first; the crash is set up after it.
    await untilState(api, id, "STOPPED");
    await db.numberLink.update({ where: { accountId: id }, data: { state: "CREATING", updatedAt: new Date(Date.now() - 3 * 60_000) } });
    expect((await api.post("/accounts", { channel: "waha", name: "Blocked" })).status).toBe(422);
    const swept = await sweepLinks(server.app.deps);
    expect(swept.stale).toBe(1);
    expect(await db.account.count({ where: { tenantId } })).toBe(0);
    expect((await api.post("/accounts", { channel: "waha", name: "Room again" })).status).toBe(200);
  });
});
