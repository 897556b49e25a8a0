import v8 from "node:v8";
import vm from "node:vm";
import fc from "fast-check";
import { schema } from "../../src/app/schema.js";
import type { TestServer } from "./server.js";
import { excerpt, fuzzSeed, judge, send, storeChanges, storeCounts, WARM_UP, type FuzzAnswer, type FuzzRequest } from "./fuzz.js";

// Runs a fuzz test's cases one at a time and collects every failure, then reports them grouped
// by kind and route, so one run lists every defect it met.

/**
 * Series lines the metrics registry may gain between the warm-up and the end of a run, per route
 * label value the run met. Every label value must come from a fixed set (checked on its own below:
 * route templates plus "unmatched", the schema's root fields), so lines only appear when a method ×
 * route × status combination is met for the first time (14 lines each: 11 buckets, +Inf, sum,
 * count), or an operation × type (13 lines). A run meets new combinations for a while after the
 * warm-up, since the fuzzer tries every method on every route: about 4 per route in a default run
 * (231 over 55 templates, 3,200 lines), so the bound grows with the API. Six per route (84 lines)
 * leaves room for that, while a label taken from the raw path would add 14 lines for each distinct
 * path: a default REST run sends about 8 of them per template (440 over 55, 6,160 lines). Such a
 * label is also refused on its own, as outside the fixed set.
 */
export const METRIC_LINES_GROWTH_PER_ROUTE = 6 * 14;
/** The least bound, for a run over few routes whose new lines are mostly GraphQL operations × types. */
export const METRIC_LINES_GROWTH_FLOOR = 3_000;
/**
 * The server runs in this process, which vitest gives each fuzz file alone (vitest.config.ts):
 * its RSS, after a full GC, may grow this much from warm-up to end. The process also holds the
 * test's side and, on PGlite, the database's WASM heap, which grows with the rows the run stores
 * and never shrinks. Default runs grew 50–63 MB on PGlite and 29–40 MB on PostgreSQL (2 cores, a
 * loaded machine), while a server that kept a copy of each refused body, or an entry per request,
 * would grow by hundreds of MB over a run.
 */
export const RSS_GROWTH_MB = 100;

/** The metrics registry: its series lines, and the label values of the two labelled histograms. */
export async function readMetrics(baseUrl: string) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const series = text.split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  const values = (metric: string, label: string) =>
    new Set(series.filter((l) => l.startsWith(`${metric}_`)).flatMap((l) => [...l.matchAll(new RegExp(`[{,]${label}="((?:[^"\\\\]|\\\\.)*)"`, "g"))].map((m) => m[1]!)));
  return {
    lines: series.length,
    /** Label sets of the histograms (one `_count` line each). */
    combinations: new Set(series.filter((l) => /^gateway_\w+_count\{/.test(l)).map((l) => l.replace(/\}.*$/, "}"))),
    routes: values("gateway_http_request_duration_seconds", "route"),
    operations: values("gateway_graphql_operation_duration_seconds", "operation"),
  };
}

/** RSS after a full garbage collection, in MB, and what V8 holds of it (heap, buffers). */
export function memoryMb(): { rss: number; heap: number; heapTotal: number; external: number } {
  v8.setFlagsFromString("--expose-gc");
  (vm.runInNewContext("gc") as () => void)();
  const m = process.memoryUsage();
  const mb = (n: number) => Math.round(n / 1e6);
  return { rss: mb(m.rss), heap: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external) };
}

/** The route label values a server may use: the documented templates and one for everything else. */
export function allowedRouteLabels(openApiPaths: string[]): Set<string> {
  const rest = openApiPaths.map((p) => `/api/v1${p.replace(/\{(\w+)\}/g, ":$1")}`);
  const others = [
    "/api/v1/openapi.json",
    "/api/v1/docs",
    "/api/v1/docs/assets",
    "/graphql",
    "/graphql/assets",
    "/webhooks/whatsapp-cloud",
    "/webhooks/waha",
    "/admin",
    "/admin/assets",
    "/admin/commands",
    "/admin/health",
    "/admin/session",
    "/admin/view-as",
    "/metrics",
    "/healthz",
    "/readyz",
    "/",
    "unmatched",
  ];
  return new Set([...rest, ...others]);
}

