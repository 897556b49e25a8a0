import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startServer, useServer, type TestServer } from "./kit/server.js";
import { subscribeLive, wsClient } from "./kit/ws.js";

// Live status over graphql-ws on /graphql, and over server-sent events for clients without websockets.
const server = useServer();

interface Event {
  id: string;
  type: string;
  messageId: string;
  status: string;
  statusVersion: number;
  batchId: string | null;
  message?: { to: string; status: string };
}

const MESSAGE_STATUS = `subscription ($id: ID!) { messageStatus(id: $id) { id type messageId status statusVersion } }`;
const numbers = (count: number, from: number) => Array.from({ length: count }, (_, i) => `05${String(64_000_000 + from + i)}`);

function expectForward(events: Event[]) {
  const versions = new Map<string, number>();
  for (const e of events.filter((x) => x.type === "STATUS")) {
    expect(e.statusVersion).toBeGreaterThan(versions.get(e.messageId) ?? 0);
    versions.set(e.messageId, e.statusVersion);
  }
}

describe("messageStatus", () => {
  it("gives a sent message's state at once and completes (the simulator reports no receipts)", async () => {
    const t = await server().seed.tenant().account().create();
    const sent = await server().client(t.key).post("/send", { to: "0501234567", message: "code 1234" });
    const ws = wsClient(server().url, { connectionParams: { apiKey: t.key } });
    const sub = ws.subscribe<{ messageStatus: Event }>(MESSAGE_STATUS, { id: String(sent.body.message_id) });
    await sub.done;
    expect(sub.errors).toEqual([]);
    expect(sub.events.map((e) => e.messageStatus)).toEqual([
      { id: `evt_${sent.body.message_id}_2`, type: "STATUS", messageId: String(sent.body.message_id), status: "sent", statusVersion: 2 },
    ]);
    await ws.close();
  });

  it("follows a paced queued message from pending to sent, forward only, then completes", async () => {
    const t = await server().seed.tenant().account({ minIntervalMs: 150 }).create();
    const api = server().client(t.key);
    const bulk = await api.post("/send-bulk", { numbers: numbers(4, 0), message: "paced" });
    const last = bulk.body.messages.at(-1).message_id as number;
    const ws = wsClient(server().url, { connectionParams: { Authorization: `Bearer ${t.key}` } });
    const sub = ws.subscribe<{ messageStatus: Event }>(MESSAGE_STATUS, { id: String(last) });
    await sub.done;
    const events = sub.events.map((e) => e.messageStatus);
    expect(sub.errors).toEqual([]);
    expect(events[0]!.status).not.toBe("sent");
    expect(events.at(-1)!.status).toBe("sent");
    expect(events.map((e) => e.status)).toContain("sending");
    expectForward(events);
    await ws.close();
  });

  it("answers another tenant's message with NOT_FOUND and no event", async () => {
    const owner = await server().seed.tenant().account().create();
    const other = await server().seed.tenant().account().create();
    const sent = await server().client(owner.key).post("/send", { to: "0501234567", message: "x" });
    const ws = wsClient(server().url, { connectionParams: { apiKey: other.key } });
    for (const id of [String(sent.body.message_id), "999999999", "not-an-id"]) {
      const sub = ws.subscribe(MESSAGE_STATUS, { id });
      await sub.done;
      expect(sub.events).toEqual([]);
      expect(sub.errors.map((e) => e.extensions?.code)).toEqual(["NOT_FOUND"]);
    }
    await ws.close();
  });
});

describe("messageEvents and batchProgress", () => {
  it("delivers every change of a batch once, filtered by status, with the re-read message", async () => {
    const t = await server().seed.tenant().account().account().create();
    const ws = wsClient(server().url, { connectionParams: { apiKey: t.key } });
    const sub = ws.subscribe<{ messageEvents: Event }>(
      `subscription { messageEvents(filter: { statuses: [sent] }) { id type messageId status statusVersion batchId message { to status } } }`,
    );
    // The subscription is live once a message sent after it shows up.
    expect(await subscribeLive(sub, () => server().client(t.key).post("/send", { to: "0501234567", message: "warm-up" }))).toBe("live");
    expect(sub.errors).toEqual([]);
    const bulk = await server()
      .client(t.key)
      .post("/send-bulk", { numbers: numbers(6, 100), message: "hello" });
    const ids = (bulk.body.messages as Array<{ message_id: number }>).map((m) => String(m.message_id));
    const ofBatch = () => sub.events.map((e) => e.messageEvents).filter((e) => e.batchId !== null);
    await expect.poll(() => ofBatch().length, { timeout: 10_000 }).toBe(6);
    expect(sub.errors).toEqual([]);
    const events = ofBatch();
    expect(events.map((e) => e.messageId).sort()).toEqual([...ids].sort());
    for (const e of events) {
      expect(e).toMatchObject({ type: "STATUS", status: "sent", batchId: String(bulk.body.batch_id), message: { status: "sent" } });
    }
    expect(new Set(events.map((e) => e.id)).size).toBe(6);
    sub.stop();
    await ws.close();
  });

  it("reports a batch's counts at once and as they change, and completes when it is finished", async () => {
    const t = await server().seed.tenant().account({ minIntervalMs: 100 }).create();
    const api = server().client(t.key);
    const bulk = await api.post("/send-bulk", { numbers: numbers(5, 200), message: "progress" });
    const ws = wsClient(server().url, { connectionParams: { apiKey: t.key } });
    type Progress = { batchProgress: { id: string; finished: boolean; counts: Record<string, number> } };
    const sub = ws.subscribe<Progress>(`subscription ($id: ID!) { batchProgress(id: $id) { id finished counts { pending sending sent failed } } }`, {
      id: String(bulk.body.batch_id),
    });
    await sub.done;
    expect(sub.errors).toEqual([]);
    const views = sub.events.map((e) => e.batchProgress);
    expect(views.length).toBeGreaterThan(1);
    expect(views.at(-1)).toEqual({ id: String(bulk.body.batch_id), finished: true, counts: { pending: 0, sending: 0, sent: 5, failed: 0 } });
    for (let i = 1; i < views.length; i++) expect(views[i]!.counts.sent).toBeGreaterThanOrEqual(views[i - 1]!.counts.sent!);
    await ws.close();
  });
});

