import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { writeSection } from "./report.js";
import { benchSchema, percentile, postgresUrl, runScript, startScript, stopProcess, waitHealthy } from "./harness.js";

// Part of npm run bench (issue 14, defect 4): a tenant with 10 webhook endpoints that answer 302
// (at once, or after 2 s) gets a pile-up of pending deliveries from 500-number bulks, and /healthz
// is timed, one request every 100 ms, while the server (API, worker and webhook dispatcher in one
// process, as `npm start` runs) works through it: on the embedded PGlite database, where a long
// statement blocks the whole process, and on PostgreSQL.

const BULKS = Number(process.env.BENCH_PILEUP_BULKS ?? 7);
const WINDOW_MS = Number(process.env.BENCH_PILEUP_SECONDS ?? 10) * 1000;
const ENDPOINTS = 10;
// startScript hands the environment on; the embedded runs must not see a DATABASE_URL.
delete process.env.DATABASE_URL;

interface Receiver { url: string; requests: () => number; close: () => Promise<void> }

async function startReceiver(delayMs: number): Promise<Receiver> {
  let requests = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    requests++;
    setTimeout(() => res.writeHead(302, { location: "http://127.0.0.1:9/elsewhere" }).end(), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

interface Db { name: string; env: Record<string, string>; pending?: () => Promise<number>; drop: () => Promise<void> }

function embedded(): Promise<Db> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-pileup-"));
  return Promise.resolve({ name: "embedded PGlite", env: { DATA_DIR: dir }, drop: () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })) });
}

async function postgres(): Promise<Db> {
  const { schema, databaseUrl } = benchSchema("bench_pileup");
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA "${schema}"`);
  return {
    name: "PostgreSQL",
    env: { DATABASE_URL: databaseUrl },
    pending: async () => Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".webhook_delivery WHERE status IN ('pending', 'sending')`)).rows[0]?.n),
    drop: async () => {
      await client.query(`DROP SCHEMA "${schema}" CASCADE`);
      await client.end();
    },
  };
}

async function scenario(db: Db, receiver: Receiver, label: string) {
  const admin = async (...args: string[]) => JSON.parse(await runScript("src/admin/cli.ts", [...args, "--json"], db.env)) as Record<string, unknown>;
  // The admin CLI opens the embedded database itself, so the tenant is made before the server starts.
  await admin("plan:create", "--name", "Pileup", "--monthly-limit", "100000000", "--max-accounts", "10", "--requests-per-second", "1000000", "--request-burst", "1000000");
  const tenant = await admin("tenant:create", "--name", "Pileup", "--plan", "Pileup", "--ends", "2099-12-31");
  await admin("account:create", "--tenant", String(tenant.id), "--phone", "0551000001", "--name", "one", "--daily-limit", "100000000", "--monthly-limit", "100000000", "--min-interval-ms", "0", "--jitter-ms", "0");
  const key = String((await admin("key:create", "--tenant", String(tenant.id), "--label", "pileup")).key);

  const port = 6000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const server = startScript("src/main.ts", { ...db.env, PORT: String(port), HOST: "127.0.0.1", WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true", WORKER_POLL_MS: "50" });
  try {
    await waitHealthy(base);
    const call = async (route: string, body: unknown) => {
      const r = await fetch(`${base}/api/v1${route}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(`${route} answered ${r.status}: ${await r.text()}`);
    };
    for (let i = 0; i < ENDPOINTS; i++) await call("/webhooks", { url: `${receiver.url}/hook/${i}` });
    for (let b = 0; b < BULKS; b++) {
      await call("/send-bulk", { numbers: Array.from({ length: 500 }, (_, i) => `05${64_000_000 + b * 500 + i}`), message: "pile-up" });
    }
    const pendingAtStart = await db.pending?.();
    const before = receiver.requests();
    const latencies: number[] = [];
    const until = performance.now() + WINDOW_MS;
    while (performance.now() < until) {
      const started = performance.now();
      const r = await fetch(`${base}/healthz`);
      await r.arrayBuffer();
      latencies.push(performance.now() - started);
      await sleep(100);
    }
    const posts = receiver.requests() - before;
    latencies.sort((a, b) => a - b);
    return {
      database: db.name,
      receiver: label,
      samples: latencies.length,
      p50: percentile(latencies, 0.5),
      p90: percentile(latencies, 0.9),
      max: latencies.at(-1) ?? 0,
      postsPerSecond: Math.round(posts / (WINDOW_MS / 1000)),
      pendingAtStart,
    };
  } finally {
    await stopProcess(server);
  }
}

async function main() {
  const fast = await startReceiver(0);
  const slow = await startReceiver(2000);
  const rows = [];
  try {
    for (const [receiver, label] of [[fast, "302 at once"], [slow, "302 after 2 s"]] as const) {
      for (const open of [embedded, postgres]) {
        const db = await open();
        try {
          console.log(`${db.name}, receivers answering ${label}…`);
          rows.push(await scenario(db, receiver, label));
        } finally {
          await db.drop();
        }
      }
    }
  } finally {
    await Promise.all([fast.close(), slow.close()]);
  }
  console.table(rows);
  const ms = (v: number) => v.toFixed(1);
  writeSection(
    "Webhook pile-up (issue 14)",
    [
      `Command: \`npx tsx bench/webhook-pileup.ts\` (part of \`npm run bench\`). Same machine as above, ${new Date().toISOString().slice(0, 10)}. One server process (API, worker and webhook dispatcher, defaults: 16 POSTs in flight, 4 per endpoint, retry after ~30 s), a tenant with ${ENDPOINTS} endpoints whose receiver answers 302 (a failure: redirects are not followed), ${BULKS} POST /send-bulk of 500 numbers; then /healthz is requested every 100 ms for ${WINDOW_MS / 1000} s while the worker sends the messages and the dispatcher works through their events. "pending at start" is counted on PostgreSQL only.`,
      "",
      "| database | receiver | /healthz p50 ms | p90 ms | max ms | samples | receiver POSTs/s | pending deliveries at start |",
      "|---|---|---:|---:|---:|---:|---:|---:|",
      ...rows.map((r) => `| ${r.database} | ${r.receiver} | ${ms(r.p50)} | ${ms(r.p90)} | ${ms(r.max)} | ${r.samples} | ${r.postsPerSecond} | ${r.pendingAtStart ?? "–"} |`),
    ].join("\n"),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
