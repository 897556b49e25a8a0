import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "./harness.js";
import { serverPeak, type Row } from "./scenarios.js";

// bench/run.ts's results: the ratios issues 18 and 30 set targets on, each against a baseline of
// the same run, printed and written as the top of BENCHMARKS.md (the sections after it are kept).

export interface Results {
  baseline: Row;
  /** The least a send could be in SQL (baseline.ts, `minimal`). */
  minimal: Row;
  rest: Row;
  graphql: Row;
  baseline50: Row;
  minimal50: Row;
  rest50: Row;
  /** 500-number bulks one at a time: the latency of a bulk request while the worker drains. */
  bulkOne: Row;
  /** The same with `bulkConnections` in flight: acceptance throughput, latency with queueing. */
  bulk: Row;
}

export interface RunInfo {
  seconds: number;
  connections: number;
  bulkConnections: number;
  tenants: number;
  pgVersion: string;
  /** The worker process's peak RSS over the whole run. */
  workerPeakRssMb: number;
}

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
const verdict = (met: boolean) => (met ? "met" : "missed");

/** The lines under the table: each of issue 18's targets with the figure that answers it. */
export function ratioLines(r: Results, info: RunInfo): string[] {
  const restOfBaseline = pct(r.rest.rps, r.baseline.rps);
  // How much slower REST is than GraphQL, as a share of GraphQL's rate (negative: REST is faster).
  const restCost = r.graphql.rps > 0 ? Math.round(((r.graphql.rps - r.rest.rps) / r.graphql.rps) * 1000) / 10 : 0;
  const peak = serverPeak.rssMb;
  const shared = pct(r.rest50.rps, r.rest.rps);
  return [
    `- One tenant: REST /send at ${restOfBaseline} % of the raw baseline (target ≥ 100 %: ${verdict(restOfBaseline >= 100)}); GraphQL sendMessage at ${pct(r.graphql.rps, r.baseline.rps)} %; REST at ${pct(r.rest.rps, r.minimal.rps)} % of the minimal raw SQL.`,
    `- REST against GraphQL: REST ${Math.abs(restCost)} % ${restCost >= 0 ? "slower" : "faster"} ((GraphQL − REST) / GraphQL req/s; target ≤ 10 % slower: ${verdict(restCost <= 10)}); GraphQL at ${pct(r.graphql.rps, r.rest.rps)} % of REST (target ≥ 90 %: ${verdict(pct(r.graphql.rps, r.rest.rps) >= 90)}); server CPU ${r.rest.cpuPer1000} s per 1,000 REST sends, ${r.graphql.cpuPer1000} s per 1,000 GraphQL sends.`,
    `- ${info.tenants} tenants: REST /send at ${shared} % of the one-tenant REST figure (${r.rest50.rps} against ${r.rest.rps} sends/s; target ≥ 90 %: ${verdict(shared >= 90)}), at ${pct(r.rest50.rps, r.baseline50.rps)} % of the full raw baseline over the same tenants (${r.baseline50.rps} sends/s; target > 100 %: ${verdict(r.rest50.rps > r.baseline50.rps)}) and ${pct(r.rest50.rps, r.minimal50.rps)} % of the minimal raw SQL (${r.minimal50.rps} sends/s); server CPU ${r.rest50.cpuPer1000} s per 1,000 sends (one tenant: ${r.rest.cpuPer1000} s), PostgreSQL's ${r.rest50.dbCpuPer1000} s (one tenant: ${r.rest.dbCpuPer1000} s).`,
    `- 500-number bulk, one request at a time while the worker drains: p50 ${r.bulkOne.p50} ms (target < 30 ms: ${verdict(r.bulkOne.p50 < 30)}), p99 ${r.bulkOne.p99} ms. With ${info.bulkConnections} in flight: p50 ${r.bulk.p50} ms, ${r.bulk.rps * 500} numbers accepted a second.`,
    `- API server peak RSS over the run: ${peak} MB (target ≤ 250 MB: ${verdict(peak <= 250)}); the worker process's: ${info.workerPeakRssMb} MB.`,
  ];
}

export function writeReport(r: Results, info: RunInfo): void {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const rows = [r.baseline, r.minimal, r.rest, r.graphql, r.baseline50, r.minimal50, r.rest50, r.bulkOne, r.bulk];
  const lines = [
    "# Benchmarks",
    "",
    `Command: \`npm run bench\` (BENCH_SECONDS=${info.seconds}). Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${info.pgVersion} on loopback with default settings, simulator channel with zero latency, pacing none, ${info.connections} connections (bulk: 1, then ${info.bulkConnections}). The server runs the build as the image does (\`node dist/main.js\`, NODE_ENV=production, MALLOC_ARENA_MAX=2, LOG_LEVEL=warn, DB_POOL_MAX=${info.connections}, WORKER_ENABLED=false), with the queue worker in a process of its own (\`node dist/worker/main.js\`, default settings), as compose.yaml deploys them. Run on ${new Date().toISOString().slice(0, 10)}. The machine is shared: read the figures as ratios measured in one run.`,
    "",
    "| what | requests | req/s | p50 ms | p99 ms | errors | server CPU s / 1,000 sends | PostgreSQL CPU s / 1,000 sends | server peak RSS MB |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((x) => `| ${x.name} | ${x.requests} | ${x.rps} | ${x.p50} | ${x.p99} | ${x.errors} | ${x.cpuPer1000 ?? "–"} | ${x.dbCpuPer1000 ?? "–"} | ${x.rssMb ?? "–"} |`),
    "",
    `The raw baseline is one send as the database sees it, straight through \`pg\` with ${info.connections} sends in flight (pool of ${info.connections}): the statement that reserves a unit of the allowance and inserts the message (\`acceptSingleMessageSql\`), then the sent update (\`markSentSql\`); no key lookup, no HTTP. The minimal raw SQL is the least a send could be: the allowance upsert and the insert in one statement, the number fixed, then a bare status update (bench/baseline.ts). Neither groups sends. The ${info.tenants}-tenant rows spread the same ${info.connections} connections over ${info.tenants} tenants, each with its own key and one number: REST from one autocannon instance whose requests take the tenants' keys in turn, the baseline taking the tenants in turn. Server CPU is user + system time of the server process (/proc/<pid>/stat) over the scenario, divided by the sends it accepted (bulk: per 1,000 messages accepted; the worker's delivery of them is the worker process's); PostgreSQL CPU is the user + system time of every process named \`postgres\` on this machine (the database server and its backends) over the scenario, per 1,000 sends; peak RSS is the server's VmHWM ${serverPeak.perScenario ? "within each scenario (reset between scenarios)" : "since its start (the kernel did not allow resetting it)"}.`,
    "",
    "Against the targets of issues 18 and 30 (REST ≤ 10 % slower than GraphQL and GraphQL within 10 % of REST; one tenant REST ≥ 100 % of the raw baseline; 50 tenants' REST ≥ 90 % of one tenant's and above the full raw baseline; bulk p50 < 30 ms; RSS ≤ 250 MB):",
    "",
    ...ratioLines(r, info),
    "",
  ];
  const file = path.join(root, "BENCHMARKS.md");
  const previous = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  // Everything after the top block is kept: the sections the other benchmarks write and the
  // before/after records of past issues (the top block has no second-level heading).
  const from = previous.indexOf("\n## ") + 1;
  const notes = from > 0 ? previous.slice(from) : "";
  fs.writeFileSync(file, `${lines.join("\n")}\n${notes}`);
}
