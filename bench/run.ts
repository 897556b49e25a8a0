import { randomBytes } from "node:crypto";
import pg from "pg";
import autocannon from "autocannon";
import { print } from "graphql";
import { graphql } from "../src/gql/index.js";
import { adminOverHttp, benchPort, benchSchema, createBenchPlan, postgresUrl, seedBenchTenant, startScript, stopProcess, waitHealthy } from "./harness.js";
import { runBaseline, type BaselineResult } from "./baseline.js";
import { cannon, onServer, per1000, serverPeak, withDatabaseCpu, type Row } from "./scenarios.js";
import { peakRssMb } from "./proc.js";
import { ratioLines, writeReport, type Results, type RunInfo } from "./run-report.js";

// npm run bench, HTTP part (issues 18 and 30): on PostgreSQL, at 32 connections, simulator latency
// 0, pacing off, one run measures the raw baselines (the send's two statements through `pg`, in
// the project's full form and a minimal one), REST POST /send and GraphQL sendMessage for one
// tenant, the same baselines and REST /send spread over 50 tenants, and a 500-number POST
// /send-bulk while the worker drains. The API server and the
// queue worker are separate processes, as compose.yaml deploys them. For each HTTP scenario it
// also reads the API server's CPU time and peak RSS. Works in a schema of its own, dropped
// at the end; results go to the top of BENCHMARKS.md.

const { schema, databaseUrl } = benchSchema("bench");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const connections = 32;
const bulkConnections = 4;
const TENANTS = 50;
const port = benchPort();
const url = `http://127.0.0.1:${port}`;
const adminToken = randomBytes(24).toString("hex");
const admin = adminOverHttp(url, adminToken);
const SendMutation = graphql(`
  mutation BenchSend($input: SendMessageInput!) {
    sendMessage(input: $input) { message { id to status } }
  }
`);
const text = "مرحبا، هذا اختبار";
const restBody = JSON.stringify({ to: "0501234567", message: text });
const gqlBody = JSON.stringify({ query: print(SendMutation), variables: { input: { to: "0501234567", text } } });
const json = { "content-type": "application/json" };
const bearer = (key: string) => `Bearer ${key}`;

interface Tenant {
  id: number;
  key: string;
}

/** A tenant of the Bench plan with its key and these connected numbers, limits out of the way. */
const seedTenant = (name: string, phones: string[]): Promise<Tenant> => seedBenchTenant(admin, { plan: "Bench", name, phones });

const baselineRow = (name: string, { result: b, dbCpu }: { result: BaselineResult; dbCpu: number }): Row => ({
  name,
  requests: b.sends,
  sends: b.sends,
  rps: Math.round(b.sends / b.seconds),
  p50: b.p50,
  p99: b.p99,
  errors: b.errors,
  dbCpuPer1000: per1000(dbCpu, b.sends),
});

/** REST /send, one request per key in turn: one load generator, as for the one-tenant rows. */
function restOverKeys(tenants: Tenant[], duration: number): autocannon.Options {
  let next = 0;
  return {
    url: `${url}/api/v1/send`,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        body: restBody,
        setupRequest: (req) => ({ ...req, headers: { ...json, authorization: bearer(tenants[next++ % tenants.length]?.key ?? "") } }),
      },
    ],
  };
}

