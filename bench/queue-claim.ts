import pg from "pg";
import { Prisma } from "../src/generated/prisma/client.js";
import { openDatabase } from "../src/core/db/database.js";
import { claimDueMessagesSql } from "../src/features/queue/claim-sql.js";
import { postgresUrl } from "./harness.js";

// npx tsx bench/queue-claim.ts: the queue claim's plan and time with 1,000,000 pending messages, in
// a PostgreSQL database of its own (created here, dropped at the end). "before" is the claim as it
// was until issue 14 (one OR'ed scan, sorted by `(batch_id IS NOT NULL), run_at, id`) on the
// indexes it had; "after" is claimDueMessagesSql on the indexes of the claim-index migration.
// Each claim runs inside a transaction that is rolled back, so every run sees the same rows.

const ROWS = Number(process.env.BENCH_CLAIM_ROWS ?? 1_000_000);
const LIMIT = 20;
const RUNS = 15;
const database = `bench_queue_${Date.now().toString(36)}`;

const beforeSql = (owner: string, limit: number, leaseSeconds: number) => Prisma.sql`
  WITH due AS (
    SELECT id FROM message
    WHERE (status = 'pending' AND run_at <= now())
       OR (status = 'sending' AND locked_until < now())
    ORDER BY (batch_id IS NOT NULL), run_at, id
    LIMIT ${limit}
    FOR UPDATE SKIP LOCKED
  )
  UPDATE message AS m
  SET status = 'sending', attempts = m.attempts + 1, locked_by = ${owner},
      locked_until = now() + make_interval(secs => ${leaseSeconds}::int)
  FROM due WHERE m.id = due.id
  RETURNING m.id`;

const CLAIM_INDEXES = ["message_claim_single_idx", "message_claim_bulk_idx"];

async function measure(client: pg.Client, sql: Prisma.Sql) {
  const times: number[] = [];
  let claimed = 0;
  for (let i = 0; i < RUNS; i++) {
    await client.query("BEGIN");
    const started = performance.now();
    claimed = (await client.query(sql.text, sql.values)).rowCount ?? 0;
    times.push(performance.now() - started);
    await client.query("ROLLBACK");
  }
  await client.query("BEGIN");
  const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql.text}`, sql.values)).rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n");
  await client.query("ROLLBACK");
  times.sort((a, b) => a - b);
  return { claimed, medianMs: times[Math.floor(times.length / 2)]!, maxMs: times[times.length - 1]!, plan };
}

/** 1,000,000 pending messages, 5 of them single sends; `due` says whether they may go now or wait (paced or deferred). */
async function fill(client: pg.Client, due: "all" | "none") {
  // Loading only: the status triggers (event version, webhook outbox) have nothing to do here.
  await client.query("SET session_replication_role = replica");
  await client.query("TRUNCATE message, batch RESTART IDENTITY CASCADE");
  await client.query("INSERT INTO batch (tenant_id, body, total) VALUES (1, 'b', $1)", [ROWS]);
  const runAt = due === "all" ? "now() - interval '1 hour' + (g * interval '3 ms')" : "now() + interval '1 day' + (g * interval '4 s')";
  await client.query(`
    INSERT INTO message (tenant_id, batch_id, "to", body, reserved_on, run_at, status)
    SELECT 1, CASE WHEN g % 200000 = 0 THEN NULL ELSE 1 END, '9665' || lpad(g::text, 8, '0'), 'b', current_date,
      ${runAt}, 'pending'
    FROM generate_series(1, ${ROWS}) AS g`);
  // What workers hold right now: 100 messages being sent, and 20 whose worker died (lease expired).
  await client.query(`
    UPDATE message SET status = 'sending', locked_by = 'w', locked_until = now() + CASE WHEN id % 5 = 0 THEN interval '-1 minute' ELSE interval '1 minute' END
    WHERE id IN (SELECT id FROM message ORDER BY id LIMIT 100)`);
  await client.query("SET session_replication_role = DEFAULT");
  await client.query("VACUUM ANALYZE message");
}

async function main() {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  url.search = "";
  try {
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: "", poolMax: 1 });
    await db.migrate();
    await db.close();
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query("INSERT INTO plan (name, monthly_message_limit, max_accounts) VALUES ('p', 1, 1)");
    await client.query("INSERT INTO tenant (name, plan_id, subscription_ends_on) VALUES ('t', 1, current_date + 30)");
    const version = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version;
    console.log(`# queue claim, ${ROWS.toLocaleString("en")} pending messages, LIMIT ${LIMIT}, PostgreSQL ${version}, median of ${RUNS}\n`);
    for (const due of ["all", "none"] as const) {
      const started = performance.now();
      await fill(client, due);
      console.log(`## ${due === "all" ? "every message due" : "none due (paced or deferred)"} (filled in ${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
      // Before: the claim-index migration's indexes are not there yet.
      await client.query("BEGIN");
      for (const index of CLAIM_INDEXES) await client.query(`DROP INDEX ${index}`);
      const before = await measureInside(client, beforeSql("bench", LIMIT, 60));
      await client.query("ROLLBACK");
      const after = await measure(client, claimDueMessagesSql("bench", LIMIT, 60, new Date()));
      for (const [name, r] of [
        ["before", before],
        ["after", after],
      ] as const) {
        console.log(`### ${name}: claimed ${r.claimed}, median ${r.medianMs.toFixed(2)} ms, max ${r.maxMs.toFixed(2)} ms\n\n\`\`\`\n${r.plan}\n\`\`\`\n`);
      }
    }
    await client.end();
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

/** `measure` inside an open transaction (the dropped indexes come back with its rollback): savepoints instead. */
async function measureInside(client: pg.Client, sql: Prisma.Sql) {
  const inner = {
    query: (text: string, values?: unknown[]) =>
      text === "BEGIN" ? client.query("SAVEPOINT run") : text === "ROLLBACK" ? client.query("ROLLBACK TO SAVEPOINT run") : client.query(text, values),
  };
  return measure(inner as unknown as pg.Client, sql);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
