import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { writeSection } from "./report.js";
import { cpuSeconds, machineCpu } from "./proc.js";
import { adminCommand, benchNumber, benchPort, benchSchema, postgresUrl, startScript, stopProcess, unpaced, waitHealthy } from "./harness.js";

// Part of npm run bench: worker processes draining 10,000 queued messages from PostgreSQL, with
// pacing off and a zero-latency simulator, first one worker, then two. Every delivery is written
// to a ledger file, checked for duplicates.

const { schema, databaseUrl } = benchSchema("bench_drain");
const COUNT = Number(process.env.BENCH_DRAIN_MESSAGES ?? 10_000);
const port = benchPort();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-drain-"));
const start = (script: string, env: Record<string, string>) => startScript(script, { DATABASE_URL: databaseUrl, ...env });
const admin = adminCommand(databaseUrl);
const stop = stopProcess;

async function queue(key: string, offset: number) {
  for (let sent = 0; sent < COUNT; sent += 500) {
    const numbers = Array.from({ length: Math.min(500, COUNT - sent) }, (_, i) => `05${63_000_000 + offset + sent + i}`);
    const r = await fetch(`http://127.0.0.1:${port}/api/v1/send-bulk`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ numbers, message: "drain" }),
    });
    if (!r.ok) throw new Error(`send-bulk answered ${r.status}: ${await r.text()}`);
  }
}

/**
 * Drains the queue with `workers` processes (the built worker, dist/worker/main.js, started by the
 * harness). `seconds`/`rate` run from the processes' start (so they include Node's start and the
 * migration check); `steadyRate` runs from the first delivery the poll sees, which is what a
 * long-running worker does.
 */
async function drain(client: pg.Client, workers: number, ledger: string) {
  const started = performance.now();
  const cpuBefore = machineCpu();
  const children = Array.from({ length: workers }, () =>
    start("src/worker-main.ts", { SIMULATOR_LEDGER_FILE: ledger, WORKER_BATCH_SIZE: "100", WORKER_POLL_MS: "20", DB_POOL_MAX: "10" }),
  );
  let firstSeen: { at: number; left: number } | undefined;
  for (;;) {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".message WHERE status IN ('pending', 'sending')`);
    const left = Number(rows[0]?.n);
    if (!firstSeen && left < COUNT) firstSeen = { at: performance.now(), left };
    if (left === 0) break;
    await sleep(20);
  }
  const ended = performance.now();
  const seconds = (ended - started) / 1000;
  const cpuAfter = machineCpu();
  // The share of both cores in use over the drain (PostgreSQL, the workers, everything else).
  const machineBusy = Math.round(((cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total)) * 100);
  const workerCpu = Math.round(children.reduce((n, c) => n + (c.pid ? cpuSeconds(c.pid) : 0), 0) * 100) / 100;
  await Promise.all(children.map(stop));
  const ids = fs
    .readFileSync(ledger, "utf8")
    .trim()
    .split("\n")
    .map((l) => (JSON.parse(l) as { messageId: string }).messageId);
  const steadyRate = firstSeen && ended > firstSeen.at ? Math.round(firstSeen.left / ((ended - firstSeen.at) / 1000)) : Math.round(COUNT / seconds);
  return { seconds, rate: Math.round(COUNT / seconds), steadyRate, duplicates: ids.length - new Set(ids).size, machineBusy, workerCpu };
}

