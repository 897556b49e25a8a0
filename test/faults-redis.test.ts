import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./kit/http.js";
import { startApi, type Proc } from "./kit/processes.js";
import { startRedisServer, type RedisServer } from "./kit/redis-server.js";
import { onPostgres, startServer, type TestServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import { subscribeLive, wsClient, type Collected } from "./kit/ws.js";
import { OWN_SERVICE_MS } from "./kit/limits.js";

// Redis stopped for 30 s while subscribers listen on two instances: A (this process, no worker)
// and B (a process of its own running the only worker), on one PostgreSQL. The Redis is this
// file's own, on a free port; the shared one is never touched. What is expected is what the
// docs/live.md, "Faults", says: sends and delivery go on; events published meanwhile are dropped and counted; each live subscription ends with a
// SERVICE_UNAVAILABLE error (events published meanwhile are lost to it); new ones are refused
// with that code until Redis is back; then subscribing again on the same sockets works, with
// nothing restarted. Rate limits are counted per instance meanwhile.
describe.skipIf(!onPostgres)("faults: Redis stopped for 30 s", () => {
  const OUTAGE_MS = 30_000;
  const QUERY = "subscription { messageEvents { id messageId status batchId } }";
  type Event = { messageEvents: { id: string; messageId: string; status: string; batchId: string | null } };
  let redis: RedisServer;
  let a: TestServer;
  let b: Proc & { url: string };

  beforeAll(async () => {
    redis = await startRedisServer();
    const prefix = `faults${randomBytes(4).toString("hex")}`;
    a = await startServer({ REDIS_URL: redis.url, REDIS_PREFIX: prefix, WORKER_ENABLED: "false" });
    b = await startApi({
      DATABASE_URL: a.databaseUrl!,
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      WORKER_ENABLED: "true",
      WORKER_POLL_MS: "20",
      SIMULATOR_LATENCY_MS: "2",
    });
  }, OWN_SERVICE_MS);

  afterAll(async () => {
    b?.child.kill("SIGKILL");
    await a?.close();
    await redis?.stop();
  });

  /**
   * Subscribes until the server admits a subscription, proven by an event it hears of a batch sent
   * after it subscribed; while Redis is away each try ends with a refusal instead.
   */
  async function admitted(ws: ReturnType<typeof wsClient>, key: string): Promise<Collected<Event>> {
    const send = () => a.client(key).post("/send-bulk", { numbers: ["0501230000"], message: "warm-up" });
    return waitFor(
      async () => {
        const sub = ws.subscribe<Event>(QUERY);
        return { sub, outcome: await subscribeLive(sub, send) };
      },
      (tried) => tried.outcome === "live",
      30_000,
    ).then((tried) => tried.sub);
  }

  /** gateway_redis_up by connection, as an instance's /metrics says it now. */
  async function redisUp(url: string): Promise<Record<string, number>> {
    const text = await (await fetch(`${url}/metrics`)).text();
    return Object.fromEntries([...text.matchAll(/^gateway_redis_up\{connection="(\w+)"\} (\d+)$/gm)].map((m) => [m[1]!, Number(m[2])]));
  }

  it("sends and delivery go on, subscribers get SERVICE_UNAVAILABLE, and events flow again once Redis is back", { timeout: OWN_SERVICE_MS }, async () => {
    const t = await a.seed.tenant({ monthlyLimit: 10_000 }).account().create();
    const slow = await a.seed.tenant({ requestsPerSecond: 1, requestBurst: 3 }).account().create();
    const wsA = wsClient(a.url, { connectionParams: { apiKey: t.key } });
    const wsB = wsClient(b.url, { connectionParams: { apiKey: t.key } });
    await Promise.all([wsA.connected, wsB.connected]);
    const before = [await admitted(wsA, t.key), await admitted(wsB, t.key)];

    expect(await redisUp(a.url)).toEqual({ publish: 1, subscribe: 1 });
    await redis.stop();
    const stoppedAt = Date.now();

    // Each subscription ends with an error naming the code; none is left silently deaf.
    await Promise.all(before.map((s) => s.done));
    for (const s of before) expect(s.errors.map((e) => e.extensions?.code)).toEqual(["SERVICE_UNAVAILABLE"]);

    // Sends go on through both instances; B's worker delivers queued ones.
    const single = await a.client(t.key).post("/send", { to: "0501230001", message: "during" });
    expect(single.status).toBe(200);
    expect(single.body.status).toBe("sent");
    const bulk = await a.client(t.key).post("/send-bulk", { numbers: ["0501230002", "0501230003"], message: "during" });
    expect(bulk.status).toBe(200);
    const bulkB = await new Client(b.url, t.key).post("/send-bulk", { numbers: ["0501230004"], message: "during, via B" });
    expect(bulkB.status).toBe(200);
    for (const batch of [bulk.body.batch_id, bulkB.body.batch_id]) {
      await waitFor(
        async () => (await a.client(t.key).get(`/batches/${batch}`)).body.status,
        (s) => s === "completed",
        20_000,
      );
    }

    // A new subscription is refused with the same code while Redis is away.
    const refused = wsA.subscribe<Event>(QUERY);
    await refused.done;
    expect(refused.errors.map((e) => e.extensions?.code)).toEqual(["SERVICE_UNAVAILABLE"]);

    // Rate limits are counted by this instance alone meanwhile: a burst of 3 still ends in 429.
    // The bucket refills from A's service clock: held still, no token comes back during the four.
    const answers = [];
    a.app.deps.clock.freeze();
    try {
      for (let i = 0; i < 4; i++) answers.push((await a.client(slow.key).get("/balance")).status);
    } finally {
      a.app.deps.clock.freeze(false);
    }
    expect(answers).toEqual([200, 200, 200, 429]);

    const down = await fetch(`${a.url}/readyz`);
    expect(down.status).toBe(503);
    expect(((await down.json()) as { checks: { redis: string } }).checks.redis).toMatch(/^failed: /);
    // What the operator's alert reads (ops/prometheus/gateway-alerts.yml, GatewayRedisDown).
    expect(await redisUp(a.url)).toEqual({ publish: 0, subscribe: 0 });

    await sleep(Math.max(0, stoppedAt + OUTAGE_MS - Date.now()));
    await redis.start();

    // What A published meanwhile was dropped, not queued for later (redis-events.ts), and counted.
    const dropped = /^gateway_live_events_dropped_total (\d+)$/m.exec(await (await fetch(`${a.url}/metrics`)).text());
    // At least the two events of the single send A made itself (sending, sent); which instance's
    // worker took each queued message is not fixed, so their events may be A's or B's.
    expect(Number(dropped?.[1])).toBeGreaterThanOrEqual(2);

    // Nothing is restarted: both instances find Redis again, and the same sockets subscribe again.
    for (const url of [a.url, b.url])
      await waitFor(
        async () => (await fetch(`${url}/readyz`)).status,
        (s) => s === 200,
        30_000,
      );
    const after = [await admitted(wsA, t.key), await admitted(wsB, t.key)];
    // The subscribing connection comes back on its own schedule, which /readyz does not wait for.
    await waitFor(
      () => redisUp(a.url),
      (up) => up.publish === 1 && up.subscribe === 1,
      30_000,
    );
    const batch = await a.client(t.key).post("/send-bulk", { numbers: Array.from({ length: 20 }, (_, i) => `05${66_000_000 + i}`), message: "after" });
    const sentOf = (s: Collected<Event>) =>
      new Set(s.events.filter((e) => e.messageEvents.batchId === String(batch.body.batch_id) && e.messageEvents.status === "sent").map((e) => e.messageEvents.messageId));
    await waitFor(
      () => Promise.resolve(after.map((s) => sentOf(s).size)),
      (sizes) => sizes.every((n) => n === 20),
      30_000,
    );
    for (const s of after) expect(s.errors).toEqual([]);

    for (const s of after) s.stop();
    await Promise.all([wsA.close(), wsB.close()]);
    expect(b.alive()).toBe(true);
    expect(await b.stop()).toBe(0);
  });
});
