import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect } from "vitest";
import { openDatabase, type Database } from "../../src/core/db/database.js";
import { Client, type HttpResult } from "./http.js";
import { openApiChecker } from "./openapi.js";
import { ledgerIds, occurrences, startApi, startWorkerProcess, type Proc } from "./processes.js";
import { startPgCluster, startStandby, type PgCluster } from "./pg-cluster.js";
import { startPgBouncer, type PgBouncer } from "./pgbouncer.js";
import { databaseOnTablespace, mountSmallDisk, type SmallDisk } from "./small-disk.js";
import { Seeder, type SeededTenant } from "./seed.js";
import { OWN_SERVICE_MS } from "./limits.js";
import { waitFor } from "./wait.js";
import { wsClient } from "./ws.js";

// The database out of reach while a worker process drains 2,000 queued messages and an API process
// keeps taking sends: PostgreSQL restarted, or the PgBouncer in front of it. The simulator in both
// processes appends each delivery to one ledger file: that is how "sent exactly once" is checked.

/** How long a key checked against the database is trusted without it (AUTH_CACHE_MS below). */
const AUTH_CACHE_MS = 1000;

/** Settings of both processes, but for how they reach the database. */
export const outageSettings = (ledgerFile: string) => ({
  DATABASE_URL: "",
  REDIS_URL: "",
  SIMULATOR_LEDGER_FILE: ledgerFile,
  // Several seconds for one worker to drain 2,000 messages, so the outage lands in the middle of it.
  SIMULATOR_LATENCY_MS: "60",
  WORKER_POLL_MS: "20",
  WORKER_BATCH_SIZE: "20",
  // Short, so that a message whose outcome was lost in the outage would be claimed and sent
  // again within this test (the duplicate the ledger would show) rather than after it ended.
  WORKER_LEASE_SECONDS: "10",
  WORKER_RETRY_BASE_MS: "200",
  WORKER_RETRY_MAX_MS: "1000",
  AUTH_CACHE_MS: String(AUTH_CACHE_MS),
});

