import http from "node:http";
import fc from "fast-check";
import { errorStatus } from "../../src/core/errors.js";
import type { TestServer } from "./server.js";

// The fuzz tests' harness: requests sent exactly as written (raw path, odd Host, repeated
// headers) one at a time, each answer checked, failures collected rather than stopping at the
// first, and the database, the metrics registry and the memory compared as the run goes.

/** FUZZ_SEED fixes the cases (default 13); FUZZ_RUNS is the number of cases of both files together (default 2,100: REST 2/3, GraphQL 1/3). */
export const fuzzSeed = Number(process.env.FUZZ_SEED ?? 13);
const totalRuns = Math.max(30, Number(process.env.FUZZ_RUNS ?? 2_100));
export const fuzzRuns = { rest: Math.ceil((totalRuns * 2) / 3), graphql: totalRuns - Math.ceil((totalRuns * 2) / 3) };
/** Cases before the first measurement of the metrics registry and the memory. */
export const WARM_UP = 150;
/** A whole run may take this long per case on average (one case at a time, on 2 cores). */
export const fuzzTimeoutMs = (runs: number) => 120_000 + runs * 250;

export const ERROR_CODES = new Set(Object.keys(errorStatus));

export interface FuzzRequest {
  /** What the case throws at the server ("body", "path", "host", "signed receipt"…), for the report. */
  kind: string;
  /** The route it aims at ("POST /api/v1/send"), for the report. */
  route: string;
  /** How the answer is judged: REST's error shape, or GraphQL's (with REST's allowed for errors before yoga). */
  surface: "rest" | "graphql";
  method: string;
  /** The request target exactly as sent. */
  path: string;
  /** In order, repeats allowed; `host` is one of them when given (none: no Host header at all). */
  headers: Array<[string, string]>;
  body?: string | Buffer;
  /** Sent chunked, without Content-Length. */
  chunked?: boolean;
  /** Local address to connect from (the admin endpoint throttles per address). */
  localAddress?: string;
  /** Whether a refused answer must leave the database as it was (false for subscriptions). */
  checkStore?: boolean;
  /** The credential sent: the tenant's key, a wrong one, none (or for the admin endpoint its token). */
  key: "valid" | "wrong" | "none";
}

export interface FuzzAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Connection error or timeout when no complete answer came. */
  error?: string;
  /** The answer stopped before its end (a stream cut by us counts as complete). */
  cut?: boolean;
}

const REQUEST_TIMEOUT_MS = 10_000;
/** How long an event stream is read before the client hangs up: subscriptions may stay open forever. */
const STREAM_READ_MS = 400;
const KEEP_BYTES = 4 * 1024 * 1024;

/** One request over a fresh connection, with a hard 10 s limit (a hang is a failure). */
export function send(baseUrl: string, r: FuzzRequest): Promise<FuzzAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const headers = [...r.headers];
  const body = r.body === undefined ? undefined : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, "utf8");
  if (body && !r.chunked && !headers.some(([n]) => n.toLowerCase() === "content-length")) headers.push(["content-length", String(body.length)]);
  return new Promise((resolve) => {
    let settled = false;
    let response: http.IncomingMessage | undefined;
    const chunks: Buffer[] = [];
    let kept = 0;
    const finish = (extra: Partial<FuzzAnswer> = {}) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status: response?.statusCode ?? 0, headers: response?.headers ?? {}, body: Buffer.concat(chunks), ...extra });
    };
    const attempt = (localAddress: string | undefined) => {
      const req = http.request(
        { host: hostname, port, method: r.method, path: r.path, headers: headers.flat(), setHost: false, agent: false, ...(localAddress ? { localAddress } : {}) },
        (res) => {
          response = res;
          const stream = String(res.headers["content-type"] ?? "").includes("text/event-stream");
          if (stream) setTimeout(() => (res.destroy(), finish()), STREAM_READ_MS).unref();
          res.on("data", (c: Buffer) => {
            if (kept < KEEP_BYTES) chunks.push(c);
            kept += c.length;
          });
          res.on("end", () => finish());
          res.on("close", () => finish(res.complete || stream ? {} : { cut: true }));
        },
      );
      req.on("upgrade", (res, socket) => {
        response = res;
        socket.destroy();
        finish();
      });
      req.on("error", (e: NodeJS.ErrnoException) => {
        if (e.code === "EADDRNOTAVAIL" && localAddress) return attempt(undefined);
        // After an answer began, its own events finish the case (a reset while we still wrote is fine).
        if (!response) finish({ error: e.code ?? e.message });
      });
      timer = setTimeout(() => {
        finish({ error: `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` });
        req.destroy();
      }, REQUEST_TIMEOUT_MS);
      req.end(body);
    };
    let timer: NodeJS.Timeout;
    attempt(r.localAddress);
  });
}

