import { randomBytes } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { benchPort, benchSchema, percentile, postgresUrl, startScript, stopProcess, waitHealthy } from "./harness.js";
import { writeSection } from "./report.js";

// tsx bench/businesses-page.ts: what the operator console's Businesses page costs with 10,000
// tenants on PostgreSQL (issue 61's target: under 300 ms p99). The server migrates a schema of
// its own; the tenants are then written by SQL: each with two numbers, an owner, a key used
// lately, this month's use and, for half of them, a subscription. Each search the page makes
// (the first page, the next one, a status, words of a name, a number, an email's beginning, an
// id) is asked RUNS times over HTTP by a signed-in operator's path (POST /admin/commands,
// tenant:search); the figures are round trips. The statement reads no message (it reads the
// counters kept as messages are accepted), so the message table's size does not enter.

const TENANTS = Number(process.env.BENCH_BUSINESSES ?? 10_000);
const RUNS = Number(process.env.BENCH_BUSINESSES_RUNS ?? 200);
const port = benchPort();
const url = `http://127.0.0.1:${port}`;
const adminToken = randomBytes(24).toString("hex");

async function seed(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${schema}"`);
    const month = new Date().toISOString().slice(0, 7);
    await client.query(`INSERT INTO plan (name, monthly_message_limit, max_accounts, price_monthly, price_yearly, public) VALUES ('Bench', 10000, 5, 9900, 99000, true)`);
    await client.query(
      `INSERT INTO tenant (name, plan_id, subscription_ends_on, status) SELECT 'Business ' || n, (SELECT id FROM plan LIMIT 1), '2099-12-31', CASE WHEN n % 50 = 0 THEN 'suspended'::"TenantStatus" ELSE 'active' END FROM generate_series(1, $1) AS n`,
      [TENANTS],
    );
    await client.query(
      `INSERT INTO account (tenant_id, name, phone_number, daily_limit, monthly_limit) SELECT t.id, 'n' || k, '9665' || lpad((t.id * 2 + k)::text, 8, '0'), 1000, 30000 FROM tenant t, generate_series(0, 1) AS k`,
    );
    await client.query(`INSERT INTO staff_user (tenant_id, email, role, created_at) SELECT id, 'owner' || id || '@business.example', 'owner', now() FROM tenant`);
    await client.query(
      `INSERT INTO api_key (tenant_id, prefix, hash, label, scopes, last_used_at) SELECT id, 'gw_b' || id, md5(id::text), 'bench', '{}', now() - (id % 100) * interval '1 hour' FROM tenant`,
    );
    await client.query(`INSERT INTO tenant_monthly_usage (tenant_id, month, used) SELECT id, $1, id % 10000 FROM tenant`, [month]);
    await client.query(
      `INSERT INTO subscription (tenant_id, plan_id, interval, period_start, period_end, state) SELECT id, plan_id, CASE WHEN id % 4 = 0 THEN 'year' ELSE 'month' END::"BillingInterval", '2026-11-01', '2026-12-01', CASE WHEN id % 10 = 0 THEN 'past_due' ELSE 'active' END::"SubscriptionState" FROM tenant WHERE id % 2 = 0`,
    );
    await client.query("ANALYZE");
  } finally {
    await client.end();
  }
}

async function search(args: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/admin/commands`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ command: "tenant:search", args }),
  });
  const body = (await res.json()) as { success?: boolean; result?: { businesses: unknown[] } };
  if (!body.success) throw new Error(`tenant:search ${JSON.stringify(args)} answered ${res.status}`);
  // Every search here names businesses that exist: one that finds none measures nothing.
  if (!body.result?.businesses.length) throw new Error(`tenant:search ${JSON.stringify(args)} found no business`);
  return performance.now() - started;
}

async function main() {
  const { schema, databaseUrl } = benchSchema("businesses");
  const server = startScript("src/main.ts", { DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", ADMIN_TOKEN: adminToken, WORKER_ENABLED: "false" });
  try {
    await waitHealthy(url);
    await seed(schema);
    const kinds: Array<[string, Record<string, unknown>]> = [
      ["the first page (25)", {}],
      ["a page in the middle (after 5,000)", { after: Math.floor(TENANTS / 2) }],
      ["a status (suspended)", { status: "suspended" }],
      ["words of a name", { q: "business 7777" }],
      ["a number (0500015555, the business 7777's second)", { q: `05${String(7777 * 2 + 1).padStart(8, "0")}` }],
      ["an email's beginning", { q: "owner7777@" }],
      ["an id", { q: "#7777" }],
    ];
    const rows: string[] = [];
    for (const [name, args] of kinds) {
      for (let i = 0; i < 20; i++) await search(args);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await search(args));
      times.sort((a, b) => a - b);
      rows.push(`| ${name} | ${percentile(times, 0.5).toFixed(1)} ms | ${percentile(times, 0.99).toFixed(1)} ms | ${(times.at(-1) ?? 0).toFixed(1)} ms |`);
    }
    const body = [
      `\`tsx bench/businesses-page.ts\`, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, PostgreSQL on localhost, one server process, ${TENANTS.toLocaleString("en-US")} tenants (two numbers, an owner, a key and this month's use each; half with a subscription), ${RUNS} searches of each kind one after another after 20 unmeasured, round trips over HTTP.`,
      "",
      "| search (tenant:search) | p50 | p99 | max |",
      "|---|---:|---:|---:|",
      ...rows,
      "",
      "Target (issue 61): under 300 ms p99.",
    ].join("\n");
    console.log(body);
    writeSection("Businesses page (operator console)", body);
  } finally {
    await stopProcess(server);
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
