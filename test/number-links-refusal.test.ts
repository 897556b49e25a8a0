import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Env } from "../src/core/config.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { sweepLinks } from "../src/features/number-links/index.js";
import { onPostgres, startServer, useServer, type TestServer } from "./kit/server.js";
import { startWahaSessions } from "./kit/waha-sessions.js";
import { postWahaText } from "./kit/provider-signing.js";
import { waitFor } from "./kit/wait.js";
import { subscribeLive, wsClient } from "./kit/ws.js";
import { MANY_STEPS_MS, REAL_BACKOFF_MS } from "./kit/limits.js";

// A number linked again (docs/connecting-numbers.md, step 5) whose QR code another phone scans:
// the gateway refuses the link (`other_phone`) and logs that session out. Against the WAHA session
// stand-in (test/kit/waha-sessions.ts, WAHA 2026.7.1), with the events WAHA sends after the scan
// held back, and with WAHA refusing the logout or answering it after the gateway's timeout: the
// number is never connected or a sender, stays `disconnected` with its reason, and the logout is
// tried again (with backoff, across a restart) until WAHA confirms it.

const HMAC_KEY = "refusal-hmac";
const WAHA_KEY = "refusal-waha-key";
const OWN_PHONE = "966512350001";
const STRANGER = "966512359999";
/** The logout's backoff (docs/connecting-numbers.md): 30 s after the first failure, doubling. */
const FIRST_RETRY_MS = 30_000;
const ENV: Env = { WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY, SIMULATOR_LATENCY_MS: "0", CHANNEL_TIMEOUT_MS: "500" };

let waha: Awaited<ReturnType<typeof startWahaSessions>>;
const servers: TestServer[] = [];
// On PostgreSQL this file's own server lends its schema to the gateways that share one database; it runs no worker.
const lender = onPostgres ? useServer({ WORKER_ENABLED: "false" }) : undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-refusal-"));

