import { openDatabase } from "../src/core/db/database.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { benchPort, percentile, startScript, stopProcess, waitHealthy } from "./harness.js";
import { embeddedTarget, postgresTarget, type Target } from "./targets.js";
import { writeSection } from "./report.js";

// Part of npm run bench (issue 30): what a 500-number POST /send-bulk costs a tenant with 10
// webhook endpoints, whose acceptance also queues 5,000 deliveries (one `message.status` event per
// message and endpoint, by the outbox trigger in the accepting statement), against a tenant with
// none, one request at a time, with no worker or dispatcher running: the acceptance alone, on the
// embedded database and on PostgreSQL.

const ENDPOINTS = 10;
const REQUESTS = Number(process.env.BENCH_FANOUT_REQUESTS ?? 12);
// startScript hands the environment on; the embedded run must not see a DATABASE_URL.
delete process.env.DATABASE_URL;

const targets = () => [embeddedTarget("gateway-fanout"), postgresTarget("bench_fanout")];

/** Two tenants, with no endpoint and with ENDPOINTS of them; their keys in that order. */
async function seed(target: Target): Promise<string[]> {
  const db = await openDatabase({ databaseUrl: target.env.DATABASE_URL, dataDir: target.env.DATA_DIR ?? "", poolMax: 2 });
  try {
    await db.migrate();
    const admin = (command: string, args: Record<string, string>) => runAdminCommand(db.prisma, command, args) as Promise<Record<string, unknown>>;
    await admin("plan:create", { name: "Fanout", monthlyLimit: "100000000", maxAccounts: "10", requestsPerSecond: "1000000", requestBurst: "1000000" });
    const keys: string[] = [];
    for (const [i, endpoints] of [0, ENDPOINTS].entries()) {
      const tenant = await admin("tenant:create", { name: `Fanout ${endpoints}`, plan: "Fanout", ends: "2099-12-31" });
      const id = String(tenant.id);
      await admin("account:create", {
        tenant: id,
        phone: `05510000${i + 1}0`,
        name: "one",
        dailyLimit: "100000000",
        monthlyLimit: "100000000",
        minIntervalMs: "0",
        jitterMs: "0",
        warmUp: "false",
      });
      keys.push(String((await admin("key:create", { tenant: id, label: "fanout" })).key));
      // Never called: nothing dispatches in this bench.
      for (let e = 0; e < endpoints; e++)
        await db.prisma.$executeRaw`INSERT INTO webhook_endpoint (tenant_id, url, secret) VALUES (${Number(id)}, ${`http://127.0.0.1:9/hook/${e}`}, 'bench')`;
    }
    return keys;
  } finally {
    await db.close();
  }
}

async function measure(target: Target) {
  const keys = await seed(target);
  const port = benchPort();
  const base = `http://127.0.0.1:${port}`;
  const server = startScript("src/main.ts", { ...target.env, PORT: String(port), HOST: "127.0.0.1", WORKER_ENABLED: "false" });
  let next = 0;
  const bulk = async (key: string) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/send-bulk`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ numbers: Array.from({ length: 500 }, () => `05${60_000_000 + next++}`), message: "fan-out" }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`send-bulk answered ${res.status}`);
    return performance.now() - started;
  };
  try {
    await waitHealthy(base);
    // Warm-up, not counted: the first requests compile the paths.
    for (const key of keys) for (let i = 0; i < 3; i++) await bulk(key);
    const times: number[][] = [[], []];
    // Alternating, so drift on a shared machine weighs on both alike.
    for (let i = 0; i < REQUESTS; i++) for (const [k, key] of keys.entries()) times[k]!.push(await bulk(key));
    return times.map((t, k) => {
      const sorted = t.sort((a, b) => a - b);
      return { database: target.name, endpoints: k === 0 ? 0 : ENDPOINTS, p50: percentile(sorted, 0.5), max: sorted.at(-1) ?? 0 };
    });
  } finally {
    await stopProcess(server);
  }
}

async function main() {
  const rows = [];
  for (const target of targets()) {
    try {
      console.log(`bulk fan-out, ${target.name}…`);
      rows.push(...(await measure(target)));
    } finally {
      await target.drop();
    }
  }
  console.table(rows);
  const ms = (v: number) => v.toFixed(0);
  writeSection(
    "Bulk acceptance with webhook endpoints (issue 30)",
    [
      `Command: \`npx tsx bench/bulk-fanout.ts\` (part of \`npm run bench\`). Same machine as above, ${new Date().toISOString().slice(0, 10)}. One server process with no worker or dispatcher (\`WORKER_ENABLED=false\`), ${REQUESTS} POST /send-bulk of 500 new numbers for each of two tenants, one request at a time and alternating: one tenant with no webhook endpoint, one with ${ENDPOINTS} (each bulk also queues 5,000 deliveries in its accepting statement).`,
      "",
      "| database | endpoints | p50 ms | max ms |",
      "|---|---:|---:|---:|",
      ...rows.map((r) => `| ${r.database} | ${r.endpoints} | ${ms(r.p50)} | ${ms(r.max)} |`),
      "",
      BEFORE_AND_AFTER,
    ].join("\n"),
  );
}

// Kept by hand: the figures before this issue's change, measured the same way.
const BEFORE_AND_AFTER = `Before and after issue 30, two alternating pairs on 2026-11-25 (the commit before the change, ef0c290, then this one; p50 ms): PGlite with 10 endpoints 304 / 304 → 212 / 218, PostgreSQL with 10 endpoints 219 / 231 → 119 / 183; with no endpoint 58 / 57 → 44 / 47 (PGlite) and 40 / 50 → 33 / 44 (PostgreSQL). Two changes: the outbox trigger decides the chain heads of the deliveries it queues for the whole statement (a new message's deliveries all head their chains), so the per-row trigger that locked the message and probed its live deliveries again for each of the 5,000 rows runs only for replays; and a batch's messages come back from the accepting statement as the seven columns its answer and events need instead of all 31 (reading 500 whole rows back through the ORM took longer than storing them). What remains with endpoints is the 5,000 rows themselves: each carries its JSON payload and enters 7 indexes and a foreign-key check (about 20 µs a row on PostgreSQL). Queuing one event per message and fanning it out to endpoints when the dispatcher claims it would remove that, at the price of a new claim; not done here. The 1.3–3.2 s of the pile-up bench were this statement on the embedded database while the dispatcher and the worker shared its one connection.`;

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
