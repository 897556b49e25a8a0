import { randomBytes } from "node:crypto";
import pg from "pg";
import type { DestinationStream } from "pino";
import { afterAll, beforeAll } from "vitest";
import { migratedEmbeddedDump } from "./embedded-dump.js";
import { loadConfig, type Env } from "../../src/core/config.js";
import { createApp, type App } from "../../src/app/app.js";
import { createLogger } from "../../src/core/runtime/logger.js";
import { Seeder } from "./seed.js";
import { Client } from "./http.js";
import { waitFor } from "./wait.js";

export const onPostgres = process.env.TEST_DATABASE === "postgres";
/**
 * The embedded pass. A file whose servers are embedded whatever the pass (its own DATA_DIR,
 * `DATABASE_URL` emptied) runs only here: the PostgreSQL pass would repeat it exactly.
 */
export const embeddedPass = !onPostgres;
export const postgresUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

/** The test database's URL, narrowed to `schema`. */
export const schemaUrl = (schema: string) => `${postgresUrl}${postgresUrl.includes("?") ? "&" : "?"}schema=${schema}`;

export interface TestServer {
  app: App;
  url: string;
  /** The PostgreSQL URL (with ?schema=) of this server's database; undefined on PGlite. */
  databaseUrl: string | undefined;
  seed: Seeder;
  /** An HTTP client that sends `key` as a Bearer token (or no key when undefined). */
  client(key?: string): Client;
  close(): Promise<void>;
}

/**
 * A real server on port 0 with its own database: in-memory PGlite by default, or a PostgreSQL
 * schema of its own when TEST_DATABASE=postgres (npm run test:pg).
 */
export async function startServer(env: Env = {}, opts: { logTo?: DestinationStream } = {}): Promise<TestServer> {
  const schema = onPostgres ? `test_${randomBytes(6).toString("hex")}` : undefined;
  const databaseUrl = schema ? schemaUrl(schema) : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    // Errors only: a request that fails unexpectedly (a 500) leaves its stack in the run's output,
    // the one clue a failure under load gives; tests that inject faults log a few such lines too.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "error",
    SEED_DEMO: "false",
    SIMULATOR_LATENCY_MS: "0",
    WORKER_POLL_MS: "20",
    // Each test server migrates its own fresh database, production-like ones included.
    MIGRATE_ON_START: "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: "memory://" }),
    // On PostgreSQL, events go through Redis too (when the run names one), on channels of this server's own.
    ...(onPostgres && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: schema } : {}),
    ...env,
  });
  const fromDump = !config.databaseUrl && config.dataDir === "memory://" ? migratedEmbeddedDump() : undefined;
  const app = await createApp(config, { log: createLogger(config, opts.logTo), ...(fromDump ? { embeddedDump: fromDump } : {}) });
  const url = await app.listen();
  return {
    app,
    url,
    databaseUrl,
    seed: new Seeder(app.deps.db),
    client: (key) => new Client(url, key),
    async close() {
      await app.close();
      if (schema) await dropSchema(schema);
    },
  };
}

/** Drops a test's PostgreSQL schema and everything in it. */
export async function dropSchema(schema: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** One server for a whole test file: `const server = useServer();` then `server().client(...)`. */
export function useServer(env: Env = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error("server not started");
    return server;
  };
}

/**
 * Waits until the server's housekeeper has ended its pass at start. A test that ages rows by
 * SQL waits first, or that pass, running the same retention rules, may delete them before the
 * pass the test asks for (or halfway through it).
 */
export async function startPassDone(server: TestServer): Promise<void> {
  const passesDone = async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    return Number(/^gateway_housekeeping_passes_total\{outcome="done"\} (\d+)$/m.exec(text)?.[1] ?? 0);
  };
  await waitFor(passesDone, (count) => count >= 1);
}

/** A counter's value on `server`'s /metrics (0 before its first count). */
export async function metricValue(server: { url: string }, series: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return Number(line?.slice(series.length + 1) ?? 0);
}

/**
 * Waits until `loop` (a gateway_loop_passes_total label: "delivery worker", "Chatwoot relay",
 * "webhook dispatcher", "number health check") has ended two passes after this call: the first
 * may have begun before it, the second began after. Whatever that loop would do with the state as
 * it is now, it has then looked at (the delivery worker's pass also awaits its sends; a claim
 * loop's pass only starts its work).
 */
export async function loopPassesAfter(server: { url: string }, loop: string, passes = 2): Promise<void> {
  const series = `gateway_loop_passes_total{loop="${loop}"}`;
  const from = await metricValue(server, series);
  await waitFor(
    () => metricValue(server, series),
    (n) => n >= from + passes,
  );
}

/**
 * Moves `server`'s clock on to noon (UTC) of its month's last day when it reads earlier. A test that
 * keeps messages 30 days, then sends in the next month's first hour and again 20 days later, needs
 * this month's messages under 30 days old at that second send: that holds only when they were sent
 * in the month's last ten days.
 */
export function lateInMonth(server: TestServer): void {
  const clock = server.app.deps.clock;
  const now = clock.now();
  const lastNoon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 12 * 3_600_000;
  if (now.getTime() < lastNoon) clock.advance(lastNoon - now.getTime());
}
