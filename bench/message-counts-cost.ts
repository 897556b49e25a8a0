import os from "node:os";
import pg from "pg";
import { openDatabase } from "../src/core/db/database.js";
import { benchSchema, postgresUrl } from "./harness.js";
import { cpuSeconds } from "./proc.js";

// npx tsx bench/message-counts-cost.ts: what keeping the message counts (migration message_counts),
// or with COUNT_TRIGGERS=figures the charts' daily figures (migration figures), costs PostgreSQL on
// the send path. In a schema of its own, a message's life as the send path
// writes it, statement by statement: groups of GROUP messages inserted by one statement, moved to
// sending by one, to sent by one; ROUNDS groups, with the counting triggers enabled and then
// disabled, alternating PAIRS times. Prints the CPU time of the PostgreSQL backend that ran them
// (from /proc: PostgreSQL on this machine), per message and per statement: on a shared machine
// that moves far less than their wall time.

const GROUP = Number(process.env.COUNT_GROUP ?? 16);
const ROUNDS = Number(process.env.COUNT_ROUNDS ?? 1000);
const PAIRS = Number(process.env.COUNT_PAIRS ?? 3);
/** The triggers measured: the message counts' by default; COUNT_TRIGGERS=figures for the charts' figures (migration figures). */
const TRIGGER_SETS: Record<string, string[]> = {
  counts: ["message_count_insert", "message_count_update", "message_count_delete"],
  figures: ["figures_message_insert", "figures_message_update"],
};
const TRIGGERS = TRIGGER_SETS[process.env.COUNT_TRIGGERS ?? "counts"] ?? TRIGGER_SETS.counts!;

async function round(client: pg.Client, tenantId: number, accountId: number): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO message (tenant_id, account_id, "to", body, reserved_on)
     SELECT $1, $2, '96650' || lpad(g::text, 7, '0'), 'cost', current_date FROM generate_series(1, $3) g RETURNING id`,
    [tenantId, accountId, GROUP],
  );
  const ids = rows.map((r) => r.id);
  await client.query("UPDATE message SET status = 'sending', locked_by = 'cost', locked_until = now() + interval '1 minute' WHERE id = ANY($1::bigint[])", [ids]);
  await client.query("UPDATE message SET status = 'sent', sent_at = now(), locked_by = NULL, locked_until = NULL WHERE id = ANY($1::bigint[])", [ids]);
}

/** The backend's CPU milliseconds over ROUNDS groups, with the counting triggers on or off. */
async function timed(client: pg.Client, backend: number, counting: boolean, tenantId: number, accountId: number): Promise<number> {
  for (const trigger of TRIGGERS) await client.query(`ALTER TABLE message ${counting ? "ENABLE" : "DISABLE"} TRIGGER ${trigger}`);
  const start = cpuSeconds(backend);
  for (let i = 0; i < ROUNDS; i++) await round(client, tenantId, accountId);
  return (cpuSeconds(backend) - start) * 1000;
}

const { schema, databaseUrl } = benchSchema("count_cost");
const database = await openDatabase({ databaseUrl, dataDir: "", poolMax: 2 });
await database.migrate();
await database.close();
const client = new pg.Client({ connectionString: postgresUrl, options: `-c search_path="${schema}"` });
await client.connect();
try {
  const plan = await client.query<{ id: number }>(`INSERT INTO plan (name, monthly_message_limit, max_accounts) VALUES ('cost', 1000000000, 10) RETURNING id`);
  const tenant = await client.query<{ id: number }>(`INSERT INTO tenant (name, plan_id, subscription_ends_on) VALUES ('cost', $1, '2099-12-31') RETURNING id`, [plan.rows[0]!.id]);
  const account = await client.query<{ id: number }>(
    `INSERT INTO account (tenant_id, name, phone_number, daily_limit, monthly_limit) VALUES ($1, 'cost', '966550000001', 1000000000, 1000000000) RETURNING id`,
    [tenant.rows[0]!.id],
  );
  const [t, a] = [tenant.rows[0]!.id, account.rows[0]!.id];
  const backend = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
  await timed(client, backend, true, t, a);
  const results: Record<"with" | "without", number[]> = { with: [], without: [] };
  for (let pair = 0; pair < PAIRS; pair++) {
    results.without.push(await timed(client, backend, false, t, a));
    results.with.push(await timed(client, backend, true, t, a));
  }
  const messages = ROUNDS * GROUP;
  for (const [label, ms] of Object.entries(results)) {
    const perMessage = ms.map((m) => ((m * 1000) / messages).toFixed(1));
    const perStatement = ms.map((m) => ((m * 1000) / (ROUNDS * 3)).toFixed(0));
    console.log(`${label} the ${TRIGGERS.join(", ")} triggers: backend CPU µs per message ${perMessage.join(", ")}; per statement ${perStatement.join(", ")}`);
  }
  console.log(`${PAIRS} pairs of ${ROUNDS} groups of ${GROUP}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, ${new Date().toISOString()}`);
} finally {
  await client.query(`DROP SCHEMA "${schema}" CASCADE`);
  await client.end();
}
