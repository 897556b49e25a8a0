import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/core/db/database.js";
import { Client } from "./kit/http.js";
import { startPgCluster, type PgCluster } from "./kit/pg-cluster.js";
import { ledgerIds, occurrences, startApi, startWorkerProcess, type Proc } from "./kit/processes.js";
import { Seeder, type SeededTenant } from "./kit/seed.js";
import { onPostgres } from "./kit/server.js";
import { openApiChecker } from "./kit/openapi.js";
import { waitFor } from "./kit/wait.js";
import { wsClient } from "./kit/ws.js";
import { OWN_SERVICE_MS, VOLUME_MS } from "./kit/limits.js";

// PostgreSQL restarted (fast shutdown, then started again) while a worker process drains 2,000
// queued messages and an API process keeps taking sends. The cluster is this file's own (initdb
// into a temporary directory, its own port), never the shared server. The simulator in both
// processes appends each delivery to one ledger file: that is how "sent exactly once" is checked.
describe.skipIf(!onPostgres)("faults: PostgreSQL restarted under load", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "faults-pg-ledger-"));
  const ledgerFile = path.join(dir, "ledger.jsonl");
  let cluster: PgCluster;
  let database: Database;
  let tenant: SeededTenant;
  const procs: Proc[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster();
    database = await openDatabase({ databaseUrl: cluster.url, dataDir: "", poolMax: 2 });
    await database.migrate();
    tenant = await new Seeder(database.prisma).tenant({ monthlyLimit: 100_000 }).account({ dailyLimit: 100_000 }).account({ dailyLimit: 100_000 }).create();
  }, OWN_SERVICE_MS);

  afterAll(async () => {
    for (const p of procs) p.child.kill("SIGKILL");
    await database?.close().catch(() => undefined);
    await cluster?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const settings = {
    DATABASE_URL: "",
    REDIS_URL: "",
    SIMULATOR_LEDGER_FILE: ledgerFile,
    // Several seconds for one worker to drain 2,000 messages, so the restart lands in the middle of it.
    SIMULATOR_LATENCY_MS: "60",
    WORKER_POLL_MS: "20",
    WORKER_BATCH_SIZE: "20",
    // Short, so that a message whose outcome was lost in the outage would be claimed and sent
    // again within this test (the duplicate the ledger would show) rather than after it ended.
    WORKER_LEASE_SECONDS: "10",
    WORKER_RETRY_BASE_MS: "200",
    WORKER_RETRY_MAX_MS: "1000",
    AUTH_CACHE_MS: "1000",
  };

  it("every accepted message ends sent exactly once or failed with a reason; the API answers 503 while the database is away and recovers by itself", {
    timeout: VOLUME_MS,
  }, async () => {
    const env = { ...settings, DATABASE_URL: cluster.url };
    const worker = await startWorkerProcess(env);
    const api = await startApi({ ...env, WORKER_ENABLED: "false" });
    procs.push(worker, api);
    const client = new Client(api.url, tenant.key);

    const statuses: number[] = [];
    const accepted = new Set<string>();
    /** Every request is bounded: a hang fails the test instead of passing as "no answer yet". */
    const call = async (method: string, p: string, body?: unknown) => {
      // A dropped connection counts as status 0, which the assertions below refuse like a 500.
      const r = await client.request(method, p, body).catch(() => ({ status: 0, headers: new Headers(), body: undefined as any }));
      statuses.push(r.status);
      return r;
    };
    const sendOne = async (n: number) => {
      const r = await call("POST", "/api/v1/send", { to: `05${40_000_000 + n}`, message: "single" });
      if (r.status === 200) accepted.add(String(r.body.message_id));
      return r;
    };

    // The backlog the worker drains.
    for (let start = 0; start < 2000; start += 500) {
      const numbers = Array.from({ length: 500 }, (_, i) => `05${30_000_000 + start + i}`);
      const r = await call("POST", "/api/v1/send-bulk", { numbers, message: "bulk" });
      expect(r.status).toBe(200);
      for (const m of r.body.messages as Array<{ message_id: number }>) accepted.add(String(m.message_id));
    }

    // Single sends keep arriving through the whole test, before, during and after the outage.
    let sending = true;
    let n = 0;
    const load = (async () => {
      while (sending) {
        await sendOne(n++);
        await sleep(50);
      }
    })();

    const document = await openApiChecker(api.url);
    await waitFor(
      () => Promise.resolve(ledgerIds(ledgerFile).length),
      (c) => c >= 300,
      60_000,
    );
    await cluster.stop();
    // The restart lands mid-drain, or the test would prove nothing about the worker.
    expect(ledgerIds(ledgerFile).length).toBeLessThan(2000);

    // While the database is away: 503 SERVICE_UNAVAILABLE with Retry-After, on REST and GraphQL; not ready.
    const rest = await call("POST", "/api/v1/send", { to: "0549999999", message: "while down" });
    expect(rest.status).toBe(503);
    expect(rest.body.error.code).toBe("SERVICE_UNAVAILABLE");
    expect(rest.headers.get("retry-after")).toBe("5");
    const read = await call("GET", "/api/v1/balance");
    expect(read.status).toBe(503);
    // Both are answers the published document lists, with their Retry-After.
    document.conforms("POST", "/send", rest);
    document.conforms("GET", "/balance", read);
    const gql = await client.request("POST", "/graphql", { query: "{ balance { messages { used } } }" }, { accept: "application/json" });
    expect(gql.status).toBe(503);
    expect(gql.body.errors[0].extensions.code).toBe("SERVICE_UNAVAILABLE");
    const down = await fetch(`${api.url}/readyz`);
    expect(down.status).toBe(503);
    expect(((await down.json()) as { checks: { database: string } }).checks.database).toMatch(/^failed: /);
    // A websocket is told to come back later (1013), not that its key is wrong (4403). A key
    // checked within AUTH_CACHE_MS is still trusted without the database (so a connection could
    // be accepted), so this waits out that lifetime first; accepted would fail here at once
    // rather than hang.
    await sleep(Number(settings.AUTH_CACHE_MS) + 200);
    const ws = wsClient(api.url, { connectionParams: { apiKey: tenant.key } });
    expect(await Promise.race([ws.closedWith, ws.connected.then(() => "accepted")])).toBe(1013);
    await sleep(1_000);

    await cluster.start();
    // Nothing is restarted: the same processes find the database again.
    await waitFor(
      async () => (await fetch(`${api.url}/readyz`)).status,
      (s) => s === 200,
      30_000,
    );
    await waitFor(
      async () => (await sendOne(n++)).status,
      (s) => s === 200,
      30_000,
    );
    sending = false;
    await load;

    const db = database.prisma;
    const unfinished = () => db.message.count({ where: { tenantId: tenant.id, status: { in: ["pending", "sending"] } } });
    await waitFor(unfinished, (c) => c === 0, 90_000);

    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    expect(worker.alive() && api.alive()).toBe(true);

    const rows = await db.message.findMany({ where: { tenantId: tenant.id }, select: { id: true, status: true, error: true } });
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    for (const id of accepted) expect(byId.has(id), `accepted message ${id} is stored`).toBe(true);
    const delivered = occurrences(ledgerIds(ledgerFile));
    const sent = rows.filter((r) => r.status === "sent");
    const failed = rows.filter((r) => r.status === "failed");
    expect(sent.length + failed.length).toBe(rows.length);
    expect(sent.filter((r) => delivered.get(String(r.id)) !== 1).map((r) => [String(r.id), delivered.get(String(r.id)) ?? 0])).toEqual([]);
    expect([...delivered.keys()].filter((id) => byId.get(id)?.status !== "sent")).toEqual([]);
    expect(failed.filter((r) => !r.error)).toEqual([]);

    // The allowance: what the month charged equals the messages that did not fail.
    const balance = await call("GET", "/api/v1/balance");
    expect(balance.body.messages.used).toBe(sent.length);

    expect(await worker.stop()).toBe(0);
    expect(await api.stop()).toBe(0);
  });
});
