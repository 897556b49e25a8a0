import { randomBytes } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { print } from "graphql";
import { graphql } from "../src/gql/index.js";
import { adminOverHttp, benchPort, percentile, postgresUrl, startScript, stopProcess, waitHealthy } from "./harness.js";
import { prepare, ROWS, TENANTS, type Prepared } from "./history-seed.js";
import { cannon } from "./scenarios.js";
import { writeSection } from "./report.js";

// npm run bench:history (PostgreSQL): the gateway on a database holding years of history
// (bench/history-seed.ts) against an empty one, in one run, each through an API server and a
// worker as deployed: REST /send and GraphQL sendMessage throughput, bulk-500 p50, GET
// /messages/{id} p99, a 500-message batch report, the console's messages page, and the
// housekeeper's retention pass. Figures go to BENCHMARKS.md ("Years of history").

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 32;
const text = "مرحبا، هذا اختبار";
const SendMutation = graphql(`
  mutation HistorySend($input: SendMessageInput!) {
    sendMessage(input: $input) { message { id } }
  }
`);
const MessagesPage = graphql(`
  query HistoryMessages($first: Int!) {
    messages(first: $first) { edges { node { id to text status error createdAt sentAt batchId } } pageInfo { hasNextPage endCursor } }
  }
`);

type Figures = Record<string, number>;

const timed = async (f: () => Promise<unknown>) => {
  const start = performance.now();
  await f();
  return performance.now() - start;
};

/** Sequential requests: p50 and p99 of their times in ms. */
async function latencies(n: number, request: (i: number) => Promise<Response>): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    times.push(
      await timed(async () => {
        const r = await request(i);
        if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
        await r.arrayBuffer();
      }),
    );
  }
  times.sort((a, b) => a - b);
  return { p50: Math.round(percentile(times, 0.5) * 10) / 10, p99: Math.round(percentile(times, 0.99) * 10) / 10 };
}

/** Ids to read back: of the first tenant, spread over all it holds. */
async function sampleIds(p: Prepared): Promise<number[]> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM "${p.schema}".message TABLESAMPLE SYSTEM (1) WHERE tenant_id = $1 LIMIT 1000`, [p.tenantIds[0]]);
  await client.end();
  return rows.map((r) => Number(r.id));
}

async function measure(p: Prepared, port: number): Promise<Figures> {
  const url = `http://127.0.0.1:${port}`;
  const adminToken = randomBytes(24).toString("hex");
  const server = startScript("src/main.ts", {
    DATABASE_URL: p.databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    DB_POOL_MAX: String(connections),
    ADMIN_TOKEN: adminToken,
    WORKER_ENABLED: "false",
  });
  const worker = startScript("src/worker-main.ts", { DATABASE_URL: p.databaseUrl });
  try {
    await waitHealthy(url);
    const auth = { authorization: `Bearer ${p.keys[0]}`, "content-type": "application/json" };
    const restBody = JSON.stringify({ to: "0501234567", message: text });
    const gqlBody = JSON.stringify({ query: print(SendMutation), variables: { input: { to: "0501234567", text } } });
    await cannon({ url: `${url}/api/v1/send`, connections, duration: 3, method: "POST", headers: auth, body: restBody });
    const rest = await cannon({ url: `${url}/api/v1/send`, connections, duration: seconds, method: "POST", headers: auth, body: restBody });
    const gql = await cannon({ url: `${url}/graphql`, connections, duration: seconds, method: "POST", headers: { ...auth, accept: "application/json" }, body: gqlBody });
    const numbers = Array.from({ length: 500 }, (_, i) => `05${String(60_000_000 + i)}`);
    let batchId = "";
    const bulk = await latencies(10, async () => {
      const r = await fetch(`${url}/api/v1/send-bulk`, { method: "POST", headers: auth, body: JSON.stringify({ numbers, message: text }) });
      batchId = String(((await r.clone().json()) as { batch_id: number }).batch_id);
      return r;
    });
    const report = await latencies(200, () => fetch(`${url}/api/v1/batches/${batchId}`, { headers: auth }));
    const ids = await sampleIds(p);
    const read = await latencies(1000, (i) => fetch(`${url}/api/v1/messages/${ids[i % ids.length]}`, { headers: auth }));
    const pageBody = JSON.stringify({ query: print(MessagesPage), variables: { first: 50 } });
    const page = await cannon({ url: `${url}/graphql`, connections: 8, duration: seconds, method: "POST", headers: { ...auth, accept: "application/json" }, body: pageBody });
    // What Prometheus asks every 15 s: the message counts by status, the queue's depth and age, the rest.
    const scrape = await latencies(30, () => fetch(`${url}/metrics`));
    const admin = adminOverHttp(url, adminToken);
    const idlePass = await timed(() => admin("maintenance:prune"));
    await admin("tenant:retention", "--tenant", String(p.tenantIds[1]), "--days", "365");
    let pruned: Record<string, unknown> = {};
    const retentionPass = await timed(async () => {
      pruned = await admin("maintenance:prune");
    });
    return {
      restPerSecond: Math.round(rest.requests / rest.seconds),
      graphqlPerSecond: Math.round(gql.requests / gql.seconds),
      bulkP50: bulk.p50,
      reportP50: report.p50,
      reportP99: report.p99,
      readP50: read.p50,
      readP99: read.p99,
      pageP50: page.p50,
      pageP99: page.p99,
      scrapeP50: scrape.p50,
      scrapeP99: scrape.p99,
      idlePassMs: Math.round(idlePass),
      retentionPassMs: Math.round(retentionPass),
      retentionDeleted: Number(pruned.expiredMessages ?? 0) + Number(pruned.expiredInboundMessages ?? 0),
      errors: rest.errors + gql.errors + page.errors,
    };
  } finally {
    await stopProcess(server);
    await stopProcess(worker);
  }
}

