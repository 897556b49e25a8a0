import pg from "pg";
import { openDatabase } from "../src/core/db/database.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { benchSchema, postgresUrl } from "./harness.js";

// The databases of bench/history.ts. The history is seeded as an operator who ran the gateway for two years
// before partitions would have it: migrations up to the one before partitions_by_id, then
// HISTORY_ROWS messages (default 20 million) over 50 tenants and two years, and one inbound
// message for every 20, by generate_series; then the rest of the migrations, timed (the lock an
// upgrade takes). The empty one gets the same tenants and no history.

export const ROWS = Number(process.env.HISTORY_ROWS ?? 20_000_000);
const CHUNK = 1_000_000;
export const TENANTS = 50;
const BEFORE_PARTITIONS = "20261126205959_message_retention";

export interface Prepared {
  schema: string;
  databaseUrl: string;
  keys: string[];
  tenantIds: number[];
  seedSeconds: number;
  migrateSeconds: number;
}

/** 50 tenants of one plan, a number and a key each, through the admin commands. */
async function seedTenants(db: Awaited<ReturnType<typeof openDatabase>>["prisma"]) {
  await runAdminCommand(db, "plan:create", { name: "History", monthlyLimit: 100_000_000, maxAccounts: 10, requestsPerSecond: 1_000_000, requestBurst: 1_000_000 });
  const keys: string[] = [];
  const tenantIds: number[] = [];
  const accountIds: number[] = [];
  for (let i = 0; i < TENANTS; i++) {
    const tenant = (await runAdminCommand(db, "tenant:create", { name: `History ${i + 1}`, plan: "History", ends: "2099-12-31" })) as { id: number };
    const limit = "100000000";
    const account = (await runAdminCommand(db, "account:create", {
      tenant: tenant.id,
      phone: `055${3_000_000 + i}`,
      name: `History ${i + 1}`,
      dailyLimit: limit,
      monthlyLimit: limit,
      minIntervalMs: "0",
      jitterMs: "0",
      warmUp: "false",
    })) as { id: number };
    const key = (await runAdminCommand(db, "key:create", { tenant: tenant.id, label: "history" })) as { key: string };
    tenantIds.push(tenant.id);
    accountIds.push(account.id);
    keys.push(key.key);
  }
  return { keys, tenantIds, accountIds };
}

/** ROWS sent messages spread evenly over the two years to now, newest last, and one reply in 20. */
async function seedHistory(schema: string, tenantIds: number[], accountIds: number[]) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`SET search_path = "${schema}"`);
  // Loading with the secondary indexes dropped and building them after is several times faster
  // than keeping 10 indexes current row by row; the database ends the same.
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid IN ('message'::regclass, 'inbound_message'::regclass) AND NOT i.indisprimary AND NOT i.indisunique`,
  );
  for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
  for (let lo = 1; lo <= ROWS; lo += CHUNK) {
    const hi = Math.min(ROWS, lo + CHUNK - 1);
    await client.query(
      `INSERT INTO message (tenant_id, account_id, "to", body, status, attempts, reserved_on, account_counted_on, created_at, run_at, sent_at, provider_message_id)
       SELECT ($1::int[])[1 + g % ${TENANTS}], ($2::int[])[1 + g % ${TENANTS}], '9665' || lpad((g % 10000000)::text, 8, '0'),
         'history message ' || g, 'sent', 1, at::date, at::date, at, at, at, 'hist-' || g
       FROM generate_series($3::bigint, $4::bigint) g
       CROSS JOIN LATERAL (SELECT now() - interval '730 days' + (g::float8 / $5) * interval '730 days' AS at) x`,
      [tenantIds, accountIds, lo, hi, ROWS],
    );
    await client.query(
      `INSERT INTO inbound_message (tenant_id, account_id, provider_message_id, from_number, kind, text, sent_at, received_at)
       SELECT ($1::int[])[1 + g % ${TENANTS}], ($2::int[])[1 + g % ${TENANTS}], 'hist-in-' || g, '9665' || lpad((g % 10000000)::text, 8, '0'),
         'text', 'history reply ' || g, at, at
       FROM generate_series($3::bigint, $4::bigint, 20) g
       CROSS JOIN LATERAL (SELECT now() - interval '730 days' + (g::float8 / $5) * interval '730 days' AS at) x`,
      [tenantIds, accountIds, lo, hi, ROWS],
    );
    console.log(`  seeded ${hi.toLocaleString("en")} of ${ROWS.toLocaleString("en")}`);
  }
  for (const index of indexes) await client.query(index.def);
  console.log(`  rebuilt ${indexes.length} indexes`);
  await client.query("ANALYZE");
  await client.end();
}

export async function prepare(kind: "empty" | "history"): Promise<Prepared> {
  const { schema, databaseUrl } = benchSchema(`hist_${kind}`);
  const database = await openDatabase({ databaseUrl, dataDir: "", poolMax: 4 });
  try {
    await database.migrate(BEFORE_PARTITIONS);
    const { keys, tenantIds, accountIds } = await seedTenants(database.prisma);
    const seedStart = performance.now();
    if (kind === "history") await seedHistory(schema, tenantIds, accountIds);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const migrateStart = performance.now();
    await database.migrate();
    return { schema, databaseUrl, keys, tenantIds, seedSeconds, migrateSeconds: (performance.now() - migrateStart) / 1000 };
  } finally {
    await database.close();
  }
}