/** The operation label values: root fields of the schema, introspection fields, and "unknown". */
export function operationLabels(): Set<string> {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((t) => (t ? Object.keys(t.getFields()) : []));
  return new Set([...roots, "__typename", "__schema", "__type", "unknown"]);
}

export interface Failure {
  kind: string;
  route: string;
  detail: string;
  request: string;
  answer: string;
}

export interface FuzzOptions {
  server: () => TestServer;
  runs: number;
  cases: fc.Arbitrary<FuzzRequest>;
  /** Requests run first, as given, before the random cases. */
  examples?: FuzzRequest[];
  /** The route label values the server may use (allowedRouteLabels). */
  routeLabels: Set<string>;
  /** The GraphQL operation label values the server may use. */
  operationLabels: Set<string>;
}

export interface FuzzReport {
  cases: number;
  failures: Failure[];
  statuses: Map<string, Map<number, number>>;
  keys: Map<string, Set<string>>;
  /** Distinct paths sent (without the query string): what raw-path metric labels would multiply. */
  paths: Set<string>;
  /** Large bodies whose connection was reset before the answer could be read (not failures). */
  resets: number;
  metrics: { warm: number; end: number; newCombinations: string[]; routeLabels: number };
  rss: { warm: number; end: number; detail: string; trail: string[] };
}

const describeRequest = (r: FuzzRequest) => {
  const headers = r.headers.map(([n, v]) => `${n}: ${excerpt(v, 60)}`).join("; ");
  return `(${r.kind}, key ${r.key}) ${r.method} ${excerpt(r.path, 200)} [${excerpt(headers, 300)}]${r.body === undefined ? "" : ` body ${excerpt(r.body)}`}`;
};

const describeAnswer = (a: FuzzAnswer) => (a.error ? `(${a.error})` : `${a.status} ${excerpt(a.body)}`);