async function main() {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA "${schema}"`);
  const api = start("src/main.ts", { PORT: String(port), HOST: "127.0.0.1", WORKER_ENABLED: "false" });
  try {
    await admin("plan:create", "--name", "Drain", "--monthly-limit", "100000000", "--max-accounts", "10", "--requests-per-second", "1000000", "--request-burst", "1000000");
    const tenant = await admin("tenant:create", "--name", "Drain", "--plan", "Drain", "--ends", "2099-12-31");
    for (const phone of ["0551000001", "0551000002"]) {
      await admin(...benchNumber(tenant.id, phone), ...unpaced);
    }
    const key = String((await admin("key:create", "--tenant", String(tenant.id), "--label", "drain")).key);
    await waitHealthy(`http://127.0.0.1:${port}`);
    console.log(`queueing ${COUNT}…`);
    await queue(key, 0);
    console.log("one worker…");
    const one = await drain(client, 1, path.join(dir, "one.jsonl"));
    console.log(`queueing ${COUNT}…`);
    await queue(key, COUNT);
    console.log("two workers…");
    const two = await drain(client, 2, path.join(dir, "two.jsonl"));
    console.table({ one, two });
    writeSection(
      "Queue drain (issue 3)",
      [
        `Command: \`npm run bench\` (bench/drain.ts). Same machine and PostgreSQL as above, ${new Date().toISOString().slice(0, 10)}. ${COUNT.toLocaleString("en")} messages queued by POST /send-bulk, then drained by \`npm run worker\` processes (\`node dist/worker/main.js\`, batch 100, pacing off, simulator latency 0); "seconds" and "msg/s from start" run from the workers' start (Node's start of the built worker and the migration check included) to the last message leaving \`pending\`/\`sending\`; "steady msg/s" runs from the first delivery seen (polled every 20 ms) to the same end.`,
        "",
        "| workers | seconds | msg/s from start | steady msg/s | duplicate deliveries | machine CPU busy | workers' CPU s |",
        "|---:|---:|---:|---:|---:|---:|---:|",
        `| 1 | ${one.seconds.toFixed(1)} | ${one.rate} | ${one.steadyRate} | ${one.duplicates} | ${one.machineBusy} % | ${one.workerCpu} |`,
        `| 2 | ${two.seconds.toFixed(1)} | ${two.rate} | ${two.steadyRate} | ${two.duplicates} | ${two.machineBusy} % | ${two.workerCpu} |`,
        "",
        "Issue 3's targets (issue 18 keeps them): one worker at least 2,000 msg/s from its start; two no slower than one; never a double delivery (the ledger every worker appends to is checked). *Machine CPU busy* is the share of both cores in use over the drain, everything included (/proc/stat); *workers' CPU s* is the worker processes' user + system time, start-up included.",
        "",
        "What a claimed batch of 100 costs: one claim, one statement that makes sure the numbers' usage rows exist, one that counts senders for the whole batch (`assignSenders`), one that reads the batch's sender accounts (`readSenders`; until issue 18 every message read its own, 100 statements a batch, and one worker drained 720–830 msg/s in that session's run), and the completions of the deliveries that finish in the same event-loop turn coalesced into one `markManySent`. The first version counted each message's sender and marked it sent one statement at a time and drained about 700 msg/s. Two workers share the two cores with PostgreSQL, so their steady rate is at most a little above one worker's, and their start-up (two processes at once) weighs more in the from-start figure. Since issue 4, every status change also runs the webhook-outbox trigger (transition tables of each UPDATE) and publishes a live event, and each worker polls the webhook outbox; the steady rate of one worker fell from about 4,400 to about 2,600–2,900 msg/s with them, and start-up (about 2 s of tsx and the migration check, before the benchmarks ran the build in dist/) decided whether the from-start figure of a 10,000-message run cleared 2,000. Two workers are not faster than one on this machine because one already keeps it busy: PostgreSQL and the worker share two cores, and the second worker adds its own start-up (about 1 CPU-second) and claims that contend with the first, for the same statements per message (issue 18: one worker 70 % of both cores, two 94 %; a CPU profile of one worker showed it idle 45 % of the time, waiting for PostgreSQL, and 8 % in the socket writes of its statements). Running two claim loops inside one worker (tried in issue 18) brought one worker to 2,140–2,290 msg/s from start but let a bulk batch overtake a queued single send and changed shutdown hand-back, so it was not kept.",
      ].join("\n"),
    );
  } finally {
    await stop(api);
    await client.query(`DROP SCHEMA "${schema}" CASCADE`);
    await client.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
