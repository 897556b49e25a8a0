import http from "node:http";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, stopServerProcess } from "./kit/spawn.js";
import { peakRssMb, resetPeakRss, rssMb } from "../bench/proc.js";
import { VOLUME_MS } from "./kit/limits.js";
import { embeddedPass } from "./kit/server.js";

// docs/rest-api.md "Delivery receipts" and docs/security.md "Fuzzing": an anonymous caller cannot make the server hold its
// upload. 50 unsigned 40 MB bodies to each receipt endpoint (and 10 wrongly signed ones to Meta's)
// must each be answered 401/413 without being kept, and the server process's RSS must stay within
// 50 MB of where it started. The server is a process of its own so that its RSS is its alone; it
// uses the embedded in-memory database on every run (TEST_DATABASE=postgres included).

const BODY_BYTES = 40 * 1024 * 1024;
const RSS_BOUND_MB = 50;
/** One body for every request: the test's own memory does not grow with the count. */
const body = Buffer.alloc(BODY_BYTES, 0x7b);

let server: { child: ChildProcess; url: string } | undefined;

beforeAll(async () => {
  server = await startServerProcess({
    NODE_ENV: "test",
    DATA_DIR: "memory://",
    SEED_DEMO: "false",
    // startServerProcess waits for the "listening" line, which is logged at info: at warn it would never come.
    LOG_LEVEL: "info",
    WHATSAPP_CLOUD_APP_SECRET: "s3cret",
    // Empty counts as unset: a PostgreSQL run's settings must not reach this server.
    DATABASE_URL: "",
    REDIS_URL: "",
    WAHA_WEBHOOK_HMAC_KEY: "",
  });
});

afterAll(() => stopServerProcess(server?.child));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  /** The answer's status, when one arrived. */
  status?: number;
  /** How the connection ended besides: EPIPE, ECONNRESET… (after or instead of the answer). */
  error?: string;
}

/** POSTs the 40 MB body with its Content-Length; the server may answer and close before it is all written. */
function postLarge(url: string, path: string, headers: Record<string, string>): Promise<Outcome> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const outcome: Outcome = {};
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = http.request(
      { host: hostname, port, method: "POST", path, agent: false, headers: { "content-type": "application/json", "content-length": String(BODY_BYTES), ...headers } },
      (res) => {
        outcome.status = res.statusCode;
        res.resume();
        res.on("end", finish);
        res.on("close", finish);
      },
    );
    req.on("error", (e: NodeJS.ErrnoException) => {
      outcome.error = e.code ?? e.message;
      // An answer already under way still finishes; give it a moment to arrive otherwise.
      setTimeout(finish, outcome.status === undefined ? 200 : 1_000);
    });
    const timer = setTimeout(() => {
      outcome.error = "no answer within 30 s";
      req.destroy();
      finish();
    }, 30_000);
    req.end(body);
  });
}

describe.runIf(embeddedPass)("receipt endpoints under large anonymous bodies", () => {
  it("refuse 50 unsigned 40 MB bodies to each endpoint (and 10 wrongly signed) without reading them: RSS stays within 50 MB", { timeout: VOLUME_MS }, async () => {
    const { child, url } = server!;
    const pid = child.pid!;
    // Warm-up: the first requests load the handlers, the database and their caches.
    for (let i = 0; i < 20; i++) {
      await fetch(`${url}/healthz`);
      await fetch(`${url}/webhooks/waha`, { method: "POST", body: "{}" });
      await fetch(`${url}/webhooks/whatsapp-cloud`, { method: "POST", body: "{}", headers: { "x-hub-signature-256": `sha256=${"0".repeat(64)}` } });
    }
    await pause(1_000);
    const before = rssMb(pid);
    // The promise is about the peak: the kernel's own high-water mark, started over here, sees
    // every moment of the uploads rather than the ones a sample happened to catch.
    expect(resetPeakRss(pid), "/proc/<pid>/clear_refs is writable").toBe(true);

    const runs: Array<{ name: string; path: string; headers: Record<string, string>; count: number }> = [
      { name: "whatsapp-cloud, unsigned", path: "/webhooks/whatsapp-cloud", headers: {}, count: 50 },
      { name: "waha, no key configured", path: "/webhooks/waha", headers: {}, count: 50 },
      { name: "whatsapp-cloud, wrong signature", path: "/webhooks/whatsapp-cloud", headers: { "x-hub-signature-256": `sha256=${"0".repeat(64)}` }, count: 10 },
    ];
    const seen: Record<string, Record<string, number>> = {};
    for (const run of runs) {
      const tally: Record<string, number> = {};
      for (let i = 0; i < run.count; i++) {
        const o = await postLarge(url, run.path, run.headers);
        const key = `${o.status ?? "no answer"}${o.error ? ` + ${o.error}` : ""}`;
        tally[key] = (tally[key] ?? 0) + 1;
      }
      seen[run.name] = tally;
    }
    const peak = peakRssMb(pid);
    const after = rssMb(pid);
    console.log(`receipt memory: VmRSS ${before} MB before, ${after} MB after, peak ${peak} MB; outcomes: ${JSON.stringify(seen)}`);

    for (const run of runs) {
      const tally = seen[run.name]!;
      // The connection closes in stages (lingering-close.ts), so every caller reads its answer
      // rather than a reset in the middle of its upload.
      expect(
        Object.keys(tally).filter((k) => !/^(401|413)\b/.test(k)),
        `${run.name}: every request gets its 401/413 (${JSON.stringify(tally)})`,
      ).toEqual([]);
    }
    expect(peak - before, `VmRSS ${before} MB, peak ${peak} MB`).toBeLessThanOrEqual(RSS_BOUND_MB);
  });
});
