import os from "node:os";
import { startServer } from "../test/kit/server.js";
import { moyasarSettings, startMoyasarStandIn, tokenizeCard } from "../test/kit/moyasar.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { runRenewalPass } from "../src/features/billing/index.js";
import { writeSection } from "./report.js";

// TEST_DATABASE=postgres npx tsx bench/renewal-pass.ts: the renewal pass over TENANTS monthly
// subscriptions all due today, each with an owner, against the Moyasar stand-in answering every
// call after 50 ms. Each renewal is a payment row, a charge, the payment applied with its invoice
// and receipt mail, in BILLING_CONCURRENCY lanes. Target: 10,000 tenants under 2 minutes.

const TENANTS = Number(process.env.BENCH_TENANTS ?? 10_000);
const LATENCY_MS = 50;

const moyasar = await startMoyasarStandIn();
const server = await startServer({ ...moyasarSettings(moyasar), BILLING_INTERVAL_SECONDS: "86400", WORKER_ENABLED: "false" });
const { db, clock } = server.app.deps;
clock.freeze();
await runAdminCommand(db, "plan:create", { name: "bench", monthlyLimit: "1000", maxAccounts: "2", priceMonthly: "10000", priceYearly: "100000", public: "true" });
const plan = await db.plan.findFirstOrThrow({ where: { name: "bench" } });
const token = await tokenizeCard(moyasar);
const today = clock.day();
const monthAgo = new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10);

// Seeded in bulk, as years of sign-ups would have left them: a tenant, its owner and a paid subscription ending today.
await db.$executeRawUnsafe(
  `INSERT INTO tenant (name, plan_id, subscription_ends_on, locale)
   SELECT 'bench tenant ' || g, $1, $2::date, CASE WHEN g % 2 = 0 THEN 'ar' ELSE 'en' END FROM generate_series(1, $3) g`,
  plan.id,
  today,
  TENANTS,
);
await db.$executeRawUnsafe(
  `INSERT INTO staff_user (tenant_id, email, role, created_at) SELECT id, 'owner' || id || '@bench.example.com', 'owner', now() FROM tenant WHERE name LIKE 'bench tenant %'`,
);
await db.$executeRawUnsafe(
  `INSERT INTO subscription (tenant_id, plan_id, interval, period_start, period_end, state, provider, card_token, card_brand, card_last4)
   SELECT id, $1, 'month', $2::date, $3::date, 'active', 'moyasar', $4, 'mada', '1010' FROM tenant WHERE name LIKE 'bench tenant %'`,
  plan.id,
  monthAgo,
  today,
  token,
);

moyasar.latencyMs = LATENCY_MS;
const concurrency = server.app.deps.config.billing.concurrency;
const started = performance.now();
const report = await runRenewalPass(server.app.deps);
const seconds = (performance.now() - started) / 1000;
const invoices = await db.invoice.count();
const mails = await db.mailOutbox.count({ where: { dedupeKey: { startsWith: "billing:receipt:" } } });
await server.close();
await moyasar.close();

console.log(
  `renewal pass: ${TENANTS} tenants in ${seconds.toFixed(1)} s (${report.renewed} renewed, ${report.failed} failed, ${report.skipped} skipped), ${invoices} invoices, ${mails} receipts`,
);
const database = process.env.TEST_DATABASE === "postgres" ? "PostgreSQL 127.0.0.1" : "embedded PGlite (one connection)";
writeSection(
  "Renewal pass",
  `\`TEST_DATABASE=postgres npx tsx bench/renewal-pass.ts\` (BENCH_TENANTS=${TENANTS}): one pass over ${TENANTS} monthly subscriptions due the same day, each with an owner; the Moyasar stand-in answers every call after ${LATENCY_MS} ms; BILLING_CONCURRENCY=${concurrency}; ${database}. Each renewal writes its payment, charges, applies it with its invoice and the receipt mail; the invoice series' counter, locked from an invoice's number to its commit so numbers have no gaps, is what the lanes wait on. Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.versions.node}.

| tenants | renewed | failed or skipped | invoices | receipts | time | per renewal | target |
| --- | --- | --- | --- | --- | --- | --- | --- |
| ${TENANTS} | ${report.renewed} | ${report.failed + report.skipped} | ${invoices} | ${mails} | ${seconds.toFixed(1)} s | ${((seconds * 1000) / TENANTS).toFixed(1)} ms | 10,000 under 120 s |`,
);