async function main() {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA "${schema}"`);
  const pgVersion = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]?.server_version ?? "?";
  const server = startScript("src/main.ts", {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    // As many database connections as requests in flight, as the baseline has.
    DB_POOL_MAX: String(connections),
    SEND_GROUP_MAX: "64",
    ADMIN_TOKEN: adminToken,
    WORKER_ENABLED: "false",
  });
  // The queue worker with its default settings, woken by the server's NOTIFY as deployed.
  const worker = startScript("src/worker-main.ts", { DATABASE_URL: databaseUrl });
  try {
    await waitHealthy(url);
    console.log(`seeding 1 + ${TENANTS} tenants…`);
    await createBenchPlan(admin, "Bench");
    const one = await seedTenant("Bench", ["0551000001", "0551000002"]);
    const many: Tenant[] = [];
    for (let i = 0; i < TENANTS; i++) many.push(await seedTenant(`Bench ${i + 1}`, [`055${2_000_000 + i}`]));
    const headers = { ...json, authorization: bearer(one.key) };

    // Warm-up: both front ends and every key, so no scenario pays for JIT compilation or a key's
    // first lookup inside its measured window.
    console.log("warming up…");
    await autocannon({ url: `${url}/api/v1/send`, connections, duration: warmupSeconds, method: "POST", headers, body: restBody });
    await autocannon({ url: `${url}/graphql`, connections, duration: warmupSeconds, method: "POST", headers: { ...headers, accept: "application/json" }, body: gqlBody });
    await autocannon(restOverKeys(many, Math.max(1, Math.round(warmupSeconds / 2))));

    const b = (tenantIds: number[], form: "full" | "minimal" = "full") =>
      withDatabaseCpu(() => runBaseline({ postgresUrl, schema, tenantIds, concurrency: connections, seconds, form }));
    console.log("raw baselines, one tenant…");
    const baseline = baselineRow("raw baseline: accept + mark sent through pg, one tenant", await b([one.id]));
    const minimal = baselineRow("minimal raw SQL, one tenant", await b([one.id], "minimal"));
    console.log("REST /send…");
    const rest = await onServer(server, "REST POST /send, one tenant", () =>
      cannon({ url: `${url}/api/v1/send`, connections, duration: seconds, method: "POST", headers, body: restBody }),
    );
    console.log("GraphQL sendMessage…");
    const graphqlRow = await onServer(server, "GraphQL sendMessage, one tenant", () =>
      cannon({ url: `${url}/graphql`, connections, duration: seconds, method: "POST", headers: { ...headers, accept: "application/json" }, body: gqlBody }),
    );
    console.log(`raw baselines, ${TENANTS} tenants…`);
    const baseline50 = baselineRow(`raw baseline, ${TENANTS} tenants in turn`, await b(many.map((t) => t.id)));
    const minimal50 = baselineRow(
      `minimal raw SQL, ${TENANTS} tenants in turn`,
      await b(
        many.map((t) => t.id),
        "minimal",
      ),
    );
    console.log(`REST /send, ${TENANTS} tenants…`);
    const rest50 = await onServer(server, `REST POST /send, ${TENANTS} tenants' keys in turn`, () => cannon(restOverKeys(many, seconds)));
    console.log("bulk 500…");
    // Last: it leaves the worker draining what it queued, which would weigh on any scenario after it.
    // 500 numbers no earlier request used, so nothing is served from the normalisation cache
    // except the service's second look at the numbers the REST schema has just checked.
    let next = 0;
    const bulkBody = () => JSON.stringify({ numbers: Array.from({ length: 500 }, () => `05${60_000_000 + (next++ % 9_000_000)}`), message: "bulk" });
    const bulkScenario = (name: string, bulkConnectionsNow: number) =>
      onServer(
        server,
        name,
        () =>
          cannon({
            url: `${url}/api/v1/send-bulk`,
            connections: bulkConnectionsNow,
            duration: seconds,
            requests: [{ method: "POST", headers, setupRequest: (req) => ({ ...req, body: bulkBody() }) }],
          }),
        500,
      );
    const bulkOne = await bulkScenario("REST POST /send-bulk, 500 numbers, one at a time", 1);
    const bulk = await bulkScenario(`REST POST /send-bulk, 500 numbers, ${bulkConnections} in flight`, bulkConnections);

    const results: Results = { baseline, minimal, rest, graphql: graphqlRow, baseline50, minimal50, rest50, bulkOne, bulk };
    const info: RunInfo = { seconds, connections, bulkConnections, tenants: TENANTS, pgVersion, workerPeakRssMb: worker.pid ? peakRssMb(worker.pid) : 0 };
    console.table(Object.values(results));
    console.log(ratioLines(results, info).join("\n"));
    if (!serverPeak.perScenario) console.log("(peak RSS could not be reset between scenarios: each row's is the peak since start)");
    writeReport(results, info);
  } finally {
    await stopProcess(worker);
    await stopProcess(server);
    await client.query(`DROP SCHEMA "${schema}" CASCADE`);
    await client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