describe("websocket authentication and limits", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({
      WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: "2",
      WS_MAX_SUBSCRIPTIONS_PER_KEY: "3",
      WS_CONNECTION_INIT_TIMEOUT_MS: "300",
      WS_MAX_PAYLOAD_BYTES: "2048",
    });
  });
  afterAll(() => limited.close());

  it("closes with 4403 before any subscription for a missing, wrong, suspended or expired key", async () => {
    const suspended = await server().seed.tenant({ status: "suspended" }).account().create();
    const expired = await server().seed.tenant({ ends: "2020-01-31" }).account().create();
    for (const params of [{}, { apiKey: "gw_AAAAAAAA_wrongwrongwrongwrongwrongwrongwrong" }, { apiKey: suspended.key }, { apiKey: expired.key }]) {
      const ws = wsClient(server().url, { connectionParams: params });
      const sub = ws.subscribe(`subscription { messageEvents { id } }`);
      expect(await ws.closedWith).toBe(4403);
      await sub.done;
      expect(sub.events).toEqual([]);
      await ws.close();
    }
  });

  it("takes the key from ?api_key= on the websocket URL", async () => {
    const t = await server().seed.tenant().account().create();
    const ws = wsClient(server().url, { query: `?api_key=${t.key}` });
    const r = ws.subscribe<{ balance: { plan: string } }>(`{ balance { plan } }`);
    await r.done;
    expect(r.errors).toEqual([]);
    expect(r.events[0]!.balance.plan).toMatch(/^plan-/);
    await ws.close();
  });

  it("limits subscriptions per connection and per key, each with a clear error", async () => {
    const t = await limited.seed.tenant().account().create();
    const first = wsClient(limited.url, { connectionParams: { apiKey: t.key } });
    const subs = [first.subscribe(`subscription { messageEvents { id } }`), first.subscribe(`subscription { messageEvents { id } }`)];
    const third = first.subscribe(`subscription { messageEvents { id } }`);
    await third.done;
    expect(third.errors.map((e) => e.extensions?.code)).toEqual(["TOO_MANY_SUBSCRIPTIONS"]);

    const second = wsClient(limited.url, { connectionParams: { apiKey: t.key } });
    const ok = second.subscribe(`subscription { messageEvents { id } }`);
    await second.subscribe(`{ balance { plan } }`).done;
    const over = second.subscribe(`subscription { messageEvents { id } }`);
    await over.done;
    expect(over.errors.map((e) => e.extensions?.code)).toEqual(["TOO_MANY_SUBSCRIPTIONS"]);
    expect(over.errors[0]!.message).toContain("3 live subscriptions");
    // Ending one gives its slot back: a new one then hears an event (not merely no refusal yet).
    subs[0]!.stop();
    const send = () => limited.client(t.key).post("/send", { to: "0501234567", message: "slot" });
    await expect
      .poll(async () => {
        const again = second.subscribe(`subscription { messageEvents { id } }`);
        const outcome = await subscribeLive(again, send);
        again.stop();
        return outcome === "live" ? "live" : again.errors.map((e) => e.extensions?.code).join();
      })
      .toBe("live");
    ok.stop();
    await first.close();
    await second.close();
  });

  it("closes a socket that never says connection_init (4408) and one that sends too large a message (1009)", async () => {
    const url = `${limited.url.replace(/^http/, "ws")}/graphql`;
    const silent = new WebSocket(url, "graphql-transport-ws");
    expect(await new Promise((resolve) => silent.on("close", (code) => resolve(code)))).toBe(4408);
    const big = new WebSocket(url, "graphql-transport-ws");
    await new Promise((resolve) => big.on("open", resolve));
    big.send(JSON.stringify({ type: "connection_init", payload: { padding: "x".repeat(4096) } }));
    expect(await new Promise((resolve) => big.on("close", (code) => resolve(code)))).toBe(1009);
  });
});

describe("server-sent events", () => {
  it("streams messageStatus to a client without websockets", async () => {
    const t = await server().seed.tenant().account().create();
    const sent = await server().client(t.key).post("/send", { to: "0501234567", message: "sse" });
    const query = encodeURIComponent(`subscription { messageStatus(id: "${sent.body.message_id}") { status statusVersion } }`);
    const response = await fetch(`${server().url}/graphql?query=${query}`, { headers: { accept: "text/event-stream", authorization: `Bearer ${t.key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const text = await response.text();
    expect(text).toContain(`"messageStatus":{"status":"sent","statusVersion":2}`);
    expect(text).toContain("event: complete");
  });
});
