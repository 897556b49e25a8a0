import os from "node:os";
import { randomBytes } from "node:crypto";
import { loadConfig } from "../src/core/config.js";
import { createApp } from "../src/app/app.js";
import { createLogger } from "../src/core/runtime/logger.js";
import { Seeder } from "../test/kit/seed.js";
import { Client } from "../test/kit/http.js";

// npx tsx bench/contact-erasure.ts: POST /contacts/{number}/erase for a contact with
// BENCH_ERASE_MESSAGES (10,000) messages, a tenth as many inbound messages and a webhook delivery
// per message, among BENCH_ERASE_OTHERS (50,000) messages, inbound messages and deliveries of other
// contacts of the same tenant (so the indexes have to find the contact's rows) and as many of
// another tenant. The gateway runs in this process on in-memory PGlite, or with
// TEST_DATABASE=postgres on a schema of its own on DATABASE_URL. Rows are written by SQL, the
// endpoints disabled while loading, so the outbox triggers add nothing. Each run erases a fresh contact; it prints the plans of the two
// index reads and the times of BENCH_ERASE_RUNS (3) erasures.

const MESSAGES = Number(process.env.BENCH_ERASE_MESSAGES ?? 10_000);
const OTHERS = Number(process.env.BENCH_ERASE_OTHERS ?? 50_000);
const RUNS = Number(process.env.BENCH_ERASE_RUNS ?? 3);

async function startGateway() {
  const url = process.env.DATABASE_URL;
  const onPostgres = process.env.TEST_DATABASE === "postgres" && url;
  const schema = `bench_erase_${randomBytes(4).toString("hex")}`;
  const config = loadConfig({
    HOST: "127.0.0.1",
    PORT: "0",
    SEED_DEMO: "false",
    MIGRATE_ON_START: "true",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
    WORKER_ENABLED: "false",
    ...(onPostgres ? { DATABASE_URL: `${url}${url.includes("?") ? "&" : "?"}schema=${schema}` } : { DATA_DIR: "memory://" }),
  });
  const app = await createApp(config, { log: createLogger(config) });
  return { app, url: await app.listen(), onPostgres: Boolean(onPostgres), schema };
}

/** `count` sent messages, each with a webhook delivery, to `number` (or to distinct others when null), and a tenth as many replies. */
async function fill(
  db: { $executeRawUnsafe(sql: string, ...v: unknown[]): Promise<number> },
  t: { id: number; accountId: number; endpointId: number },
  number: string | null,
  count: number,
) {
  const to = number ? `'${number}'` : `'9665' || lpad((g % 100000)::text, 8, '0')`;
  await db.$executeRawUnsafe(`
    INSERT INTO message (tenant_id, account_id, "to", body, image_url, content, status, reserved_on, sent_at, provider_message_id)
    SELECT ${t.id}, ${t.accountId}, ${to}, 'a text of the contact ' || g, CASE WHEN g % 3 = 0 THEN 'https://example.com/p' || g || '.jpg' END,
      CASE WHEN g % 5 = 0 THEN jsonb_build_object('kind', 'location', 'latitude', 24.7, 'longitude', 46.6, 'name', 'place ' || g) END,
      'sent', current_date, now(), 'true_' || ${to} || '@c.us_' || md5(random()::text)
    FROM generate_series(1, ${count}) AS g`);
  await db.$executeRawUnsafe(`
    INSERT INTO webhook_delivery (endpoint_id, tenant_id, message_id, event_id, event_type, payload, status)
    SELECT ${t.endpointId}, ${t.id}, m.id, 'evt_' || m.id || '_3', 'message.status',
      jsonb_build_object('id', 'evt_' || m.id || '_3', 'type', 'message.status', 'data', jsonb_build_object('message_id', m.id, 'to', m."to", 'status', 'sent')), 'delivered'
    FROM message m WHERE m.tenant_id = ${t.id} AND m.id > coalesce((SELECT max(message_id) FROM webhook_delivery WHERE tenant_id = ${t.id}), 0)`);
  await db.$executeRawUnsafe(`
    INSERT INTO inbound_message (tenant_id, account_id, provider_message_id, from_number, kind, text, media_url, sent_at)
    SELECT ${t.id}, ${t.accountId}, 'false_' || ${to} || '@c.us_' || md5(random()::text), ${to}, 'text', 'a reply ' || g,
      CASE WHEN g % 4 = 0 THEN 'http://waha/files/' || g || '.jpeg' END, now()
    FROM generate_series(1, ${Math.ceil(count / 10)}) AS g`);
}

async function tenantWithRows(app: Awaited<ReturnType<typeof startGateway>>["app"], seed: Seeder) {
  const t = await seed.tenant().account().create();
  const accountId = t.accounts[0]!.id;
  const [endpoint] = await app.deps.db.$queryRawUnsafe<Array<{ id: number }>>(
    `INSERT INTO webhook_endpoint (tenant_id, url, secret, enabled) VALUES (${t.id}, 'https://hooks.example.com/x', 'whsec_bench', false) RETURNING id`,
  );
  return { ...t, accountId, endpointId: endpoint!.id };
}

async function main() {
  const g = await startGateway();
  const db = g.app.deps.db;
  const seed = new Seeder(db);
  try {
    const t = await tenantWithRows(g.app, seed);
    const other = await tenantWithRows(g.app, seed);
    await fill(db, t, null, OTHERS);
    await fill(db, other, null, OTHERS);
    const numbers = Array.from({ length: RUNS }, (_, i) => `9665870000${String(i).padStart(2, "0")}`);
    for (const n of numbers) {
      await fill(db, t, n, MESSAGES);
      await fill(db, other, n, 10);
    }
    await db.$executeRawUnsafe("UPDATE webhook_endpoint SET enabled = true");
    await db.$executeRawUnsafe("ANALYZE");
    const plan = async (sql: string) => (await db.$queryRawUnsafe<Array<Record<string, string>>>(`EXPLAIN ${sql}`)).map((r) => Object.values(r)[0]).join("\n");
    console.log(await plan(`SELECT id FROM message m WHERE m.tenant_id = ${t.id} AND m."to" = '${numbers[0]}'`));
    console.log(await plan(`SELECT id FROM inbound_message i WHERE i.tenant_id = ${t.id} AND (i.from_number = '${numbers[0]}' OR (i.from_number IS NULL AND i.from_lid = 'x'))`));
    const api = new Client(g.url, t.key);
    const times: number[] = [];
    for (const n of numbers) {
      const started = performance.now();
      const r = await api.post<{ messages: number }>(`/contacts/${n}/erase`, {});
      times.push(performance.now() - started);
      if (r.status !== 200 || r.body.messages !== MESSAGES) throw new Error(`erase answered ${r.status}: ${JSON.stringify(r.body)}`);
      console.log(JSON.stringify(r.body));
    }
    const db_ = g.onPostgres ? "PostgreSQL" : "PGlite (in memory)";
    console.log(
      `${db_}: erase of a contact with ${MESSAGES} messages, ${MESSAGES / 10} inbound, ${MESSAGES} deliveries (among ${OTHERS} of each for others): ` +
        `${times.map((ms) => `${Math.round(ms)} ms`).join(", ")} (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "?"})`,
    );
  } finally {
    await g.app.close();
    if (g.onPostgres) await dropSchema(g.schema);
  }
}

async function dropSchema(schema: string) {
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

await main();