/** Words an answer never shows a caller: stack frames, file paths, the ORM's name, SQL. */
const LEAKS: Array<[string, RegExp]> = [
  ["stack frame", /\bat (?:async )?[^\s()]*\s*\(?(?:file:\/\/|\/|node:)[^\s)]*:\d+(?::\d+)?/],
  ["node_modules", /node_modules/],
  ["source file", /\.[cm]?[tj]s:\d+/],
  ["prisma", /prisma/i],
  [
    "SQL",
    /\b(?:SELECT\s[^"]{0,200}\sFROM|INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+"?\w+"?\s+SET|violates\s+\w+(?:\s+\w+)?\s+constraint|syntax error at or near|relation\s+"[^"]+"|invalid byte sequence for encoding|unsupported Unicode escape sequence)\b/i,
  ],
];

export interface Verdict {
  failures: Array<{ kind: string; detail: string }>;
  /** The answer refused the request, so nothing may have been stored. */
  refused: boolean;
  /** A large body's connection was reset before its answer could be read. */
  reset?: boolean;
}

/** Bodies above this may meet a reset instead of their answer when the server closes early. */
const LARGE_BODY = 64 * 1024;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Why `body` is not `{"success": false, "error": {"code", "message", "fields"?}}`, or undefined. */
function restShapeProblem(body: unknown, status: number): string | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body)) return `${status}, not a JSON object`;
  const { success, error, ...rest } = body as Record<string, unknown>;
  if (success !== false) return '"success" is not false';
  if (!error || typeof error !== "object") return '"error" is not an object';
  const { code, message, fields, ...more } = error as Record<string, unknown>;
  if (typeof code !== "string" || !ERROR_CODES.has(code)) return `unknown code ${JSON.stringify(code)}`;
  if (typeof message !== "string") return '"message" is not a string';
  if (Object.keys(more).length) return `unexpected error keys ${Object.keys(more).join(", ")}`;
  if (fields !== undefined && (!fields || typeof fields !== "object" || Object.values(fields).some((v) => typeof v !== "string"))) return '"fields" is not {string: string}';
  if (Object.keys(rest).length && code !== "CHANNEL_ERROR") return `unexpected keys ${Object.keys(rest).join(", ")}`;
  if (errorStatus[code as keyof typeof errorStatus] !== status) return `code ${code} answered with HTTP ${status} (documented: ${errorStatus[code as keyof typeof errorStatus]})`;
  return undefined;
}

/** Problems of a GraphQL result's errors (codes), and whether it refused the whole operation. */
function graphqlProblems(result: Record<string, unknown>): { problems: string[]; refused: boolean } {
  const problems: string[] = [];
  const errors = result.errors;
  if (errors === undefined) return { problems, refused: false };
  if (!Array.isArray(errors) || errors.length === 0) return { problems: ['"errors" is not a non-empty list'], refused: true };
  for (const e of errors as Array<{ message?: unknown; extensions?: { code?: unknown } }>) {
    const code = e?.extensions?.code;
    if (code === "INTERNAL_ERROR") problems.push("INTERNAL_ERROR");
    else if (typeof code !== "string" || !ERROR_CODES.has(code)) problems.push(`error without a documented code (${JSON.stringify(code)}): ${String(e?.message).slice(0, 120)}`);
    if (typeof e?.message !== "string") problems.push("error without a message");
  }
  const data = result.data as Record<string, unknown> | null | undefined;
  const refused = data === null || data === undefined || Object.values(data).every((v) => v === null);
  return { problems, refused };
}

