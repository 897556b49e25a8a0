import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { onPostgres, useServer } from "./kit/server.js";
import { startServerProcess } from "./kit/spawn.js";
import { wsClient } from "./kit/ws.js";

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

  it("a subscriber on instance A receives every change instance B's worker makes, once each, in order", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 10_000 }).account().account().create();
    const api = server().client(t.key);
    const ws = wsClient(server().url, { connectionParams: { apiKey: t.key } });
    const sub = ws.subscribe<{ messageEvents: Event }>(`subscription { messageEvents { id messageId status statusVersion batchId } }`);
    instanceB = await startInstanceB();

    // Live once a queued message sent after subscribing comes back delivered by B.
    await expect
      .poll(
        async () => {
          await api.post("/send-bulk", { numbers: ["0501230000"], message: "warm-up" });
          return sub.events.some((e) => e.messageEvents.status === "sent");
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
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
  }, 90_000);
});
