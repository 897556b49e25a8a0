import os from "node:os";
import { openDatabase } from "../src/core/db/database.js";
import { issueInvoice, renderInvoicePdf, useInvoiceSettings } from "../src/features/invoices/index.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { percentile } from "./harness.js";
import { writeSection } from "./report.js";

// npx tsx bench/invoice-pdf.ts: how long rendering one invoice's PDF takes (fonts embedded, Arabic
// shaped, the QR code drawn), on an embedded database so the figure is the rendering's. Warm-up
// first (fonts parsed, modules loaded), then RUNS renders alternating Arabic and English; p50, p99
// and the largest go to BENCHMARKS.md ("Invoice PDF"). Target: p99 under 300 ms.

const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const database = await openDatabase({ dataDir: "memory://", poolMax: 1 });
await database.migrate();
const db = database.prisma;
useInvoiceSettings({
  seller: { name: "Bench Operator", nameAr: "مشغل القياس", vatNumber: "310122393500003", address: "King Fahd Road, Riyadh", addressAr: "طريق الملك فهد، الرياض" },
  timeZone: "Asia/Riyadh",
});
await runAdminCommand(db, "plan:create", { name: "bench", monthlyLimit: 1000, maxAccounts: 1 });
const tenant = (await runAdminCommand(db, "tenant:create", { name: "Bench Tenant", plan: "bench", ends: "2099-12-31" })) as { id: number };
const lines = Array.from({ length: 5 }, (_, i) => ({
  descriptionAr: `باقة الرسائل الشهرية ${i + 1}`,
  descriptionEn: `Monthly messaging plan ${i + 1}`,
  quantity: i + 1,
  unitHalalas: 9_950,
}));
const invoice = await issueInvoice(db, { tenantId: tenant.id, kind: "invoice", lines, payment: { provider: "moyasar", reference: "bench" }, at: new Date() });

for (let i = 0; i < 10; i++) await renderInvoicePdf(db, invoice.id, i % 2 ? "en" : "ar");
const times: number[] = [];
let bytes = 0;
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  bytes = (await renderInvoicePdf(db, invoice.id, i % 2 ? "en" : "ar")).length;
  times.push(performance.now() - start);
}
await database.close();
times.sort((a, b) => a - b);
const ms = (v: number) => `${v.toFixed(1)} ms`;
const figures = { p50: percentile(times, 0.5), p99: percentile(times, 0.99), max: times[times.length - 1] ?? 0 };
console.log(`invoice PDF: p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}, max ${ms(figures.max)}, ${bytes} bytes`);
writeSection(
  "Invoice PDF",
  `\`npx tsx bench/invoice-pdf.ts\` (BENCH_RUNS=${RUNS}): one invoice of five lines rendered ${RUNS} times after 10 warm-up renders, Arabic and English alternately, read from an embedded database. Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.versions.node}.

| p50 | p99 | largest | PDF size | target |
| --- | --- | --- | --- | --- |
| ${ms(figures.p50)} | ${ms(figures.p99)} | ${ms(figures.max)} | ${Math.round(bytes / 1024)} KiB | p99 < 300 ms |`,
);