async function dropSchema(schema: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

function report(empty: Figures, history: Figures, p: Prepared, pgVersion: string) {
  const rows: Array<[string, string, "higher" | "lower"]> = [
    ["REST POST /send, one tenant, 32 connections (req/s)", "restPerSecond", "higher"],
    ["GraphQL sendMessage (req/s)", "graphqlPerSecond", "higher"],
    ["POST /send-bulk of 500, p50 (ms)", "bulkP50", "lower"],
    ["GET /batches/{id} of 500, p50 (ms)", "reportP50", "lower"],
    ["GET /batches/{id} of 500, p99 (ms)", "reportP99", "lower"],
    ["GET /messages/{id}, p50 (ms)", "readP50", "lower"],
    ["GET /messages/{id}, p99 (ms)", "readP99", "lower"],
    ["console messages page (GraphQL, 50 rows, 8 connections), p50 (ms)", "pageP50", "lower"],
    ["console messages page, p99 (ms)", "pageP99", "lower"],
    ["GET /metrics, 30 scrapes one after another, p50 (ms)", "scrapeP50", "lower"],
    ["GET /metrics, p99 (ms)", "scrapeP99", "lower"],
    ["housekeeper pass, nothing expired (ms)", "idlePassMs", "lower"],
  ];
  const line = ([label, key, better]: (typeof rows)[number]) => {
    const e = empty[key] ?? 0;
    const h = history[key] ?? 0;
    const gap = e === 0 ? 0 : Math.round(((better === "higher" ? e - h : h - e) / e) * 100);
    return `| ${label} | ${e} | ${h} | ${gap > 0 ? `${gap} % worse` : "within"} |`;
  };
  writeSection(
    "Years of history (issue 45)",
    [
      `\`npm run bench:history\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), PostgreSQL ${pgVersion}, ${new Date().toISOString().slice(0, 10)}.`,
      `History: ${ROWS.toLocaleString("en")} messages over ${TENANTS} tenants and two years, and ${Math.ceil(ROWS / 20).toLocaleString("en")} inbound messages, seeded in ${Math.round(p.seedSeconds)} s before the partitions migration; the migration then took ${p.migrateSeconds.toFixed(1)} s (the whole of its lock). Reads by id sample the first tenant's whole history.`,
      "",
      "| measured | empty | with history | gap |",
      "|---|---|---|---|",
      ...rows.map(line),
      "",
      `Retention pass with one tenant set to 365 days: deleted ${history.retentionDeleted?.toLocaleString("en")} rows in ${history.retentionPassMs} ms on the history (${empty.retentionPassMs} ms on the empty one). Errors: ${empty.errors} and ${history.errors}.`,
    ].join("\n"),
  );
}

async function main() {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  const pgVersion = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]?.server_version ?? "?";
  await client.end();
  console.log("empty database…");
  const emptyDb = await prepare("empty");
  console.log(`history of ${ROWS.toLocaleString("en")} messages…`);
  const historyDb = await prepare("history");
  try {
    console.log(`migrated the history in ${historyDb.migrateSeconds.toFixed(1)} s; measuring…`);
    const port = benchPort();
    const empty = await measure(emptyDb, port);
    const history = await measure(historyDb, port + 1);
    console.log({ empty, history });
    report(empty, history, historyDb, pgVersion);
  } finally {
    if (!process.env.HISTORY_KEEP) for (const s of [emptyDb.schema, historyDb.schema]) await dropSchema(s);
  }
}

await main();
