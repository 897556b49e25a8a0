import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { openDatabase, type Database } from "../src/core/db/database.js";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { Agent, fetch as undiciFetch } from "undici";
import { wahaSignature, wahaTextEvent } from "../test/kit/provider-signing.js";
import { benchPort, percentile, startScript, stopProcess, waitHealthy } from "./harness.js";
import { cpuSeconds, databaseCpuSeconds } from "./proc.js";
import { postgresTarget, type Target } from "./targets.js";

// npm run bench:automation-burst (issue 62): a burst of contacts' messages across many businesses,
// each answered by the business's rules. BURST_TENANTS businesses (one unpaced simulator number
// each, 20 keyword and pattern rules and a fallback) receive BURST_RATE messages a second in all
// for BURST_SECONDS, each from a new contact over the signed WAHA webhook, in Arabic and English.
// A message's latency runs from the moment its webhook POST left this process to the `sent_at` of
// the answer it got (the simulator took it). The gateway is the built server (API, queue worker and
// automation loop in one process, as `npm start` runs them) in a process of its own; this process
// only posts and, at the end, reads the database: PostgreSQL (DATABASE_URL, a schema of its own),
// since the embedded database cannot be read from a second process while the server holds it.

const TENANTS = Number(process.env.BURST_TENANTS ?? 50);
const RATE = Number(process.env.BURST_RATE ?? 1_000);
const SECONDS = Number(process.env.BURST_SECONDS ?? 10);
const HMAC = "bench-burst";
// As a WAHA server posts its webhooks: over a bounded set of kept-alive connections, so a burst
// queues at the sender rather than opening a socket per message. The wait in that queue counts.
const CONNECTIONS = Number(process.env.BURST_CONNECTIONS ?? 64);
const webhookAgent = new Agent({ connections: CONNECTIONS, pipelining: 1 });
const KEYWORDS = ["السعر", "العرض", "التوصيل", "الدوام", "الفرع", "price", "offer", "delivery", "hours", "branch"];
const TEXTS = ["كم السعر لو سمحت", "متى الدوام يوم الجمعة", "what are your hours?", "Is the offer still on", "مرحبا، عندي سؤال", "hello there", "order #12345 status"];

interface Business {
  id: number;
  key: string;
  session: string;
  phone: string;
}

/** The businesses, their numbers (each with a WAHA session the webhook names) and keys. */
async function seed(db: Database): Promise<Business[]> {
  const admin = (command: string, args: Record<string, string>) => runAdminCommand(db.prisma, command, args) as Promise<Record<string, unknown>>;
  await admin("plan:create", { name: "Burst", monthlyLimit: "100000000", maxAccounts: "10", requestsPerSecond: "1000000", requestBurst: "1000000" });
  const out: Business[] = [];
  for (let i = 0; i < TENANTS; i++) {
    const tenant = await admin("tenant:create", { name: `Burst ${i}`, plan: "Burst", ends: "2099-12-31" });
    const id = Number(tenant.id);
    const phone = `9665510${String(i).padStart(5, "0")}`;
    const limits = { dailyLimit: "100000000", monthlyLimit: "100000000", minIntervalMs: "0", jitterMs: "0", warmUp: "false" };
    const account = await admin("account:create", { tenant: String(id), phone, name: `burst ${i}`, ...limits });
    const session = `burst-${i}`;
    await db.prisma.account.update({ where: { id: Number(account.id) }, data: { settings: { waha: { session } } } });
    out.push({ id, key: String((await admin("key:create", { tenant: String(id), label: "burst" })).key), session, phone });
  }
  return out;
}

/** Each business's rules, made over REST as a business makes them: keywords, patterns, a fallback last. */
async function makeRules(base: string, b: Business): Promise<void> {
  const post = async (rule: Record<string, unknown>) => {
    const res = await fetch(`${base}/api/v1/automation/rules`, {
      method: "POST",
      headers: { authorization: `Bearer ${b.key}`, "content-type": "application/json" },
      body: JSON.stringify(rule),
    });
    if (!res.ok) throw new Error(`POST /automation/rules answered ${res.status}: ${await res.text()}`);
  };
  for (const [i, keyword] of KEYWORDS.entries()) await post({ name: `k${i}`, trigger: "keyword", keyword, action: "reply", message: `About ${keyword}: example.com/${i}` });
  for (let i = 0; i < 10; i++)
    await post({ name: `p${i}`, trigger: "pattern", pattern: `order\\s*#?\\d{${4 + (i % 3)}}\\b|invoice ${i}`, action: "reply", message: `Order help ${i}` });
  await post({ name: "fallback", trigger: "fallback", action: "reply", message: "شكرا لتواصلك، سنرد عليك قريبا" });
}

