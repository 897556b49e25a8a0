import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { answerCounts, Client } from "./kit/http.js";
import { onPostgres, postgresUrl as direct } from "./kit/server.js";
import { adminOf, startServerProcess, startWorkerProcess } from "./kit/spawn.js";
import { waitFor } from "./kit/wait.js";
import { heardWhere, subscribeLive, wsClient } from "./kit/ws.js";
import { VOLUME_MS } from "./kit/limits.js";

// Past one machine: two API servers and two workers, every one of them through PgBouncer
// in transaction mode (CI's, .ci/pgbouncer.ini, at PGBOUNCER_URL), sessions of their own (the
// migrations' lock, LISTEN) on DATABASE_DIRECT_URL, events through Redis. Sends with idempotency
// keys retried on the other server, a bulk, a scheduled bulk cancelled on the other server, a
// race for the last of the month's allowance, and a subscriber on one server hearing what the
// workers did: nothing lost, doubled or overspent.

const bouncer = process.env.PGBOUNCER_URL;
const ADMIN_TOKEN = "pgbouncer-test-admin-token";
const LIMIT = 300;

describe.runIf(onPostgres && process.env.REDIS_URL && bouncer)("two API servers and two workers through PgBouncer", () => {
  const database = `gw_bouncer_${randomBytes(4).toString("hex")}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-bouncer-"));
  const ledger = path.join(dir, "ledger.jsonl");
  const children: ChildProcess[] = [];
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: direct });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    for (const c of children) c.kill("SIGKILL");
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const urlOf = (base: string) => {
    const url = new URL(base);
    url.pathname = `/${database}`;
    url.search = "";
    return url.toString();
  };
  const env = () => ({
    DATABASE_URL: urlOf(bouncer!),
    DATABASE_DIRECT_URL: urlOf(direct),
    DATA_DIR: "",
    REDIS_URL: process.env.REDIS_URL!,
    REDIS_PREFIX: database,
    ENV_FILE: "",
    SEED_DEMO: "false",
    ADMIN_TOKEN,
    SIMULATOR_LATENCY_MS: "5",
    SIMULATOR_LEDGER_FILE: ledger,
    WORKER_POLL_MS: "50",
    DB_POOL_MAX: "8",
  });

  it("sends, bulk-sends, cancels and streams across them with nothing lost, doubled or overspent", { timeout: VOLUME_MS }, async () => {
    await admin(`CREATE DATABASE "${database}"`);
    const a = await startServerProcess({ ...env(), WORKER_ENABLED: "false" });
    children.push(a.child);
    const b = await startServerProcess({ ...env(), WORKER_ENABLED: "false", MIGRATE_ON_START: "false" });
    children.push(b.child);
    for (let i = 0; i < 2; i++) children.push((await startWorkerProcess(env())).child);

    const command = adminOf(a.url, ADMIN_TOKEN);
    await command("plan:create", { name: "Bouncer", monthlyLimit: String(LIMIT), maxAccounts: "2", requestsPerSecond: "100000", requestBurst: "100000" });
    const tenant = await command("tenant:create", { name: "Shop", plan: "Bouncer", ends: "2099-12-31" });
    for (const phone of ["0551000001", "0551000002"])
      await command("account:create", { tenant: String(tenant.id), name: phone, phone, warmUp: "false", dailyLimit: "10000", minIntervalMs: "0", jitterMs: "0" });
    const { key } = (await command("key:create", { tenant: String(tenant.id) })) as { key: string };
    const [onA, onB] = [new Client(a.url, key), new Client(b.url, key)];

    const ws = wsClient(b.url, { connectionParams: { apiKey: key } });
    const sub = ws.subscribe<{ messageEvents: { messageId: string; status: string } }>(`subscription { messageEvents { messageId status } }`);
    // Live once a send made after subscribing comes back sent (each try is a message of its own).
    let warmUps = 0;
    const isSent = (e: { messageEvents: { status: string } }) => e.messageEvents.status === "sent";
    expect(await subscribeLive(heardWhere(sub, isSent), () => onA.post("/send", { to: "0501000000", message: `warm-up ${++warmUps}` }), 30_000)).toBe("live");

    // Sends alternating between the servers, each retried with its key on the other.
    const numbers = Array.from({ length: 60 }, (_, i) => `0502${String(i).padStart(6, "0")}`);
    const first = await Promise.all(numbers.map((to, i) => (i % 2 ? onB : onA).post("/send", { to, message: `hello ${i}` }, { "idempotency-key": `k${i}` })));
    const again = await Promise.all(numbers.map((to, i) => (i % 2 ? onA : onB).post("/send", { to, message: `hello ${i}` }, { "idempotency-key": `k${i}` })));
    expect(first.map((r) => r.status)).toEqual(Array(60).fill(200));
    expect(again.map((r) => r.body.message_id)).toEqual(first.map((r) => r.body.message_id));

    const bulk = await onB.post("/send-bulk", { numbers: Array.from({ length: 80 }, (_, i) => `0503${String(i).padStart(6, "0")}`), message: "bulk" });
    expect(bulk.status).toBe(200);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await onA.post("/send-bulk", { numbers: Array.from({ length: 40 }, (_, i) => `0504${String(i).padStart(6, "0")}`), message: "later", send_at: later });
    const cancelled = await onB.post(`/batches/${scheduled.body.batch_id}/cancel`, {});
    expect([scheduled.status, cancelled.status]).toEqual([200, 200]);

    // The race for the rest of the month's allowance, from both servers at once.
    const used = (await onA.get("/balance")).body.messages.used as number;
    const left = LIMIT - used;
    const race = await Promise.all(Array.from({ length: left + 40 }, (_, i) => (i % 2 ? onA : onB).post("/send", { to: `0505${String(i).padStart(6, "0")}`, message: "race" })));
    expect(answerCounts(race)).toEqual({ "200": left, "429 MONTHLY_LIMIT_REACHED": 40 });
    expect((await onB.get("/balance")).body.messages.used).toBe(LIMIT);

    // Every message accepted (the warm-ups too) went out once; the subscriber heard each one sent
    // after it was live (a warm-up's event may have come before).
    const streamed = [...first, ...race.filter((r) => r.status === 200)].map((r) => String(r.body.message_id));
    streamed.push(...(bulk.body.messages as Array<{ message_id: number }>).map((m) => String(m.message_id)));
    const sent = () => new Set(sub.events.filter((e) => e.messageEvents.status === "sent").map((e) => e.messageEvents.messageId));
    await waitFor(
      () => streamed.filter((id) => !sent().has(id)).length,
      (missing) => missing === 0,
      60_000,
    );
    const delivered = () =>
      fs
        .readFileSync(ledger, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { messageId: string }).messageId);
    await waitFor(
      () => delivered().length,
      (n) => n >= LIMIT,
      30_000,
    );
    expect(delivered()).toHaveLength(LIMIT);
    expect(new Set(delivered()).size).toBe(LIMIT);
    expect(warmUps + streamed.length).toBe(LIMIT);
    sub.stop();
    await ws.close();
  });
});
