import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { randomBytes } from "node:crypto";
import { loadConfig, type Env } from "../src/core/config.js";
import { createApp } from "../src/app/app.js";
import { createLogger } from "../src/core/runtime/logger.js";
import { bridgedTenant, contactSends, startWorld, type WorldServer } from "../test/kit/chatwoot-world.js";
import { Seeder } from "../test/kit/seed.js";
import { Client } from "../test/kit/http.js";
import { percentile } from "./harness.js";
import { writeSection } from "./report.js";

// npm run bench:chatwoot: inbound → Chatwoot latency of the bridge. Contacts' text
// messages arrive through the signed WhatsApp Cloud webhook at 50 a second for BENCH_CHATWOOT_SECONDS
// (from 200 contacts, so most posts go to a remembered conversation and some make a new one), the
// Chatwoot stand-in answering every call after 20 ms; the latency of each message is from its
// webhook's POST to the moment the stand-in stored it. The gateway (API, worker, relay) runs in this
// process, as `npm start` runs them, on the embedded database (or, with TEST_DATABASE=postgres, a
// schema of its own on DATABASE_URL); the load generator shares the process's CPU.

const RATE = 50;
const SECONDS = Number(process.env.BENCH_CHATWOOT_SECONDS ?? 20);
const CONTACTS = 200;

/** The gateway in this process, as `npm start` runs it: in-memory PGlite, or a schema of its own on DATABASE_URL. */
async function startGateway(env: Env): Promise<WorldServer> {
  const url = process.env.DATABASE_URL;
  const onPostgres = process.env.TEST_DATABASE === "postgres" && url;
  const schema = `bench_chatwoot_${randomBytes(4).toString("hex")}`;
  const config = loadConfig({
    HOST: "127.0.0.1",
    PORT: "0",
    SEED_DEMO: "false",
    MIGRATE_ON_START: "true",
    ...(onPostgres ? { DATABASE_URL: `${url}${url.includes("?") ? "&" : "?"}schema=${schema}` } : { DATA_DIR: "memory://" }),
    ...env,
  });
  const app = await createApp(config, { log: createLogger(config) });
  const address = await app.listen();
  return { app, url: address, seed: new Seeder(app.deps.db), client: (key?: string) => new Client(address, key), close: () => app.close() };
}

async function measure(): Promise<{ p50: number; p99: number; max: number; posted: number; sent: number }> {
  const w = await startWorld(startGateway, { LOG_LEVEL: "silent", WORKER_POLL_MS: "250" });
  w.chatwoot.delayMs = 20;
  try {
    const t = await bridgedTenant(w);
    const sentAt = new Map<string, number>();
    const started = Date.now();
    const sends: Array<Promise<unknown>> = [];
    for (let i = 0; i < RATE * SECONDS; i++) {
      const due = started + (i * 1000) / RATE;
      if (due > Date.now()) await sleep(due - Date.now());
      const body = `bench ${i}`;
      sentAt.set(body, Date.now());
      sends.push(contactSends(w, t, String(966500000000 + (i % CONTACTS)), { type: "text", text: { body } }));
    }
    await Promise.all(sends);
    const deadline = Date.now() + 60_000;
    while (w.chatwoot.messages.length < sentAt.size && Date.now() < deadline) await sleep(100);
    const latencies = w.chatwoot.messages.filter((m) => m.content && sentAt.has(m.content)).map((m) => m.stored_ms! - sentAt.get(m.content!)!);
    latencies.sort((a, b) => a - b);
    return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies.at(-1) ?? 0, posted: latencies.length, sent: sentAt.size };
  } finally {
    await w.close();
  }
}

const name = process.env.TEST_DATABASE === "postgres" ? "PostgreSQL" : "embedded PGlite";
const r = await measure();
console.log(name, r);
writeSection(
  `Chatwoot bridge: inbound to Chatwoot, ${name} (issue 44)`,
  [
    `Inbound → Chatwoot message latency at ${RATE} inbound messages a second for ${SECONDS} s (${CONTACTS} contacts; the Chatwoot stand-in answers every call after 20 ms), from the provider webhook's POST to the stand-in storing the message; gateway and load generator in one process. Target: p99 under 1 s. \`npm run bench:chatwoot\` (PostgreSQL: \`TEST_DATABASE=postgres DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test\`), ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}.`,
    "",
    "| sent | posted | p50 ms | p99 ms | max ms |",
    "|---|---|---|---|---|",
    `| ${r.sent} | ${r.posted} | ${r.p50} | ${r.p99} | ${r.max} |`,
  ].join("\n"),
);
