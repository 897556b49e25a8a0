import { setTimeout as sleep } from "node:timers/promises";
import os from "node:os";
import pg from "pg";
import { writeSection } from "./report.js";
import { adminCommand, benchNumber, benchPort, benchSchema, postgresUrl, startScript, stopProcess, unpaced, waitHealthy } from "./harness.js";
import { cpuSeconds, peakRssMb, resetPeakRss } from "./proc.js";
import { SubscriberPool, type Merged } from "./subscriber-pool.js";

// Part of npm run bench: BENCH_SUBSCRIBERS graphql-ws clients on `messageEvents`, spread over
// BENCH_SUBSCRIBER_PROCESSES measuring processes (subscriber-client.ts), in two scenarios:
// - rate: single sends at a steady pace, BENCH_RATE status changes a second for BENCH_RATE_SECONDS;
// - burst: a BENCH_SUBSCRIBER_BATCH-number bulk batch delivered as fast as the worker can.
// Latency: from an event's `at` (stamped when the server publishes it) to its arrival at a client.
// What should have arrived comes from the database, not from the clients: every status change
// bumps a message's status_version and publishes event evt_<id>_<version>, so each client must
// see evt_<id>_1 … evt_<id>_<status_version> of every message of the scenario exactly once.

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const PROCESSES = Number(process.env.BENCH_SUBSCRIBER_PROCESSES ?? 2);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 30);
const BATCH = Number(process.env.BENCH_SUBSCRIBER_BATCH ?? 100);
const QUERY = "subscription { messageEvents { id batchId at } }";
/** An inline single send is two changes (accepted as `sending`, then `sent`), each published. */
const CHANGES_PER_SEND = 2;

const { schema, databaseUrl } = benchSchema("bench_subs");
const port = benchPort();
const baseUrl = `http://127.0.0.1:${port}`;
const admin = adminCommand(databaseUrl);
/** Whether the kernel let each scenario's server peak RSS start over (else they accumulate). */
let peakReset = false;

interface Row extends Merged {
  scenario: string;
  /** Status changes the database shows for the scenario's messages, i.e. events each client is owed. */
  changes: number;
  /** From the first request to the last change made (the last send answered, the batch all final), seconds. */
  publishSeconds: number;
  /** From the first request to the last event's arrival at any client, seconds. */
  wallSeconds: number;
  serverCpu: number;
  clientCpu: number;
  rssMb: number;
}

async function post(key: string, route: string, body: unknown): Promise<unknown> {
  const r = await fetch(`${baseUrl}/api/v1${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${route} answered ${r.status}: ${await r.text()}`);
  return r.json();
}

/** The newest message id so far: a scenario's messages are those above it. */
async function highWater(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ id: string }>(`SELECT coalesce(max(id), 0)::text AS id FROM "${schema}".message`);
  return Number(rows[0]!.id);
}

/** The event ids of every status change of the messages above `after`, and how many are not final yet. */
async function expectedEvents(db: pg.Client, after: number): Promise<{ ids: string[]; unfinished: number }> {
  const { rows } = await db.query<{ id: string; version: number; status: string }>(
    `SELECT id::text, status_version AS version, status::text FROM "${schema}".message WHERE id > $1`,
    [after],
  );
  const ids = rows.flatMap((r) => Array.from({ length: r.version }, (_, v) => `evt_${r.id}_${v + 1}`));
  return { ids, unfinished: rows.filter((r) => r.status === "pending" || r.status === "sending").length };
}

/** Every subscriber is live once each has received an event of a message sent after it subscribed. */
async function goLive(pool: SubscriberPool, key: string): Promise<void> {
  for (let tries = 0; (await pool.live()) < SUBSCRIBERS; tries++) {
    if (tries > 600) throw new Error("subscribers did not all go live");
    if (tries % 20 === 0) await post(key, "/send", { to: "0501234567", message: "warm-up" });
    await sleep(100);
  }
}

/**
 * Opens a scenario's measuring window: restarts the server's peak RSS, and answers the CPU seconds
 * of the server and of the measuring processes from now until the returned function is called.
 */
function cpuMeter(serverPid: number, clientPids: number[]): () => { server: number; clients: number } {
  peakReset = resetPeakRss(serverPid);
  const clients = () => clientPids.reduce((s, pid) => s + cpuSeconds(pid), 0);
  const server0 = cpuSeconds(serverPid);
  const clients0 = clients();
  return () => ({ server: cpuSeconds(serverPid) - server0, clients: clients() - clients0 });
}