export interface Outage {
  /** How both processes reach the database (DATABASE_URL, and DATABASE_DIRECT_URL past a pooler). */
  reach: Record<string, string>;
  /** The database as the test reads it to check the end state. */
  database: Database;
  tenant: SeededTenant;
  ledgerFile: string;
  /** Processes started, for the file's afterAll to kill if the test fails midway. */
  procs: Proc[];
  takeDown(): Promise<void>;
  bringBack(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the file's own (never the shared server), migrated, with a tenant of two
 * numbers, and with `bouncer` a PgBouncer of its own in front; with `standby` also a synchronous
 * streaming standby, and the test's own reads go through the pooler too, so they follow it when it
 * is repointed; with `diskMb` the gateway's database (`url`) lives in a tablespace on a small disk of
 * that size (test/kit/small-disk.ts). All of it gone after the file.
 */
export function useOwnCluster(opts: { bouncer?: boolean; standby?: boolean; diskMb?: number }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "faults-db-ledger-"));
  const own = { procs: [] as Proc[], ledgerFile: path.join(dir, "ledger.jsonl") } as {
    cluster: PgCluster;
    /** The gateway's database on the cluster: its `postgres` database, or the small disk's. */
    url: string;
    disk?: SmallDisk;
    bouncer?: PgBouncer;
    standby?: PgCluster & { promote(): Promise<void> };
    database: Database;
    tenant: SeededTenant;
    procs: Proc[];
    ledgerFile: string;
  };
  beforeAll(async () => {
    own.cluster = await startPgCluster();
    own.url = own.cluster.url;
    if (opts.diskMb) {
      own.disk = await mountSmallDisk(opts.diskMb);
      own.url = await databaseOnTablespace(own.cluster.url, own.disk.tablespaceDir, "gateway");
    }
    if (opts.bouncer) own.bouncer = await startPgBouncer(own.cluster);
    own.database = await openDatabase({ databaseUrl: own.url, dataDir: "", poolMax: 2 });
    await own.database.migrate();
    own.tenant = await new Seeder(own.database.prisma).tenant({ monthlyLimit: 100_000 }).account({ dailyLimit: 100_000 }).account({ dailyLimit: 100_000 }).create();
    if (opts.standby && own.bouncer) {
      own.standby = await startStandby(own.cluster, { synchronous: true });
      await own.database.close();
      own.database = await openDatabase({ databaseUrl: own.bouncer.url, directUrl: own.bouncer.sessionUrl, dataDir: "", poolMax: 2 });
    }
  }, OWN_SERVICE_MS);
  afterAll(async () => {
    for (const p of own.procs) p.child.kill("SIGKILL");
    await own.database?.close().catch(() => undefined);
    await own.bouncer?.dispose();
    await own.standby?.dispose();
    await own.cluster?.dispose();
    await own.disk?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return own;
}

/** Every request is bounded; a dropped connection counts as status 0, refused below like a 500. */
function caller(client: Client, statuses: number[]) {
  return async (method: string, p: string, body?: unknown): Promise<HttpResult> => {
    const r = await client.request(method, p, body).catch(() => ({ status: 0, headers: new Headers(), body: undefined as any }));
    statuses.push(r.status);
    return r;
  };
}

/**
 * What keeps arriving through the whole test, before, during and after the outage, for at least
 * `minMs`: a single send every 50 ms, a bulk of five every twentieth, and every fifth a read of the
 * message accepted last, which must be there (200, or 503 while the database is away: any other
 * answer fails the test's end).
 */
function mixedLoad(call: ReturnType<typeof caller>, accepted: Set<string>, sendOne: () => Promise<HttpResult>, minMs: number) {
  const began = Date.now();
  let running = true;
  let last: string | undefined;
  let bulked = 0;
  const done = (async () => {
    for (let i = 1; running || Date.now() - began < minMs; i++) {
      const single = await sendOne();
      if (single.status === 200) last = String(single.body.message_id);
      if (i % 20 === 0) {
        const numbers = Array.from({ length: 5 }, () => `05${35_000_000 + bulked++}`);
        const bulk = await call("POST", "/api/v1/send-bulk", { numbers, message: "bulk under load" });
        if (bulk.status === 200) for (const m of bulk.body.messages as Array<{ message_id: number }>) accepted.add(String(m.message_id));
      }
      if (i % 5 === 0 && last) await call("GET", `/api/v1/messages/${last}`);
      await sleep(50);
    }
  })();
  return {
    /** Ends the load once `minMs` have passed since it began. */
    async stop() {
      running = false;
      await done;
    },
  };
}

/**
 * Every accepted message ends sent exactly once or failed with a reason; the API answers 503 with
 * Retry-After while the database is away, and both processes find it again by themselves. Answers
 * how long sends were refused, from the outage's start and from `bringBack`'s, to the first single
 * send accepted that was asked after it (the first includes this test's own checks while away).
 */
export async function drainThroughOutage(
  outage: Outage,
  opts: { loadMs?: number; settings?: Record<string, string> } = {},
): Promise<{ writesPausedMs: number; afterBringBackMs: number }> {
  const env = { ...outageSettings(outage.ledgerFile), ...opts.settings, ...outage.reach };
  const worker = await startWorkerProcess(env);
  const api = await startApi({ ...env, WORKER_ENABLED: "false" });
  outage.procs.push(worker, api);
  const client = new Client(api.url, outage.tenant.key);
  const statuses: number[] = [];
  const accepted = new Set<string>();
  const call = caller(client, statuses);
  let n = 0;
  const pause = { from: 0, back: 0, to: 0 };
  const sendOne = async () => {
    const asked = Date.now();
    const r = await call("POST", "/api/v1/send", { to: `05${40_000_000 + n++}`, message: "single" });
    if (r.status === 200) accepted.add(String(r.body.message_id));
    if (r.status === 200 && pause.from && asked >= pause.from && !pause.to) pause.to = Date.now();
    return r;
  };
  // The backlog the worker drains.
  for (let start = 0; start < 2000; start += 500) {
    const numbers = Array.from({ length: 500 }, (_, i) => `05${30_000_000 + start + i}`);
    const r = await call("POST", "/api/v1/send-bulk", { numbers, message: "bulk" });
    expect(r.status).toBe(200);
    for (const m of r.body.messages as Array<{ message_id: number }>) accepted.add(String(m.message_id));
  }
  const load = mixedLoad(call, accepted, sendOne, opts.loadMs ?? 0);
  await waitFor(
    () => Promise.resolve(ledgerIds(outage.ledgerFile).length),
    (c) => c >= 300,
    60_000,
  );
  pause.from = Date.now();
  await outage.takeDown();
  // The outage lands mid-drain, or the test would prove nothing about the worker.
  expect(ledgerIds(outage.ledgerFile).length).toBeLessThan(2000);
  await answersWhileAway(api.url, client, call, outage.tenant.key);
  pause.back = Date.now();
  await outage.bringBack();
  // Nothing is restarted: the same processes find the database again.
  await waitFor(
    async () => (await fetch(`${api.url}/readyz`)).status,
    (s) => s === 200,
    30_000,
  );
  await waitFor(
    async () => (await sendOne()).status,
    (s) => s === 200,
    30_000,
  );
  await load.stop();
  await endsExactlyOnce(outage, accepted, statuses, call);
  expect(worker.alive() && api.alive()).toBe(true);
  expect(await worker.stop()).toBe(0);
  expect(await api.stop()).toBe(0);
  return { writesPausedMs: pause.to - pause.from, afterBringBackMs: pause.to - pause.back };
}

/** 503 SERVICE_UNAVAILABLE with Retry-After on REST and GraphQL, not ready, websockets told to come back. */
async function answersWhileAway(url: string, client: Client, call: ReturnType<typeof caller>, key: string) {
  const document = await openApiChecker(url);
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
  const down = await fetch(`${url}/readyz`);
  expect(down.status).toBe(503);
  expect(((await down.json()) as { checks: { database: string } }).checks.database).toMatch(/^failed: /);
  // A websocket is told to come back later (1013), not that its key is wrong (4403). A key checked
  // within AUTH_CACHE_MS is still trusted without the database (so a connection could be
  // accepted), so this waits out that lifetime first; accepted would fail here at once rather than hang.
  await sleep(AUTH_CACHE_MS + 200);
  const ws = wsClient(url, { connectionParams: { apiKey: key } });
  expect(await Promise.race([ws.closedWith, ws.connected.then(() => "accepted")])).toBe(1013);
  await sleep(1_000);
}

/** The ledger and the database agree: each message sent once or failed with a reason, and charged as sent. */
async function endsExactlyOnce(outage: Outage, accepted: Set<string>, statuses: number[], call: ReturnType<typeof caller>) {
  const db = outage.database.prisma;
  const tenantId = outage.tenant.id;
  await waitFor(
    () => db.message.count({ where: { tenantId, status: { in: ["pending", "sending"] } } }),
    (c) => c === 0,
    90_000,
  );
  expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
  expect(statuses).toContain(503);
  const rows = await db.message.findMany({ where: { tenantId }, select: { id: true, status: true, error: true } });
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  for (const id of accepted) expect(byId.has(id), `accepted message ${id} is stored`).toBe(true);
  const delivered = occurrences(ledgerIds(outage.ledgerFile));
  const sent = rows.filter((r) => r.status === "sent");
  const failed = rows.filter((r) => r.status === "failed");
  expect(sent.length + failed.length).toBe(rows.length);
  expect(sent.filter((r) => delivered.get(String(r.id)) !== 1).map((r) => [String(r.id), delivered.get(String(r.id)) ?? 0])).toEqual([]);
  expect([...delivered.keys()].filter((id) => byId.get(id)?.status !== "sent")).toEqual([]);
  expect(failed.filter((r) => !r.error)).toEqual([]);
  // The allowance: what the month charged equals the messages that did not fail.
  const balance = await call("GET", "/api/v1/balance");
  expect(balance.body.messages.used).toBe(sent.length);
}
