// The database's house rules, checked by `npm run lint:sql` (part of `npm run lint`):
// 1. Raw SQL (`$queryRaw`, `$executeRaw`, `Prisma.sql`, `Prisma.raw`, `Prisma.join`) is written only
//    in SQL modules: files named `*-sql.ts`, or in a `sql/` folder.
// 2. Each table is written (INSERT, UPDATE, DELETE, or a write of the ORM) only by the SQL modules of
//    the one place that owns it (OWNERS below); other features call that place's functions.
// 3. Each raw statement says its name first, `-- name`, so it reads by name in pg_stat_statements,
//    in PostgreSQL's logs and in EXPLAIN output.
// It reads the sources as text, which is enough for code written to these rules; the rules and
// their reasons are in docs/design.md, "One owner per table".
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Who writes each table: a folder of src/, whose SQL modules alone may. */
export const OWNERS = {
  plan: "features/billing",
  tenant: "features/admin",
  api_key: "core/auth",
  console_session: "core/auth",
  staff_user: "core/staff",
  staff_link: "core/staff",
  account: "features/accounts",
  account_usage: "features/accounts",
  tenant_monthly_usage: "features/accounts",
  health_settings: "features/accounts",
  account_state_change: "features/accounts",
  account_health_hour: "features/accounts",
  template: "features/campaigns",
  send_window: "features/campaigns",
  contact: "features/contacts",
  consent_settings: "features/contacts",
  erased_suppression: "features/contacts",
  whatsapp_template: "features/whatsapp-templates",
  message: "features/queue",
  early_receipt: "features/queue",
  // Kept by triggers on message (migration message_counts); folded and read for /metrics.
  message_count: "core/runtime",
  batch: "features/queue",
  idempotency_key: "features/queue",
  inbound_message: "features/inbound",
  inbound_seen: "features/inbound",
  webhook_endpoint: "features/webhooks",
  webhook_delivery: "features/webhooks",
  number_link: "features/number-links",
  waha_server: "features/number-links",
  waha_session_report: "features/number-links",
  audit_event: "core/audit",
  chatwoot_bridge: "features/chatwoot",
  chatwoot_contact: "features/chatwoot",
  chatwoot_outbox: "features/chatwoot",
  chatwoot_reply: "features/chatwoot",
  export_job: "features/exports",
  export_chunk: "features/exports",
  invoice: "features/invoices",
  invoice_line: "features/invoices",
  invoice_counter: "features/invoices",
  subscription: "features/billing",
  payment: "features/billing",
  provider_event: "features/billing",
  top_up_pack: "features/billing",
  // The charts' daily figures: the message rows kept by triggers on message (migration figures), folded and read here.
  figures_message_day: "features/figures",
  figures_service_day: "features/figures",
  figures_business_status: "features/figures",
};

/** The ORM's model names, as its client spells them, for the tables above. */
const MODELS = {
  plan: "plan",
  tenant: "tenant",
  apiKey: "api_key",
  consoleSession: "console_session",
  chatwootBridge: "chatwoot_bridge",
  chatwootContact: "chatwoot_contact",
  chatwootOutbox: "chatwoot_outbox",
  chatwootReply: "chatwoot_reply",
  exportJob: "export_job",
  exportChunk: "export_chunk",
  invoice: "invoice",
  invoiceLine: "invoice_line",
  invoiceCounter: "invoice_counter",
  subscription: "subscription",
  payment: "payment",
  providerEvent: "provider_event",
  topUpPack: "top_up_pack",
  staffUser: "staff_user",
  staffLink: "staff_link",
  account: "account",
  accountUsage: "account_usage",
  tenantMonthlyUsage: "tenant_monthly_usage",
  healthSettings: "health_settings",
  accountStateChange: "account_state_change",
  accountHealthHour: "account_health_hour",
  template: "template",
  sendWindow: "send_window",
  contact: "contact",
  consentSettings: "consent_settings",
  erasedSuppression: "erased_suppression",
  whatsAppTemplate: "whatsapp_template",
  message: "message",
  earlyReceipt: "early_receipt",
  batch: "batch",
  idempotencyKey: "idempotency_key",
  inboundMessage: "inbound_message",
  inboundSeen: "inbound_seen",
  webhookEndpoint: "webhook_endpoint",
  webhookDelivery: "webhook_delivery",
  numberLink: "number_link",
  wahaServer: "waha_server",
  wahaSessionReport: "waha_session_report",
};

/** Code that speaks SQL for a reason of its own: opening the database, migrating it, reading its state. */
const SQL_PLACES = [/^src\/core\/db\//];

const isSqlModule = (file) => /-sql\.ts$/.test(file) || /\/sql\/[^/]+\.ts$/.test(file) || SQL_PLACES.some((p) => p.test(file));

function sources(dir) {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return /^src\/(generated|gql)$|\/web\/gql$/.test(rel) ? [] : sources(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [rel] : [];
  });
}

const lineOf = (text, index) => text.slice(0, index).split("\n").length;

/** Every problem with one file, as `file:line: what`. */
function problemsOf(file) {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const problems = [];
  const sqlModule = isSqlModule(file);
  for (const m of text.matchAll(/\$(queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe)\b|\bPrisma\.(sql|raw|join)\b/g)) {
    if (!sqlModule) problems.push(`${file}:${lineOf(text, m.index)}: raw SQL (${m[0]}) belongs in an SQL module (*-sql.ts or sql/)`);
  }
  const owner = (table) => OWNERS[table];
  const writes = [
    ...[...text.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([a-z_]+)"?(?=\s)/g)].map((m) => ({ table: m[1], at: m.index })),
    ...[...text.matchAll(/\.([a-zA-Z]+)\.(?:create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\(/g)]
      .filter((m) => MODELS[m[1]])
      .map((m) => ({ table: MODELS[m[1]], at: m.index })),
  ];
  for (const { table, at } of writes) {
    if (!owner(table)) continue;
    const place = `src/${owner(table)}/`;
    if (!(file.startsWith(place) && sqlModule)) problems.push(`${file}:${lineOf(text, at)}: writes ${table}, which only the SQL modules of ${place} write`);
  }
  if (sqlModule && !SQL_PLACES.some((p) => p.test(file))) {
    for (const m of text.matchAll(/\$(?:queryRaw|executeRaw)(?:<[^`(]*?>)?`(?!\s*--[ \t]*[a-z][a-z0-9_]*[ \t]*\n)/g)) {
      problems.push(`${file}:${lineOf(text, m.index)}: a raw statement starts with its name, \`-- name\``);
    }
  }
  return problems;
}

const problems = sources("src").flatMap(problemsOf);
if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} problems: see docs/design.md, "One owner per table".`);
  process.exit(1);
}