/** The JSON results in an answer: the body, or each part of an event stream or multipart/mixed answer. */
function results(type: string, text: string): unknown[] {
  if (type.includes("text/event-stream")) return [...text.matchAll(/^data: (.+)$/gm)].map((m) => parseJson(m[1]!)).filter((v) => v !== undefined);
  if (type.includes("multipart/mixed")) return [...text.matchAll(/\r\n\r\n([^\r\n]+)/g)].map((m) => parseJson(m[1]!)).filter((v) => v !== undefined);
  const json = parseJson(text);
  return json === undefined ? [] : [json];
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Judges one answer: status, shape, codes and leaks. */
export function judge(r: FuzzRequest, a: FuzzAnswer): Verdict {
  const failures: Verdict["failures"] = [];
  const fail = (kind: string, detail = "") => failures.push({ kind, detail });
  if (a.error) {
    // A server that answers a large body at once and closes may reset the connection before the
    // answer is read (TCP discards it): counted in the report, not a failure. receipt-memory.test.ts
    // checks that most such answers do arrive.
    const large = (r.body?.length ?? 0) > LARGE_BODY;
    if (large && (a.error === "EPIPE" || a.error === "ECONNRESET")) return { failures, refused: false, reset: true };
    fail(a.error.startsWith("no answer") ? "hang (no answer in 10 s)" : "connection closed without an answer", a.error);
    return { failures, refused: false };
  }
  if (a.status >= 500) fail(`HTTP ${a.status}`);
  if (a.cut) fail("answer cut off before its end");
  const type = String(a.headers["content-type"] ?? "");
  const text = a.body.toString("utf8");
  const bodyless = r.method === "HEAD" || a.status === 204 || a.status === 304 || a.status === 101;
  if (bodyless && a.body.length) fail("body on a HEAD/204/304 answer");
  const found = bodyless ? [] : results(type, text).filter(isObject);
  const graphql = r.surface === "graphql" ? found.filter((v) => "errors" in v || "data" in v) : [];
  let refused = a.status >= 400;
  if (a.status >= 400 && !bodyless && !graphql.some((g) => "errors" in g)) {
    const problem = found.length === 0 ? `${a.status}, not JSON (${type || "no content-type"}${text ? "" : ", empty body"})` : restShapeProblem(found[0], a.status);
    if (problem) fail("error not in the error shape", problem);
  }
  for (const g of graphql) {
    const verdict = graphqlProblems(g);
    for (const p of verdict.problems) fail(p === "INTERNAL_ERROR" ? "GraphQL INTERNAL_ERROR" : "GraphQL error shape", p);
    refused ||= verdict.refused;
  }
  // Leaks are looked for where the server speaks for itself: error answers and GraphQL errors.
  const spoken = graphql.length ? JSON.stringify(graphql.map((g) => g.errors ?? null)) : a.status >= 400 ? text : "";
  for (const [name, pattern] of LEAKS) {
    const m = pattern.exec(spoken);
    if (m && !requestContains(r, m[0])) fail(`leak: ${name}`, m[0].slice(0, 80));
  }
  return { failures, refused };
}

/** The request itself carried this text (an echo of the caller's input is not a leak). */
function requestContains(r: FuzzRequest, s: string): boolean {
  const body = r.body === undefined ? "" : r.body.toString();
  return body.includes(s) || r.path.includes(s) || decodeURIComponentSafe(r.path).includes(s);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** What every table holds, in one statement: a refused request must leave all of it as it was. */
const STORE_SQL = `SELECT
  (SELECT count(*) FROM message)::text AS messages,
  (SELECT coalesce(sum(status_version), 0) FROM message)::text AS message_versions,
  (SELECT count(*) FROM batch)::text AS batches,
  (SELECT count(*) FROM webhook_endpoint)::text AS webhook_endpoints,
  (SELECT count(*) FROM webhook_endpoint WHERE enabled)::text AS webhook_endpoints_enabled,
  (SELECT count(*) FROM webhook_delivery)::text AS webhook_deliveries,
  (SELECT count(*) FROM idempotency_key)::text AS idempotency_keys,
  (SELECT coalesce(sum(used), 0) FROM tenant_monthly_usage)::text AS monthly_used,
  (SELECT coalesce(sum(day_sent), 0) FROM account_usage)::text AS account_day_sent,
  (SELECT coalesce(sum(month_sent), 0) FROM account_usage)::text AS account_month_sent,
  (SELECT count(*) FROM api_key)::text AS api_keys,
  (SELECT count(*) FROM api_key WHERE revoked_at IS NOT NULL)::text AS api_keys_revoked,
  (SELECT count(*) FROM tenant)::text AS tenants,
  (SELECT count(*) FROM tenant WHERE status::text <> 'active')::text AS tenants_not_active,
  (SELECT count(*) FROM plan)::text AS plans,
  (SELECT count(*) FROM account)::text AS accounts`;

export type StoreCounts = Record<string, string>;

export async function storeCounts(s: TestServer): Promise<StoreCounts> {
  const rows = await s.app.database.prisma.$queryRawUnsafe<StoreCounts[]>(STORE_SQL);
  return rows[0]!;
}

export function storeChanges(before: StoreCounts, after: StoreCounts): string | undefined {
  const changed = Object.keys(after).filter((k) => before[k] !== after[k]);
  return changed.length ? changed.map((k) => `${k} ${before[k]} → ${after[k]}`).join(", ") : undefined;
}

export const excerpt = (s: string | Buffer | undefined, n = 300) => {
  const t = s === undefined ? "" : Buffer.isBuffer(s) ? s.subarray(0, n * 4).toString("utf8") : s;
  const e = JSON.stringify(t.length > n ? t.slice(0, n) : t).slice(1, -1);
  return t.length > n ? `${e.slice(0, n)}… (${s!.length} bytes)` : e.slice(0, n);
};

export { fc };