/** Posts the burst on schedule; answers when each message left and how many the gateway refused. */
async function burst(base: string, businesses: Business[]): Promise<{ postedAt: Map<string, number>; refused: number }> {
  const postedAt = new Map<string, number>();
  let refused = 0;
  const posts: Array<Promise<void>> = [];
  const started = Date.now();
  for (let n = 0; n < RATE * SECONDS; n++) {
    const due = started + (n * 1000) / RATE;
    if (due > Date.now() + 1) await sleep(due - Date.now());
    const b = businesses[n % businesses.length]!;
    const from = `96656${String(n).padStart(7, "0")}`;
    const body = `${TEXTS[n % TEXTS.length]} ${n}`;
    postedAt.set(from, Date.now());
    const raw = wahaTextEvent(b.session, b.phone, from, body, `BURST${n}`);
    const headers = { "content-type": "application/json", "x-webhook-hmac": wahaSignature(raw, HMAC), "x-webhook-hmac-algorithm": "sha512" };
    posts.push(
      undiciFetch(`${base}/webhooks/waha`, { method: "POST", headers, body: raw, dispatcher: webhookAgent }).then(async (res) => {
        const answer = (await res.json().catch(() => ({}))) as { stored?: number };
        if (!res.ok || answer.stored !== 1) refused++;
      }),
    );
  }
  await Promise.all(posts);
  return { postedAt, refused };
}

/** The answers' send times by contact, once every message was looked at (or a minute has passed). */
async function answers(db: Database, expected: number): Promise<Map<string, number>> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const [counts] = await db.prisma.$queryRaw<Array<{ done: bigint; sent: bigint }>>`
      SELECT (SELECT count(*) FROM automation_work WHERE status = 'done') AS done,
             (SELECT count(*) FROM message WHERE automation_rule_id IS NOT NULL AND sent_at IS NOT NULL) AS sent`;
    if (counts && Number(counts.done) >= expected && Number(counts.sent) >= Number(counts.done)) break;
    await sleep(250);
  }
  const rows = await db.prisma.$queryRaw<Array<{ to: string; sent_at: Date }>>`SELECT "to", sent_at FROM message WHERE automation_rule_id IS NOT NULL AND sent_at IS NOT NULL`;
  return new Map(rows.map((r) => [r.to.replace(/^\+/, ""), r.sent_at.getTime()]));
}

async function measure(target: Target) {
  const seedDb = await openDatabase({ databaseUrl: target.env.DATABASE_URL, dataDir: target.env.DATA_DIR ?? "", poolMax: 2 });
  await seedDb.migrate();
  const businesses = await seed(seedDb);
  await seedDb.close();
  const port = benchPort();
  const base = `http://127.0.0.1:${port}`;
  const server = startScript("src/main.ts", { ...target.env, PORT: String(port), HOST: "127.0.0.1", WAHA_WEBHOOK_HMAC_KEY: HMAC });
  try {
    await waitHealthy(base);
    for (const b of businesses) await makeRules(base, b);
    const started = Date.now();
    const cpuBefore = { gateway: cpuSeconds(server.pid!), database: databaseCpuSeconds() };
    const { postedAt, refused } = await burst(base, businesses);
    const postingMs = Date.now() - started;
    const db = await openDatabase({ databaseUrl: target.env.DATABASE_URL, dataDir: "", poolMax: 2 });
    const sentAt = await answers(db, postedAt.size).finally(() => db.close());
    // CPU per message answered, the bench's own reads of the database included (a few a second).
    const perMessageMs = (s: number) => Math.round((s / postedAt.size) * 1e5) / 100;
    const cpu = { gatewayMs: perMessageMs(cpuSeconds(server.pid!) - cpuBefore.gateway), databaseMs: perMessageMs(databaseCpuSeconds() - cpuBefore.database) };
    const latencies = [...postedAt].flatMap(([from, at]) => (sentAt.has(from) ? [sentAt.get(from)! - at] : [])).sort((a, b) => a - b);
    return {
      posted: postedAt.size,
      refused,
      answered: latencies.length,
      postingMs,
      cpuPerMessage: cpu,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? 0,
    };
  } finally {
    await stopProcess(server);
    await target.drop();
  }
}

const result = await measure(postgresTarget("bench_burst"));
console.log(JSON.stringify({ tenants: TENANTS, rate: RATE, seconds: SECONDS, cores: os.cpus().length, node: process.version, ...result }));
