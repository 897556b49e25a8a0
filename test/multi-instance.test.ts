import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { onPostgres, startServer, useServer } from "./kit/server.js";
import { startServerProcess } from "./kit/spawn.js";
import { heardWhere, subscribeLive, wsClient } from "./kit/ws.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";

// Two server instances on one PostgreSQL and one Redis: this file's server (A) runs no worker; a
// second server process (B) runs the only one. A subscriber on A must hear every change B makes.
describe.runIf(onPostgres && process.env.REDIS_URL)("events across instances (PostgreSQL + Redis)", () => {
  const server = useServer({ WORKER_ENABLED: "false" });
  let instanceB: ChildProcess | undefined;
  afterAll(() => {
    instanceB?.kill("SIGKILL");
  });

  async function startInstanceB(): Promise<ChildProcess> {
    const { child } = await startServerProcess({
      DATA_DIR: "",
      NODE_ENV: "test",
      SEED_DEMO: "false",
      DATABASE_URL: server().databaseUrl!,
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: server().app.deps.config.redisPrefix,
      WORKER_ENABLED: "true",
      WORKER_POLL_MS: "20",
      WORKER_BATCH_SIZE: "10",
      SIMULATOR_LATENCY_MS: "2",
    });
    return child;
  }

  interface Event {
    id: string;
    messageId: string;
    status: string;
    statusVersion: number;
    batchId: string | null;
  }

  it("a subscriber on instance A receives every change instance B's worker makes, once each, in order", { timeout: OWN_PROCESSES_MS }, async () => {
    const t = await server().seed.tenant({ monthlyLimit: 10_000 }).account().account().create();
    const api = server().client(t.key);
    const ws = wsClient(server().url, { connectionParams: { apiKey: t.key } });
    const sub = ws.subscribe<{ messageEvents: Event }>(`subscription { messageEvents { id messageId status statusVersion batchId } }`);
    instanceB = await startInstanceB();

    // Live once a queued message sent after subscribing comes back delivered by B.
    const sent = (e: { messageEvents: Event }) => e.messageEvents.status === "sent";
    expect(await subscribeLive(heardWhere(sub, sent), () => api.post("/send-bulk", { numbers: ["0501230000"], message: "warm-up" }), 30_000)).toBe("live");
    expect(sub.errors).toEqual([]);

    const bulk = await api.post("/send-bulk", { numbers: Array.from({ length: 60 }, (_, i) => `05${65_000_000 + i}`), message: "across" });
    expect(bulk.status).toBe(200);
    const batchId = String(bulk.body.batch_id);
    const ofBatch = () => sub.events.map((e) => e.messageEvents).filter((e) => e.batchId === batchId);
    await expect.poll(() => ofBatch().filter((e) => e.status === "sent").length, { timeout: 30_000 }).toBe(60);

    const events = ofBatch();
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const byMessage = new Map<string, Event[]>();
    for (const e of events) byMessage.set(e.messageId, [...(byMessage.get(e.messageId) ?? []), e]);
    expect(byMessage.size).toBe(60);
    for (const list of byMessage.values()) {
      expect(list.map((e) => [e.status, e.statusVersion])).toEqual([
        ["pending", 1],
        ["sending", 2],
        ["sent", 3],
      ]);
    }
    // B, not A, did the sending: A runs no worker.
    const rows = await server().app.deps.db.message.findMany({ where: { batchId: BigInt(batchId) } });
    expect(rows.every((m) => m.status === "sent")).toBe(true);

    sub.stop();
    await ws.close();
    instanceB.kill("SIGTERM");
    expect(await new Promise((resolve) => instanceB!.once("exit", resolve))).toBe(0);
    instanceB = undefined;
  });

  it("a message's first claim repeats its queued state ahead of sending, so a subscriber that missed it still sees each state in order", async () => {
    // The request's own `pending` may reach a subscriber late through Redis (after another
    // instance's `sending`) or, as here, before the subscription started: either way the claim
    // publishes it again, with its own id and version, ahead of `sending`.
    const own = await startServer({ WORKER_POLL_MS: "20" });
    try {
      const t = await own.seed.tenant().account().create();
      const api = own.client(t.key);
      const later = new Date(own.app.deps.clock.now().getTime() + 3_600_000).toISOString();
      const bulk = await api.post("/send-bulk", { numbers: ["0501231000", "0501231001"], message: "later", send_at: later });
      expect(bulk.status).toBe(200);
      const ws = wsClient(own.url, { connectionParams: { apiKey: t.key } });
      const sub = ws.subscribe<{ messageEvents: Event }>(`subscription { messageEvents { id messageId status statusVersion batchId } }`);
      // Live once an inline send made after subscribing comes back sent.
      const sent = (e: { messageEvents: Event }) => e.messageEvents.status === "sent";
      expect(await subscribeLive(heardWhere(sub, sent), () => api.post("/send", { to: "0501231999", message: "warm-up" }), 30_000)).toBe("live");
      own.app.deps.clock.advance(2 * 3_600_000);
      const batchId = String(bulk.body.batch_id);
      const ofBatch = () => sub.events.map((e) => e.messageEvents).filter((e) => e.batchId === batchId);
      await expect.poll(() => ofBatch().filter((e) => e.status === "sent").length, { timeout: 30_000 }).toBe(2);
      for (const id of bulk.body.messages.map((m: { message_id: number }) => String(m.message_id))) {
        expect(
          ofBatch()
            .filter((e) => e.messageId === id)
            .map((e) => [e.id, e.status, e.statusVersion]),
        ).toEqual([
          [`evt_${id}_1`, "pending", 1],
          [`evt_${id}_2`, "sending", 2],
          [`evt_${id}_3`, "sent", 3],
        ]);
      }
      sub.stop();
      await ws.close();
    } finally {
      await own.close();
    }
  });
});
