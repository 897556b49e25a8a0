import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import pg from "pg";
import { print } from "graphql";
import { graphql } from "../src/gql/index.js";
import { ServiceClock } from "../src/services/clock.js";
import { acceptSingleMessageSql } from "../src/services/accept-sql.js";
import { markSentSql } from "../src/services/queue.js";

// npm run bench: one run measures REST POST /send, GraphQL sendMessage, a 500-number POST
// /send-bulk, and a baseline that runs the SQL statements of one send straight through `pg` at the
// same concurrency (no HTTP, no ORM). Needs PostgreSQL (DATABASE_URL, default local `test`); works
// in a schema of its own, dropped at the end. Results go to BENCHMARKS.md.

const root = path.resolve(import.meta.dirname, "..");
const baseUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const schema = `bench_${Date.now().toString(36)}`;
const databaseUrl = `${baseUrl}${baseUrl.includes("?") ? "&" : "?"}schema=${schema}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 32;
const port = 4000 + Math.floor(Math.random() * 1000);
const url = `http://127.0.0.1:${port}`;
const SendMutation = graphql(`
  mutation BenchSend($input: SendMessageInput!) {
    sendMessage(input: $input) { message { id to status } }
  }
`);

interface Row {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rssMb?: number;
}

function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, script), ...args], { cwd: root, env: { ...process.env, ...env } });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => process.stderr.write(d));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} ${args.join(" ")} exited ${code}`))));
  });
}

const admin = async (...args: string[]) =>
  JSON.parse(await runScript("src/admin/cli.ts", [...args, "--json"], { DATABASE_URL: databaseUrl })) as Record<string, unknown>;

function peakRssMb(child: ChildProcess): number {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function cannon(name: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections, duration: seconds, ...opts });
  const errors = result.errors + result.non2xx;
  return { name, requests: result.requests.total, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors };
}

/** The statements of one send, run bare through pg: key lookup, accept (one CTE), mark sent. */
async function baseline(tenantId: number, keyPrefix: string): Promise<Row> {
  const pool = new pg.Pool({ connectionString: baseUrl, max: 10, options: `-c search_path="${schema}"` });
  const clock = new ServiceClock("Asia/Riyadh");
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const one = async () => {
    const started = performance.now();
    try {
      await pool.query(
        `SELECT k.id, k.hash, k.revoked_at, t.status, t.subscription_ends_on, p.name, p.monthly_message_limit, p.max_accounts
         FROM api_key k JOIN tenant t ON t.id = k.tenant_id JOIN plan p ON p.id = t.plan_id WHERE k.prefix = $1`,
        [keyPrefix],
      );
      const accept = acceptSingleMessageSql({
        tenantId, monthlyLimit: 100_000_000, accountId: null, to: "966501234567", text: "baseline", imageUrl: null, templateId: null,
        ...clock.period(), now: clock.now(), lockOwner: "bench:baseline", leaseSeconds: 60,
      });
      const accepted = await pool.query<{ id: string }>(accept.text, accept.values);
      const sent = markSentSql(BigInt(accepted.rows[0]!.id), "bench:baseline", "sim-baseline", new Date());
      await pool.query(sent.text, sent.values);
    } catch {
      errors++;
    }
    latencies.push(performance.now() - started);
  };
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < deadline) await one();
  }));
  await pool.end();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => Math.round((latencies[Math.floor(q * (latencies.length - 1))] ?? 0) * 10) / 10;
  return { name: "baseline: same SQL through pg, 32 concurrent", requests: latencies.length, rps: Math.round(latencies.length / seconds), p50: pick(0.5), p99: pick(0.99), errors };
}

async function main() {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA "${schema}"`);
  const serverVersion = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]?.server_version;

  console.log("seeding…");
  await admin("plan:create", "--name", "Bench", "--monthly-limit", "100000000", "--max-accounts", "10", "--requests-per-second", "1000000", "--request-burst", "1000000");
  const tenant = await admin("tenant:create", "--name", "Bench", "--plan", "Bench", "--ends", "2099-12-31");
  for (const phone of ["0551000001", "0551000002"]) {
    await admin("account:create", "--tenant", String(tenant.id), "--phone", phone, "--name", phone, "--daily-limit", "100000000", "--monthly-limit", "100000000", "--min-interval-ms", "0", "--jitter-ms", "0");
  }
  const key = await admin("key:create", "--tenant", String(tenant.id), "--label", "bench");

  const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "src/main.ts")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", MIGRATE_ON_START: "true", DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", SIMULATOR_LATENCY_MS: "0", DB_POOL_MAX: "10" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/healthz`)).ok) break;
      } catch {
        // not up yet
      }
      if (i > 200) throw new Error("server did not start");
      await sleep(100);
    }
    const headers = { authorization: `Bearer ${String(key.key)}`, "content-type": "application/json" };
    const rows: Row[] = [];
    console.log("warming up…");
    await autocannon({ url: `${url}/api/v1/send`, connections, duration: 3, method: "POST", headers, body: JSON.stringify({ to: "0501234567", message: "warm-up" }) });

    console.log("baseline…");
    rows.push(await baseline(Number(tenant.id), String(key.prefix)));
    console.log("REST /send…");
    rows.push({ ...(await cannon("REST POST /send", { url: `${url}/api/v1/send`, method: "POST", headers, body: JSON.stringify({ to: "0501234567", message: "مرحبا، هذا اختبار" }) })), rssMb: peakRssMb(server) });
    console.log("GraphQL sendMessage…");
    const gqlBody = JSON.stringify({ query: print(SendMutation), variables: { input: { to: "0501234567", text: "مرحبا، هذا اختبار" } } });
    rows.push({ ...(await cannon("GraphQL sendMessage", { url: `${url}/graphql`, method: "POST", headers: { ...headers, accept: "application/json" }, body: gqlBody })), rssMb: peakRssMb(server) });
    console.log("bulk 500…");
    // 500 numbers no earlier request used, so nothing is served from the normalisation cache
    // except the service's second look at the numbers the REST schema has just checked.
    let next = 0;
    const bulkBody = () => JSON.stringify({ numbers: Array.from({ length: 500 }, () => `05${60_000_000 + (next++ % 9_000_000)}`), message: "bulk" });
    rows.push({
      ...(await cannon("REST POST /send-bulk, 500 numbers", {
        url: `${url}/api/v1/send-bulk`,
        connections: 4,
        requests: [{ method: "POST", headers, setupRequest: (req) => ({ ...req, body: bulkBody() }) }],
      })),
      rssMb: peakRssMb(server),
    });
    writeReport(rows, serverVersion ?? "?");
    console.table(rows);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await client.query(`DROP SCHEMA "${schema}" CASCADE`);
    await client.end();
  }
}

function writeReport(rows: Row[], pgVersion: string) {
  const [base, rest, gql, bulk] = rows as [Row, Row, Row, Row];
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const lines = [
    "# Benchmarks",
    "",
    `Command: \`npm run bench\` (BENCH_SECONDS=${seconds}). Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${pgVersion} on loopback with default settings, simulator channel with zero latency, pacing none, ${connections} connections (bulk: 4). Run on ${new Date().toISOString().slice(0, 10)}. The machine is shared: read the figures as ratios measured in one run.`,
    "",
    "| what | requests | req/s | p50 ms | p99 ms | errors | server peak RSS MB |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${r.name} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.rssMb ?? "–"} |`),
    "",
    "Against the targets of issue 2:",
    "",
    `- REST /send at ${Math.round((rest.rps / base.rps) * 100)} % of the baseline's rate (target ≥ 50 %), p99 ${rest.p99} ms (target < 25 ms).`,
    `- GraphQL at ${Math.round((gql.rps / rest.rps) * 100)} % of REST (target: within 15 %).`,
    `- 500-number bulk accepted with p50 ${bulk.p50} ms (target < 30 ms).`,
    "",
  ];
  const file = path.join(root, "BENCHMARKS.md");
  const previous = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const notes = previous.includes("## Notes") ? previous.slice(previous.indexOf("## Notes")) : "";
  fs.writeFileSync(file, `${lines.join("\n")}\n${notes}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
