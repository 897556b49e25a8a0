import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { adminOverHttp, benchPort, benchSchema, buildRoot, createBenchPlan, percentile, postgresUrl, seedBenchTenant, startScript, stopProcess, waitHealthy } from "./harness.js";
import { rssMb, peakRssMb } from "./proc.js";
import { startLoad, startReceiver, startSubscribers, type Receiver } from "./soak-load.js";
import { readServerMemory, type MemoryReading } from "./soak-memory.js";

// npm run bench:soak: a steady mixed load on PostgreSQL + Redis, as one business runs it for
// minutes on end: REST sends with Idempotency-Keys at a fixed pace, a 200-number bulk every 15 s,
// 20 tenant-wide graphql-ws subscribers and one webhook endpoint on this machine that answers at
// once. The API server and a worker (which runs the webhook dispatcher) are separate processes, as
// compose.yaml deploys them. It records, a minute at a time, the sends accepted, the webhook
// events produced and received, the webhook lag (receipt minus the event's time) and the backlog,
// and the two processes' RSS; then how long the queue and the webhooks take to drain, and whether
// every message went out once with its `sent` event received once and in order.

const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 7);
const perSecond = Number(process.env.BENCH_SOAK_RATE ?? 113);
const drainLimitSeconds = Number(process.env.BENCH_SOAK_DRAIN_SECONDS ?? 300);
/** Minutes at which the API server writes a heap snapshot into its build's directory ("2,7"). */
const heapAt = (process.env.BENCH_SOAK_HEAP_MINUTES ?? "").split(",").filter(Boolean).map(Number);
const SUBSCRIBERS = 20;
const BULK = 200;
const BULK_EVERY_SECONDS = 15;

const { schema, databaseUrl } = benchSchema("soak");
const port = benchPort();
const apiUrl = `http://127.0.0.1:${port}`;
const adminToken = randomBytes(24).toString("hex");
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

interface Sample {
  second: number;
  serverRss: number;
  workerRss: number;
  produced: number;
  backlog: number;
  oldestPendingSeconds: number;
}

async function seed(): Promise<string> {
  const admin = adminOverHttp(apiUrl, adminToken);
  await createBenchPlan(admin, "Soak");
  return (await seedBenchTenant(admin, { plan: "Soak", name: "soak", phones: ["0551000001", "0551000002", "0551000003", "0551000004"] })).key;
}

