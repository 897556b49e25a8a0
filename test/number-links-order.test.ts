import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { startServer, type TestServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import { startWahaSessions } from "./kit/waha-sessions.js";

// WAHA's session.status webhooks are not delivered in order: a delivery that was retried or held up
// arrives after the events that followed it (test/kit/waha-webhook-awkward.ts). The gateway keeps
// the newest state WAHA reported, by the event's own time, whatever the order they arrive in; an
// event WAHA sends again (a retry of one the gateway already took) changes nothing. QR codes expire
// (six to a start, then FAILED): each new one is shown, and after the last the link says so.

const HMAC_KEY = "number-links-order-hmac";
let waha: Awaited<ReturnType<typeof startWahaSessions>>;
let server: TestServer;

beforeAll(async () => {
  waha = await startWahaSessions({ retryScale: 0.01 });
  server = await startServer({ WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY, SIMULATOR_LATENCY_MS: "0" });
  await runAdminCommand(server.app.deps.db, "waha-server:add", { name: "waha-order", url: waha.url, capacity: "50" });
});
afterAll(async () => {
  await server?.close();
  await waha?.close();
});

async function waitingNumber() {
  const t = await server.seed.tenant({ maxAccounts: 3 }).create();
  const api = server.client(t.key);
  const id = (await api.post("/accounts", { channel: "waha", name: "Ordered" })).body.connection.account_id as number;
  const session = (await server.app.deps.db.numberLink.findUniqueOrThrow({ where: { accountId: id } })).session;
  const connection = async () => (await api.get(`/accounts/${id}/connection`)).body.connection;
  await waitFor(connection, (c) => c.state === "SCAN_QR_CODE");
  return { api, id, session, connection };
}

/** Waits until WAHA has had the gateway's answer to every event of the session made so far, `count` in all. */
const answered = (session: string, count: number) =>
  waitFor(
    () => waha.deliveries.filter((d) => (JSON.parse(d.raw) as { session: string }).session === session),
    (ds) => ds.length === count && ds.every((d) => d.status === 200),
  );

describe("session.status delivered out of order", () => {
  it("a QR code event that arrives after the session works leaves the number linked and connected", async () => {
    const n = await waitingNumber();
    waha.delayNextEvents(n.session);
    const late = waha.rotateQr(n.session);
    await waha.link(n.session, "966512390001");
    const linked = await waitFor(n.connection, (c) => c.state === "WORKING");
    expect(linked).toMatchObject({ phone_number: "966512390001", status: "connected", qr: null });
    // STARTING, SCAN_QR_CODE and WORKING answered; now the late SCAN_QR_CODE.
    expect(waha.releaseLateEvents(n.session)).toBe(1);
    await late;
    await answered(n.session, 4);
    expect(await n.connection()).toMatchObject({ state: "WORKING", phone_number: "966512390001", status: "connected", qr: null });
    expect((await n.api.get("/accounts")).body.accounts).toEqual([expect.objectContaining({ id: n.id, status: "connected" })]);
  });

  it("a STARTING that arrives after the restarted session works again leaves it working", async () => {
    const n = await waitingNumber();
    await waha.link(n.session, "966512390002");
    await waitFor(n.connection, (c) => c.state === "WORKING");
    waha.delayNextEvents(n.session);
    // WAHA restarts the session (still logged in): STARTING, then WORKING again.
    expect((await fetch(`${waha.url}/api/sessions/${n.session}/restart`, { method: "POST" })).status).toBe(201);
    await waitFor(
      () => waha.sessions.get(n.session)!.statuses.map((s) => s.status),
      (s) => s.at(-1) === "WORKING" && s.at(-2) === "STARTING",
    );
    await answered(n.session, 4);
    expect(waha.releaseLateEvents(n.session)).toBe(1);
    await answered(n.session, 5);
    expect(await n.connection()).toMatchObject({ state: "WORKING", phone_number: "966512390002", status: "connected" });
  });
});

describe("QR codes that expire", () => {
  it("shows each of the six codes in turn; after the last expires the link is FAILED with no code, and a relink starts again", async () => {
    const n = await waitingNumber();
    const shown = async () => (await n.api.get(`/accounts/${n.id}/qr?format=raw`)).body.value as string;
    const codes = [await shown()];
    expect(codes[0]).toBe(waha.sessions.get(n.session)!.qr);
    for (let i = 1; i < 6; i++) {
      await waha.expireQr(n.session);
      const next = waha.sessions.get(n.session)!.qr!;
      await waitFor(shown, (v) => v === next);
      codes.push(next);
    }
    expect(new Set(codes).size).toBe(6);
    await waha.expireQr(n.session);
    expect(await waitFor(n.connection, (c) => c.state === "FAILED")).toMatchObject({ qr: null, status: "disconnected" });
    expect((await n.api.get(`/accounts/${n.id}/qr`)).status).toBe(409);
    expect((await n.api.post(`/accounts/${n.id}/relink`, {})).status).toBe(200);
    await waitFor(n.connection, (c) => c.state === "SCAN_QR_CODE");
    expect(await shown()).toBe(waha.sessions.get(n.session)!.qr);
    expect(codes).not.toContain(await shown());
  });
});

describe("WAHA's retries", () => {
  it("a WORKING the gateway could not finish (WAHA failed its own lookup) is taken when WAHA sends it again", async () => {
    const n = await waitingNumber();
    // The gateway reads the session's phone from WAHA on WORKING; that read fails once.
    waha.failNext(new RegExp(`^/api/sessions/${n.session}$`), 500, { message: "Internal server error", statusCode: 500 });
    await waha.link(n.session, "966512390003");
    const working = await waitFor(
      () =>
        waha.deliveries.filter(
          (d) => (JSON.parse(d.raw) as { session: string; payload: { status: string } }).session === n.session && JSON.parse(d.raw).payload.status === "WORKING",
        ),
      (ds) => ds.at(-1)?.status === 200,
      30_000,
    );
    // Not taken (503, Retry-After: WAHA's lookup failed, not the gateway), then taken.
    expect(working.map((d) => d.status)).toEqual([503, 200]);
    expect(new Set(working.map((d) => d.raw)).size).toBe(1);
    expect(await n.connection()).toMatchObject({ state: "WORKING", phone_number: "966512390003", status: "connected", error: null });
  });
});