/** RATE changes a second as RATE / 2 single sends a second on a fixed schedule, each delivered inline. */
async function rate(db: pg.Client, pool: SubscriberPool, key: string, serverPid: number): Promise<Row> {
  const after = await highWater(db);
  await pool.reset(after);
  const sends = Math.round((RATE / CHANGES_PER_SEND) * RATE_SECONDS);
  const intervalMs = (1000 * CHANGES_PER_SEND) / RATE;
  console.log(`rate: ${sends} single sends, one every ${intervalMs} ms…`);
  const meter = cpuMeter(serverPid, pool.pids);
  const start = Date.now();
  const answers: Array<Promise<unknown>> = [];
  let behind = 0;
  for (let i = 0; i < sends; i++) {
    // Due times are fixed from the start, so a slow answer or timer does not stretch the schedule.
    const wait = start + i * intervalMs - Date.now();
    if (wait > 0) await sleep(wait);
    else behind = Math.max(behind, -wait);
    answers.push(post(key, "/send", { to: `05${67_000_000 + (i % 1000)}`, message: "rate" }));
  }
  await Promise.all(answers);
  const published = Date.now();
  if (behind > 50) console.warn(`rate: the send schedule fell behind by up to ${Math.round(behind)} ms`);
  const expected = await expectedEvents(db, after);
  const merged = await pool.summary(expected.ids, 30_000);
  const cpu = meter();
  return row(`rate: ${RATE} changes/s for ${RATE_SECONDS} s`, merged, expected.ids.length, start, published, cpu, serverPid);
}

/** A BATCH-number bulk batch with pacing off: every change reaches every subscriber at once. */
async function burst(db: pg.Client, pool: SubscriberPool, key: string, serverPid: number): Promise<Row> {
  const after = await highWater(db);
  await pool.reset(after);
  console.log(`burst: a ${BATCH}-number bulk batch…`);
  const meter = cpuMeter(serverPid, pool.pids);
  const start = Date.now();
  await post(key, "/send-bulk", { numbers: Array.from({ length: BATCH }, (_, i) => `05${66_000_000 + i}`), message: "live" });
  let expected = await expectedEvents(db, after);
  for (const deadline = Date.now() + 180_000; expected.unfinished > 0 && Date.now() < deadline; expected = await expectedEvents(db, after)) await sleep(100);
  const published = Date.now();
  const merged = await pool.summary(expected.ids, 60_000);
  const cpu = meter();
  return row(`burst: ${BATCH}-number bulk batch`, merged, expected.ids.length, start, published, cpu, serverPid);
}

function row(scenario: string, m: Merged, changes: number, start: number, published: number, cpu: { server: number; clients: number }, serverPid: number): Row {
  const wallSeconds = Math.max(0.001, ((m.lastArrival || Date.now()) - start) / 1000);
  return {
    scenario,
    changes,
    ...m,
    publishSeconds: Math.max(0.001, (published - start) / 1000),
    wallSeconds,
    serverCpu: cpu.server,
    clientCpu: cpu.clients,
    rssMb: peakRssMb(serverPid),
  };
}

const fixed = (x: number, digits = 1) => x.toFixed(digits);
const thousands = (x: number) => Math.round(x).toLocaleString("en");