async function addEndpoint(key: string, url: string): Promise<void> {
  const r = await fetch(`${apiUrl}/api/v1/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ url, events: ["message.status"] }),
  });
  if (!r.ok) throw new Error(`POST /webhooks answered ${r.status}: ${await r.text()}`);
}

/** The webhook outbox and the queue as the database has them. */
async function outbox(db: pg.Client) {
  const { rows } = await db.query<{ produced: string; backlog: string; oldest: number | null; queued: string }>(`-- soak_outbox
    SELECT (SELECT count(*) FROM webhook_delivery) AS produced,
      (SELECT count(*) FROM webhook_delivery WHERE status IN ('pending', 'sending')) AS backlog,
      (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM webhook_delivery WHERE status IN ('pending', 'sending')) AS oldest,
      (SELECT count(*) FROM message WHERE status IN ('pending', 'sending')) AS queued`);
  const row = rows[0]!;
  return { produced: Number(row.produced), backlog: Number(row.backlog), oldest: row.oldest ?? 0, queued: Number(row.queued) };
}

interface Processes {
  server: ChildProcess;
  worker: ChildProcess;
  db: pg.Client;
  receiver: Receiver;
}

/** The load for `minutes`, sampled every 5 s; the API server writes its heap snapshots on the way. */
async function underLoad({ server, worker, db }: Processes, key: string) {
  const started = performance.now();
  const load = startLoad(`${apiUrl}/api/v1`, key, { perSecond, bulkSize: BULK, bulkEverySeconds: BULK_EVERY_SECONDS });
  const samples: Sample[] = [];
  const snapshots = new Set(heapAt);
  const memory: MemoryReading[] = [];
  while (performance.now() - started < minutes * 60_000) {
    await sleep(5000);
    const second = Math.round((performance.now() - started) / 1000);
    const o = await outbox(db);
    samples.push({ second, serverRss: rssMb(server.pid!), workerRss: rssMb(worker.pid!), produced: o.produced, backlog: o.backlog, oldestPendingSeconds: o.oldest });
    const minute = Math.floor(second / 60);
    if (minute > memory.length) {
      const reading = await readServerMemory(apiUrl, minute);
      if (reading) memory.push(reading);
    }
    if (minute > 0 && snapshots.delete(minute)) server.kill("SIGUSR2");
  }
  await load.stop();
  return { load, samples, memory, seconds: (performance.now() - started) / 1000, atEnd: await outbox(db) };
}

/** Waits (at most BENCH_SOAK_DRAIN_SECONDS) for the queue and then the webhooks to empty. */
async function drain(db: pg.Client) {
  const from = performance.now();
  let queueDrainedSeconds: number | undefined;
  let left = await outbox(db);
  while ((performance.now() - from) / 1000 < drainLimitSeconds) {
    left = await outbox(db);
    if (left.queued === 0) queueDrainedSeconds ??= (performance.now() - from) / 1000;
    if (left.queued === 0 && left.backlog === 0) break;
    await sleep(1000);
  }
  return { queueDrainedSeconds, webhooksDrainedSeconds: left.backlog === 0 ? (performance.now() - from) / 1000 : undefined, leftAfterDrainLimit: left.backlog };
}

async function soak(p: Processes) {
  await waitHealthy(apiUrl);
  const key = await seed();
  await addEndpoint(key, p.receiver.url);
  const subscribers = startSubscribers(`ws://127.0.0.1:${port}/graphql`, key, SUBSCRIBERS);
  await sleep(1000);
  console.log(`soak: ${minutes} min at ${perSecond} REST sends/s and a ${BULK}-number bulk every ${BULK_EVERY_SECONDS} s (build: ${buildRoot})…`);
  const startedAt = new Date().toISOString();
  const offset = p.receiver.perSecond.length;
  const { load, samples, memory, seconds, atEnd } = await underLoad(p, key);
  const drained = await drain(p.db);
  await sleep(1000);
  const { rows: statuses } = await p.db.query<{ status: string; n: string }>(`SELECT status::text, count(*) AS n FROM message GROUP BY 1 ORDER BY 1`);
  const { receiver } = p;
  const lastSeconds = receiver.lagPerSecond.slice(offset + Math.floor(seconds) - 10, offset + Math.ceil(seconds));
  const result = {
    minutes,
    perSecond,
    build: buildRoot,
    startedAt,
    accepted: load.accepted,
    bulkAccepted: load.bulkAccepted,
    failedRequests: Object.fromEntries(load.failed),
    messages: Object.fromEntries(statuses.map((r) => [r.status, Number(r.n)])),
    sentEventsReceived: receiver.sent.size,
    webhookEvents: receiver.events,
    duplicates: receiver.duplicates,
    outOfOrder: receiver.outOfOrder,
    subscriberEvents: subscribers.events(),
    subscriberErrors: subscribers.errors(),
    atEnd: { backlog: atEnd.backlog, oldestPendingSeconds: atEnd.oldest, queued: atEnd.queued },
    lagAtEndMs: Math.max(0, ...lastSeconds.map((l) => l ?? 0)),
    ...drained,
    serverPeakRss: peakRssMb(p.server.pid!),
    workerPeakRss: peakRssMb(p.worker.pid!),
    perMinute: perMinute(samples, receiver.perSecond.slice(offset), receiver.lagPerSecond.slice(offset)),
    serverMemory: memory,
  };
  await subscribers.close();
  return result;
}

async function main() {
  const db = new pg.Client({ connectionString: postgresUrl });
  await db.connect();
  await db.query(`CREATE SCHEMA "${schema}"`);
  await db.query(`SET search_path TO "${schema}"`);
  // The samples' backlog counts by plain index scans, as the gateway's own gauge reads it
  // (metrics-sql.ts): a bitmap scan rereads every ended delivery's dead entry at each sample.
  await db.query("SET enable_bitmapscan = off");
  const common = { DATABASE_URL: databaseUrl, REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379", WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" };
  const nodeArgs = process.env.BENCH_NODE_ARGS;
  if (heapAt.length) process.env.BENCH_NODE_ARGS = `${nodeArgs ?? ""} --heapsnapshot-signal=SIGUSR2`;
  const server = startScript("src/main.ts", { ...common, PORT: String(port), HOST: "127.0.0.1", ADMIN_TOKEN: adminToken, WORKER_ENABLED: "false" });
  if (nodeArgs === undefined) delete process.env.BENCH_NODE_ARGS;
  else process.env.BENCH_NODE_ARGS = nodeArgs;
  const worker = startScript("src/worker-main.ts", common);
  const receiver = await startReceiver();
  try {
    const result = await soak({ server, worker, db, receiver });
    console.log(JSON.stringify(result, null, 2));
    if (process.env.BENCH_SOAK_OUT) fs.writeFileSync(process.env.BENCH_SOAK_OUT, JSON.stringify(result, null, 2));
  } finally {
    await receiver.close();
    await stopProcess(worker);
    await stopProcess(server);
    await db.query(`DROP SCHEMA "${schema}" CASCADE`);
    await db.end();
  }
}

/** A row a minute: events produced and received a second, the largest lag, the backlog, and the median RSS of each process. */
function perMinute(samples: Sample[], received: number[], lags: number[]) {
  const rows = [];
  for (let m = 0; m < minutes; m++) {
    const inMinute = samples.filter((s) => s.second > m * 60 && s.second <= (m + 1) * 60);
    const before = samples.filter((s) => s.second <= m * 60).at(-1)?.produced ?? 0;
    const last = inMinute.at(-1);
    const window = received.slice(m * 60, (m + 1) * 60);
    rows.push({
      minute: m + 1,
      producedPerSecond: last ? Math.round((last.produced - before) / 60) : 0,
      receivedPerSecond: Math.round(window.reduce((a, b) => a + (b ?? 0), 0) / 60),
      maxLagMs: Math.max(0, ...lags.slice(m * 60, (m + 1) * 60).map((l) => l ?? 0)),
      backlogAtEnd: last?.backlog ?? 0,
      oldestPendingSeconds: Math.round(last?.oldestPendingSeconds ?? 0),
      serverRssMedian: median(inMinute.map((s) => s.serverRss)),
      workerRssMedian: median(inMinute.map((s) => s.workerRss)),
    });
  }
  return rows;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