beforeAll(async () => {
  waha = await startWahaSessions({ apiKey: WAHA_KEY });
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await waha?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Api = ReturnType<TestServer["client"]>;

/**
 * A gateway on a database of its own, or (`shared`) on the one every shared gateway of this file
 * uses, as after a restart. A shared one runs no background work: the test runs the link sweep
 * itself, at the times it sets on the clock.
 */
async function gateway(shared = false): Promise<TestServer> {
  const database = !shared ? {} : lender ? { DATABASE_URL: lender().databaseUrl!, WORKER_ENABLED: "false" } : { DATA_DIR: path.join(dir, "db"), WORKER_ENABLED: "false" };
  const server = await startServer({ ...ENV, ...database });
  servers.push(server);
  return server;
}

/** Stops a gateway (its sweep would end the sessions of numbers other gateways' databases hold). */
async function stop(server: TestServer): Promise<void> {
  servers.splice(servers.indexOf(server), 1);
  await server.close();
}

const connection = async (api: Api, id: number) => (await api.get(`/accounts/${id}/connection`)).body.connection;
const untilState = (api: Api, id: number, state: string) =>
  waitFor(
    () => connection(api, id),
    (c) => c.state === state,
  );
const logouts = (session: string) => waha.requests.filter((r) => r.method === "POST" && r.path === `/api/sessions/${session}/logout`).length;
const accountsQuery = "{ accounts { id status stateReason } }";

/** A tenant's WAHA number linked with its own phone. */
async function linkedNumber(server: TestServer) {
  await runAdminCommand(server.app.deps.db, "waha-server:add", { name: `waha-${servers.length}`, url: waha.url, capacity: "50", apiKey: WAHA_KEY });
  const t = await server.seed.tenant({ maxAccounts: 2 }).create();
  const api = server.client(t.key);
  const id = (await api.post("/accounts", { channel: "waha", name: "Sales" })).body.connection.account_id as number;
  const { session } = await server.app.deps.db.numberLink.findUniqueOrThrow({ where: { accountId: id } });
  await untilState(api, id, "SCAN_QR_CODE");
  await waha.link(session, OWN_PHONE);
  expect(await untilState(api, id, "WORKING")).toMatchObject({ status: "connected", phone_number: OWN_PHONE });
  return { api, key: t.key, id, session };
}

/** The phone logs out, and the tenant links the number again: the session waits for a scan. */
async function loseAndRelink(api: Api, id: number, session: string): Promise<void> {
  await waha.lose(session);
  expect(await untilState(api, id, "FAILED")).toMatchObject({ status: "disconnected" });
  expect((await api.post(`/accounts/${id}/relink`, {})).status).toBe(200);
  await untilState(api, id, "SCAN_QR_CODE");
}

/** What the tenant is shown of the number, over REST and GraphQL. */
async function shown(api: Api, id: number) {
  const listed = (await api.get("/accounts")).body.accounts.find((a: { id: number }) => a.id === id);
  const graphql = (await api.request("POST", "/graphql", { query: accountsQuery })).body.data.accounts.find((a: { id: number }) => a.id === id);
  return { rest: listed?.status, restReason: listed?.state_reason, graphql: graphql?.status, graphqlReason: graphql?.stateReason, connection: await connection(api, id) };
}

/** Reads `read` over and over until stopped; answers every value read. */
function watch<T>(read: () => Promise<T>) {
  const seen: T[] = [];
  let on = true;
  const loop = (async () => {
    while (on) seen.push(await read());
  })();
  return {
    seen,
    stop: async () => {
      on = false;
      await loop;
      return seen;
    },
  };
}

describe("a re-link scanned by another phone", () => {
  it("is never connected nor a sender, with WAHA's later events held back; the number's own phone links it again", { timeout: MANY_STEPS_MS }, async () => {
    const server = await gateway();
    const { api, key, id, session } = await linkedNumber(server);
    const ws = wsClient(server.url, { connectionParams: { authorization: `Bearer ${key}` } });
    const changes = ws.subscribe<{ accountStatusChanges: { accountId: number; state: string; reason: string } }>(
      "subscription ($id: Int) { accountStatusChanges(accountId: $id) { accountId state reason } }",
      { id },
    );
    // Listening once a change of the number's warm-up arrives.
    let warming = true;
    expect(await subscribeLive(changes, () => api.put(`/accounts/${id}/warm-up`, { warming_up: (warming = !warming) }))).toBe("live");
    await loseAndRelink(api, id, session);
    const feed = ws.subscribe<{ accountConnection: { state: string; status: string; error: string | null } }>(
      "subscription ($id: Int!) { accountConnection(id: $id) { state status error } }",
      { id },
    );
    await waitFor(
      () => Promise.resolve(feed.events.length),
      (n) => n > 0,
    );
    const changesBefore = changes.events.length;
    const sendsBefore = waha.requests.filter((r) => r.path === "/api/sendText").length;

    const watched = watch(() => shown(api, id));
    const scanned = waha.link(session, STRANGER);
    // Whatever WAHA says after the scan (the logout's restart, its new QR code) is late.
    waha.holdEvents(session);
    await scanned;
    const during = await watched.stop();
    // The premise: the watcher read the number at least once while the scan was handled.
    expect(during.length).toBeGreaterThan(0);
    for (const s of during) expect([s.rest, s.graphql, s.connection.status]).toEqual(["disconnected", "disconnected", "disconnected"]);

    const now = await shown(api, id);
    expect(now).toMatchObject({ rest: "disconnected", restReason: "other_phone", graphql: "disconnected", graphqlReason: "other_phone" });
    expect(now.connection).toMatchObject({ state: "FAILED", status: "disconnected", error: "other_phone", phone_number: OWN_PHONE });
    const named = await api.post("/send", { to: "966500001240", message: "from the stranger's phone?", account_id: id });
    expect(named.status).toBe(422);
    const any = await api.post("/send", { to: "966500001241", message: "from any number" });
    expect(any).toMatchObject({ status: 422, body: { error: { code: "NO_CONNECTED_NUMBER" } } });
    expect(waha.requests.filter((r) => r.path === "/api/sendText")).toHaveLength(sendsBefore);
    // The stranger's phone was logged out of the session.
    expect(logouts(session)).toBe(2);
    expect(waha.sessions.get(session)?.me).toBeNull();

    waha.releaseEvents(session);
    await waitFor(
      () => Promise.resolve(waha.sessions.get(session)?.status),
      (s) => s === "SCAN_QR_CODE",
    );
    await waitFor(
      () => Promise.resolve(waha.deliveries.filter((d) => d.raw.includes(session)).at(-1)?.raw),
      (raw) => raw?.includes('"status":"SCAN_QR_CODE"') === true,
    );
    expect(await shown(api, id)).toMatchObject({ rest: "disconnected", restReason: "other_phone" });
    expect(await connection(api, id)).toMatchObject({ state: "FAILED", status: "disconnected", error: "other_phone" });
    expect(feed.events.map((e) => e.accountConnection.status)).not.toContain("connected");
    const since = changes.events.slice(changesBefore).map((e) => e.accountStatusChanges);
    expect(since.filter((e) => e.state === "connected" || e.state === "warming_up")).toEqual([]);
    expect(feed.errors.concat(changes.errors)).toEqual([]);

    // Its own phone links it again: connected, and sending.
    expect((await api.post(`/accounts/${id}/relink`, {})).status).toBe(200);
    await untilState(api, id, "SCAN_QR_CODE");
    await waha.link(session, OWN_PHONE);
    expect(await untilState(api, id, "WORKING")).toMatchObject({ status: "connected", error: null, phone_number: OWN_PHONE });
    const sent = await api.post("/send", { to: "966500001242", message: "back on my own phone", account_id: id });
    expect(sent.status).toBe(200);
    await waitFor(
      () => api.get(`/messages/${sent.body.message_id}`),
      (r) => r.body.status === "sent",
    );
    await ws.client.dispose();
    await stop(server);
  });

  it("a logout still owed when the tenant links the number again is settled by that re-link: its own phone stays logged in", { timeout: MANY_STEPS_MS }, async () => {
    const server = await gateway();
    const { api, id, session } = await linkedNumber(server);
    await loseAndRelink(api, id, session);
    waha.failNext(new RegExp(`^/api/sessions/${session}/logout$`), 500, { message: "Internal server error", statusCode: 500 });
    await waha.link(session, STRANGER);
    expect(await connection(api, id)).toMatchObject({ state: "FAILED", status: "disconnected", error: "other_phone" });

    expect((await api.post(`/accounts/${id}/relink`, {})).status).toBe(200);
    await untilState(api, id, "SCAN_QR_CODE");
    await waha.link(session, OWN_PHONE);
    expect(await untilState(api, id, "WORKING")).toMatchObject({ status: "connected", error: null });
    const before = logouts(session);
    server.app.deps.clock.advance(24 * 3_600_000);
    await sweepLinks(server.app.deps);
    expect(logouts(session)).toBe(before);
    expect(waha.sessions.get(session)?.me?.id).toBe(`${OWN_PHONE}@c.us`);
    expect(await shown(api, id)).toMatchObject({ rest: "connected", graphql: "connected" });
    await stop(server);
  });

  it("what the stranger's WhatsApp receives on the session is nobody's here, before its refusal is known and while its logout is owed", { timeout: MANY_STEPS_MS }, async () => {
    const server = await gateway();
    const { api, id, session } = await linkedNumber(server);
    await loseAndRelink(api, id, session);
    const inbound = async () => (await api.get("/inbound-messages")).body.inbound_messages as Array<{ text: string }>;
    expect(await postWahaText(server.url, HMAC_KEY, session, OWN_PHONE, "966500001250", "before the loss")).toMatchObject({ stored: 1 });
    waha.failNext(new RegExp(`^/api/sessions/${session}/logout$`), 500, { message: "Internal server error", statusCode: 500 });

    // The stranger scans; WAHA's WORKING is late, and a message to the stranger's WhatsApp comes first.
    waha.holdEvents(session);
    const scanned = waha.link(session, STRANGER);
    expect(await postWahaText(server.url, HMAC_KEY, session, STRANGER, "966500001251", "for the stranger, early")).toMatchObject({ stored: 0, duplicates: 0 });
    waha.releaseEvents(session);
    await scanned;
    expect(await connection(api, id)).toMatchObject({ state: "FAILED", status: "disconnected", error: "other_phone" });
    // WAHA refused the logout: the stranger is still on the session.
    expect(waha.sessions.get(session)?.me?.id).toBe(`${STRANGER}@c.us`);
    expect(await postWahaText(server.url, HMAC_KEY, session, STRANGER, "966500001252", "for the stranger, later")).toMatchObject({ stored: 0, duplicates: 0 });
    expect((await inbound()).map((m) => m.text)).toEqual(["before the loss"]);
    await stop(server);
  });

  // Two gateways start on one database; on PGlite that is a data directory migrated from scratch (~20 s on a busy machine).
  it("stays disconnected while WAHA refuses the logout, and tries it again with backoff, across a restart, until WAHA confirms it", { timeout: REAL_BACKOFF_MS }, async () => {
    let server = await gateway(true);
    const { api, id, session } = await linkedNumber(server);
    await loseAndRelink(api, id, session);
    waha.failNext(new RegExp(`^/api/sessions/${session}/logout$`), 500, { message: "Internal server error", statusCode: 500 });
    await waha.link(session, STRANGER);
    expect(logouts(session)).toBe(2);
    // WAHA kept the stranger logged in.
    expect(waha.sessions.get(session)?.me?.id).toBe(`${STRANGER}@c.us`);
    expect(await shown(api, id)).toMatchObject({ rest: "disconnected", restReason: "other_phone", graphql: "disconnected" });
    expect(await connection(api, id)).toMatchObject({ state: "FAILED", status: "disconnected", error: "other_phone" });
    expect((await api.post("/send", { to: "966500001243", message: "no" })).body.error.code).toBe("NO_CONNECTED_NUMBER");

    // Not before its time (half of it, then past it).
    server.app.deps.clock.advance(FIRST_RETRY_MS / 2);
    await sweepLinks(server.app.deps);
    expect(logouts(session)).toBe(2);
    // Then again: WAHA logs the stranger out but answers after the gateway's timeout, so the gateway cannot count on it.
    waha.answerLateNext(new RegExp(`^/api/sessions/${session}/logout$`), 1_500);
    server.app.deps.clock.advance(FIRST_RETRY_MS / 2 + 1_000);
    await sweepLinks(server.app.deps);
    expect(logouts(session)).toBe(3);
    expect(await shown(api, id)).toMatchObject({ rest: "disconnected", restReason: "other_phone" });

    // The gateway restarts; the logout is still owed, now after twice the wait: not at half of it, then past it.
    const ahead = FIRST_RETRY_MS + 1_000;
    await stop(server);
    server = await gateway(true);
    server.app.deps.clock.advance(ahead + FIRST_RETRY_MS);
    await sweepLinks(server.app.deps);
    expect(logouts(session)).toBe(3);
    server.app.deps.clock.advance(FIRST_RETRY_MS + 5_000);
    await sweepLinks(server.app.deps);
    expect(logouts(session)).toBe(4);
    expect(waha.sessions.get(session)?.me).toBeNull();

    // Confirmed: nothing more is owed, and the number stays as the guide says until it is linked again.
    server.app.deps.clock.advance(24 * 3_600_000);
    await sweepLinks(server.app.deps);
    expect(logouts(session)).toBe(4);
    const api2 = server.client(api.key);
    expect(await shown(api2, id)).toMatchObject({ rest: "disconnected", restReason: "other_phone", graphql: "disconnected", graphqlReason: "other_phone" });
    expect(await connection(api2, id)).toMatchObject({ state: "FAILED", status: "disconnected", error: "other_phone", phone_number: OWN_PHONE });
  });
});