/** The seconds of a run with the largest latencies: where spikes sit, if any. */
function slowestSeconds(r: Row, n = 3): string {
  return r.perSecondMax
    .map((ms, s) => ({ ms, s }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map(({ ms, s }) => `${ms} ms in second ${s + 1}`)
    .join(", ");
}

function report(rateRow: Row, burstRow: Row): void {
  const cpus = os.cpus();
  const verdict = rateRow.p99 < 50 && rateRow.missing === 0 ? "met" : "not met";
  const table = [rateRow, burstRow].map(
    (r) =>
      `| ${r.scenario} | ${SUBSCRIBERS} | ${r.changes} (${thousands(r.changes / r.publishSeconds)}/s) | ${r.events} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.missing} | ${r.duplicates} | ${thousands(r.events / r.wallSeconds)} | ${fixed(r.serverCpu, 2)} (${Math.round((100 * r.serverCpu) / r.wallSeconds)}%) | ${thousands(r.events / Math.max(0.01, r.serverCpu))} | ${r.rssMb} | ${fixed(r.clientCpu, 2)} |`,
  );
  writeSection(
    "Live events to graphql-ws subscribers (issue 18)",
    [
      `Command: \`npm run bench\` (bench/subscribers.ts; alone: \`npx tsx bench/subscribers.ts\`, sized by BENCH_SUBSCRIBERS, BENCH_SUBSCRIBER_PROCESSES, BENCH_RATE, BENCH_RATE_SECONDS, BENCH_SUBSCRIBER_BATCH). Run ${new Date().toISOString().slice(0, 10)} on ${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}; these cores are shared by PostgreSQL, the server (one process, its worker inside) and the measuring processes.`,
      "",
      `${SUBSCRIBERS.toLocaleString("en")} graphql-ws clients subscribe to \`${QUERY}\` with one API key, spread over ${PROCESSES} measuring processes (bench/subscriber-client.ts) so that reading the frames is not the bound. Both scenarios go to the same subscribers, with simulator latency 0 and pacing off.`,
      "",
      `- **rate**: ${RATE / CHANGES_PER_SEND} single sends (\`POST /api/v1/send\`) a second on a fixed schedule for ${RATE_SECONDS} s. Each is delivered inline and makes two changes, \`sending\` at acceptance and \`sent\` after delivery, each published at once: ${RATE} status changes a second, ${thousands(RATE * SUBSCRIBERS)} frames a second across the subscribers.`,
      `- **burst**: one ${BATCH}-number bulk batch, delivered as fast as the worker can: ${BATCH * 3} changes (pending, sending, sent per message), each reaching every subscriber at once. This row is a throughput figure: frames per second of server CPU.`,
      "",
      "| scenario | subscribers | changes published (per s) | events received | p50 ms | p95 ms | p99 ms | max ms | missing | duplicates | frames/s delivered | server CPU s (of wall) | frames per server CPU s | server peak RSS MB | measuring processes CPU s |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...table,
      "",
      "What the columns measure:",
      "",
      "- *changes published*: status changes of the scenario's messages according to the database (the sum of their `status_version`); each subscriber is owed one event for each, so events received should be this times the subscribers. Per second: over the time from the first request until the last change was made (the last send answered; the batch's messages all final, read every 100 ms), which shows whether the server kept the pace.",
      "- *latency* (p50 to max): for every event at every client, the client's clock at arrival minus the event's `at`, stamped by the server right after the change's statement, in whole milliseconds; percentiles from a 1 ms histogram, max exact.",
      "- *missing*: (client, change) pairs never received; *duplicates*: extra receipts of a change by the same client. Events are told apart by their id, `evt_<message>_<status version>`.",
      "- *frames/s delivered*: events received over the scenario's wall time, from its first request to the last arrival at any client.",
      "- *server CPU s*: user plus system time of the server process over that window (/proc/<pid>/stat), and its share of the wall time (100% is one core). *frames per server CPU s*: events received over that CPU time, which for the burst includes the worker's own statements for the batch.",
      peakReset
        ? "- *server peak RSS*: the server's VmHWM over the scenario (reset through /proc/<pid>/clear_refs at its start)."
        : "- *server peak RSS*: the server's VmHWM after the scenario (a high-water mark since it started: the kernel refused a reset, so the burst row covers both).",
      "- *measuring processes CPU s*: the same for the measuring processes together, to show whether they kept up.",
      "",
      `Target (issue 18): at the rate, p99 under 50 ms from publication to arrival and no event missing — ${verdict} in this run (p99 ${rateRow.p99} ms, ${rateRow.missing} missing). Slowest seconds of the rate run: ${slowestSeconds(rateRow)}.`,
      ...(rateRow.errors + burstRow.errors > 0 ? ["", `Subscription errors or sockets closed during the run: ${rateRow.errors + burstRow.errors}.`] : []),
      ...(rateRow.unexpected + burstRow.unexpected > 0 ? ["", `Events the database does not account for: ${rateRow.unexpected + burstRow.unexpected}.`] : []),
    ].join("\n"),
  );
}

async function main() {
  const db = new pg.Client({ connectionString: postgresUrl });
  await db.connect();
  await db.query(`CREATE SCHEMA "${schema}"`);
  const server = startScript("src/main.ts", {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    WORKER_POLL_MS: "20",
    WS_MAX_SUBSCRIPTIONS_PER_KEY: String(SUBSCRIBERS + 10),
  });
  let pool: SubscriberPool | undefined;
  try {
    await admin("plan:create", "--name", "Subs", "--monthly-limit", "1000000", "--max-accounts", "20", "--requests-per-second", "1000000", "--request-burst", "1000000");
    await waitHealthy(baseUrl);
    const tenant = await admin("tenant:create", "--name", "Live events", "--plan", "Subs", "--ends", "2099-12-31");
    for (const phone of ["0550000001", "0550000002"]) {
      await admin(...benchNumber(tenant.id, phone, { limit: 1_000_000 }), ...unpaced);
    }
    const key = String((await admin("key:create", "--tenant", String(tenant.id), "--label", "live")).key);
    console.log(`connecting ${SUBSCRIBERS} subscribers in ${PROCESSES} processes…`);
    pool = await SubscriberPool.start(PROCESSES, SUBSCRIBERS, `ws://127.0.0.1:${port}/graphql`, key, QUERY);
    await goLive(pool, key);
    const serverPid = server.pid!;
    const rateRow = await rate(db, pool, key, serverPid);
    const burstRow = await burst(db, pool, key, serverPid);
    console.table(
      [rateRow, burstRow].map((r) => ({
        scenario: r.scenario,
        changes: r.changes,
        "changes/s": Math.round(r.changes / r.publishSeconds),
        events: r.events,
        p50: r.p50,
        p95: r.p95,
        p99: r.p99,
        max: r.max,
        missing: r.missing,
        duplicates: r.duplicates,
        unexpected: r.unexpected,
        errors: r.errors,
        "frames/s": Math.round(r.events / r.wallSeconds),
        "server CPU s": fixed(r.serverCpu, 2),
        "frames/server CPU s": Math.round(r.events / Math.max(0.01, r.serverCpu)),
        "RSS MB": r.rssMb,
        "clients CPU s": fixed(r.clientCpu, 2),
      })),
    );
    console.log(`slowest seconds of the rate run: ${slowestSeconds(rateRow)}`);
    report(rateRow, burstRow);
  } finally {
    await pool?.close();
    await stopProcess(server);
    await db.query(`DROP SCHEMA "${schema}" CASCADE`);
    await db.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
