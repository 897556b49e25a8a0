import os from "node:os";
import pg from "pg";
import { openDatabase } from "../src/core/db/database.js";
import { benchPort, percentile, postgresUrl, startScript, stopProcess, waitHealthy } from "./harness.js";

// HISTORY_SCHEMA=<schema> npx tsx bench/metrics-scrape.ts: what a Prometheus scrape costs on a
// database that holds history, such as the one `HISTORY_KEEP=1 npm run bench:history` leaves. It
// applies this build's pending migrations to the schema (timed: the lock an upgrade takes), starts
// the built API server on it and times 30 scrapes of /metrics one after another; then, straight
// through pg, five runs each of the statement that counted messages by status before the counts
// were kept (a scan of every partition) and of the statements that read them now.

const schema = process.env.HISTORY_SCHEMA;
if (!schema) throw new Error("HISTORY_SCHEMA names the schema to measure (HISTORY_KEEP=1 npm run bench:history keeps one)");
const databaseUrl = `${postgresUrl}${postgresUrl.includes("?") ? "&" : "?"}schema=${schema}`;

const STATEMENTS = {
  "counted from the table (before)": `SELECT status::text AS status, count(*)::int AS n,
      count(*) FILTER (WHERE status = 'pending' AND run_at <= now())::int AS due,
      EXTRACT(EPOCH FROM now() - min(run_at) FILTER (WHERE status = 'pending' AND run_at <= now()))::float8 AS oldest
    FROM message GROUP BY status`,
  "kept counts (after)": "SELECT status::text AS status, sum(n)::float8 AS n FROM message_count GROUP BY status",
  "queue due, by index (after)": "SELECT count(*)::int AS due, EXTRACT(EPOCH FROM now() - min(run_at))::float8 AS oldest FROM message WHERE status = 'pending' AND run_at <= now()",
};

async function migrate(): Promise<{ seconds: number; applied: string[] }> {
  const database = await openDatabase({ databaseUrl, dataDir: "", poolMax: 2 });
  try {
    const start = performance.now();
    const applied = await database.migrate();
    return { seconds: (performance.now() - start) / 1000, applied };
  } finally {
    await database.close();
  }
}

async function scrapes(n: number): Promise<{ p50: number; p99: number }> {
  const port = benchPort();
  const url = `http://127.0.0.1:${port}`;
  const server = startScript("src/main.ts", { DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", WORKER_ENABLED: "false" });
  try {
    await waitHealthy(url);
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const start = performance.now();
      const r = await fetch(`${url}/metrics`);
      if (!r.ok) throw new Error(`/metrics answered ${r.status}`);
      await r.text();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { p50: Math.round(percentile(times, 0.5) * 10) / 10, p99: Math.round(percentile(times, 0.99) * 10) / 10 };
  } finally {
    await stopProcess(server);
  }
}

async function statements(): Promise<Record<string, number[]>> {
  const client = new pg.Client({ connectionString: postgresUrl, options: `-c search_path="${schema}"` });
  await client.connect();
  const out: Record<string, number[]> = {};
  try {
    for (const [label, sql] of Object.entries(STATEMENTS)) {
      out[label] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await client.query(sql);
        out[label].push(Math.round(performance.now() - start));
      }
    }
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM message");
    console.log(`messages in ${schema}: ${Number(rows[0]?.n).toLocaleString("en")}`);
  } finally {
    await client.end();
  }
  return out;
}

const migrated = await migrate();
console.log(`migrations applied in ${migrated.seconds.toFixed(1)} s: ${migrated.applied.join(", ") || "none"}`);
const scrape = await scrapes(30);
console.log(`GET /metrics, 30 scrapes: p50 ${scrape.p50} ms, p99 ${scrape.p99} ms`);
for (const [label, ms] of Object.entries(await statements())) console.log(`${label}: ${ms.join(", ")} ms`);
console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, ${new Date().toISOString()}`);