export async function runFuzz(o: FuzzOptions): Promise<FuzzReport> {
  const s = o.server();
  const report: FuzzReport = {
    cases: 0,
    failures: [],
    statuses: new Map(),
    keys: new Map(),
    paths: new Set(),
    resets: 0,
    metrics: { warm: 0, end: 0, newCombinations: [], routeLabels: 0 },
    rss: { warm: 0, end: 0, detail: "", trail: [] },
  };
  const record = (r: FuzzRequest, kind: string, detail: string, a?: FuzzAnswer) =>
    report.failures.push({ kind, route: r.route, detail: excerpt(detail, 200), request: describeRequest(r), answer: a ? describeAnswer(a) : "" });
  let counts = await storeCounts(s);
  const warmUp = Math.min(WARM_UP, Math.floor(o.runs / 4));
  let warmCombinations = new Set<string>();
  await fc.assert(
    fc.asyncProperty(o.cases, async (r) => {
      if (report.cases === warmUp) {
        const warm = await readMetrics(s.url);
        report.metrics.warm = warm.lines;
        warmCombinations = warm.combinations;
        const m = memoryMb();
        report.rss.warm = m.rss;
        report.rss.detail = `heap ${m.heap} MB, external ${m.external} MB`;
      }
      report.cases++;
      if (report.cases % 500 === 0) {
        const m = memoryMb();
        report.rss.trail.push(`${report.cases}: rss ${m.rss} heap ${m.heap}/${m.heapTotal} ext ${m.external}`);
      }
      report.paths.add(r.path.split("?")[0]!);
      try {
        const answer = await send(s.url, r);
        const verdict = judge(r, answer);
        for (const f of verdict.failures) record(r, f.kind, f.detail, answer);
        if (verdict.reset) report.resets++;
        const after = await storeCounts(s);
        const changed = storeChanges(counts, after);
        if (changed && verdict.refused && r.checkStore !== false) record(r, "refused request stored something", changed, answer);
        counts = after;
        const byStatus = report.statuses.get(r.route) ?? new Map<number, number>();
        byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
        report.statuses.set(r.route, byStatus);
        report.keys.set(r.route, (report.keys.get(r.route) ?? new Set()).add(r.key));
      } catch (err) {
        record(r, "harness error", String(err instanceof Error ? err.stack : err));
      }
      return true;
    }),
    { seed: fuzzSeed, numRuns: o.runs, endOnFailure: true, examples: (o.examples ?? []).map((e): [FuzzRequest] => [e]) },
  );
  const metrics = await readMetrics(s.url);
  report.metrics.end = metrics.lines;
  report.metrics.routeLabels = metrics.routes.size;
  report.metrics.newCombinations = [...metrics.combinations].filter((c) => !warmCombinations.has(c));
  const m = memoryMb();
  report.rss.end = m.rss;
  report.rss.detail += ` → heap ${m.heap} MB, external ${m.external} MB`;
  const none = { kind: "", route: "(whole run)", request: "", answer: "" };
  for (const label of metrics.routes) {
    if (!o.routeLabels.has(label)) report.failures.push({ ...none, kind: "metrics: route label outside the fixed set", detail: excerpt(label, 200) });
  }
  for (const label of metrics.operations) {
    if (!o.operationLabels.has(label)) report.failures.push({ ...none, kind: "metrics: operation label outside the fixed set", detail: excerpt(label, 200) });
  }
  const growthBound = Math.max(METRIC_LINES_GROWTH_FLOOR, METRIC_LINES_GROWTH_PER_ROUTE * report.metrics.routeLabels);
  if (report.metrics.end - report.metrics.warm > growthBound) {
    const detail = `${report.metrics.warm} → ${report.metrics.end} series lines (bound: +${growthBound}, ${METRIC_LINES_GROWTH_PER_ROUTE} per route template); new label sets: ${report.metrics.newCombinations.slice(0, 40).join(" ")}`;
    report.failures.push({ ...none, kind: "metrics: registry grew", detail });
  }
  if (report.rss.end - report.rss.warm > RSS_GROWTH_MB) {
    report.failures.push({ ...none, kind: "memory: RSS grew", detail: `${report.rss.warm} → ${report.rss.end} MB (bound: +${RSS_GROWTH_MB} MB)` });
  }
  return report;
}

/** The report as text: figures and statuses per route, then failures grouped by kind and route with examples. */
export function summarize(name: string, report: FuzzReport): { figures: string; failures: string } {
  const lines = [
    `${name}: ${report.cases} cases, seed ${fuzzSeed}; metrics ${report.metrics.warm} → ${report.metrics.end} series lines (${report.metrics.newCombinations.length} new label sets, ${report.metrics.routeLabels} route label values, ${report.paths.size} distinct paths sent); RSS ${report.rss.warm} → ${report.rss.end} MB (${report.rss.detail})`,
    `memory: ${report.rss.trail.join("; ")}`,
    `large bodies reset before their answer could be read: ${report.resets}`,
    "statuses per route (keys sent):",
  ];
  for (const [route, byStatus] of [...report.statuses].sort(([a], [b]) => a.localeCompare(b))) {
    const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([st, n]) => `${st}×${n}`);
    lines.push(`  ${route.padEnd(44)} ${statuses.join(" ")}  (${[...(report.keys.get(route) ?? [])].sort().join(",")})`);
  }
  const figures = lines.join("\n");
  lines.length = 0;
  const groups = new Map<string, Failure[]>();
  for (const f of report.failures) {
    const key = `${f.kind} — ${f.route}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  lines.push(report.failures.length ? `${name}: ${report.failures.length} failures in ${groups.size} groups:` : `${name}: no failures`);
  for (const [key, fs] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const details = [...new Set(fs.map((f) => f.detail))];
    lines.push(`● ${key}: ${fs.length}× ${details.length ? `(${details.slice(0, 4).join(" | ")}${details.length > 4 ? ` | +${details.length - 4} more` : ""})` : ""}`);
    for (const f of fs.slice(0, 2)) if (f.request) lines.push(`    e.g. ${f.request}\n      → ${f.answer}`);
  }
  return { figures, failures: lines.join("\n") };
}
