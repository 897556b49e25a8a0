import { describe, expect, it } from "vitest";
import { onPostgres, startPassDone, useServer, type TestServer } from "./kit/server.js";
import { APP_SECRET, receipt } from "./kit/chatwoot-world.js";
import { MANY_STEPS_MS } from "./kit/limits.js";
import { Prisma } from "../src/generated/prisma/client.js";
import { failureReasons, messageDays, serviceMonths } from "../src/features/figures/sql/read-figures.js";
import { foldMessageFigures } from "../src/features/figures/sql/keep-figures.js";
import pg from "pg";

// The operator's charts (docs/operators.md, "Charts"), through `figures:charts` as the operator
// console and the CLI run it, on a server of this file's alone: messages sent through the
// simulator over two days of the service clock count on the day they were accepted, in the state
// they are in now (receipts that come a day later move them); failures count by reason; the
// service's days keep its businesses by status, monthly revenue, sign-ups and churn; one business's
// charts hold its own messages; bad arguments are refused by name.

const server = useServer({ WHATSAPP_CLOUD_APP_SECRET: APP_SECRET });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function command(s: TestServer, args: Record<string, unknown>) {
  const res = await fetch(`${s.url}/admin/commands`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${s.app.adminToken}` },
    body: JSON.stringify({ command: "figures:charts", args }),
  });
  return { status: res.status, body: await res.json() };
}

async function charts(s: TestServer, args: Record<string, unknown>) {
  const r = await command(s, args);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

const day = (d: Partial<Record<"pending" | "sending" | "sent" | "delivered" | "read" | "failed", number>>) => ({
  pending: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  ...d,
});
const statuses = (b: Partial<Record<"trial" | "active" | "past_due" | "suspended" | "canceled", number>>) => ({
  trial: 0,
  active: 0,
  past_due: 0,
  suspended: 0,
  canceled: 0,
  ...b,
});

/** A single send's message id, answered `status` (200 sent or queued, 502 refused by the provider). */
async function send(s: TestServer, key: string, body: Record<string, unknown>, status = 200): Promise<number> {
  const r = await s.client(key).post("/send", { message: "figures", ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body.message_id as number;
}

describe("the operator's charts", () => {
  it("counts messages by the day they were accepted and the state they are in, failures by reason, and the service's days", { timeout: MANY_STEPS_MS }, async () => {
    const s = server();
    const clock = s.app.deps.clock;
    const db = s.app.deps.db;
    // The pass at start has written the service's row of today (no business yet): then to an hour
    // into tomorrow, so the test's first day has hours to spare before the next.
    await startPassDone(s);
    const d0 = clock.day();
    clock.advance(clock.startOfNextDay().getTime() - clock.now().getTime() + HOUR);
    const d1 = clock.day();
    const later = () => new Date(clock.now().getTime() + 2 * DAY).toISOString();

    const a = await s.seed.tenant().account().create();
    const b = await s.seed.tenant().account().create();
    const c = await s.seed.tenant().create();
    // Businesses are made at the database's time; these are made on the service clock's day.
    await db.tenant.updateMany({ where: { id: { in: [a.id, b.id, c.id] } }, data: { createdAt: clock.now() } });
    const planOf = async (id: number) => (await db.tenant.findUniqueOrThrow({ where: { id } })).planId;
    await db.plan.update({ where: { id: await planOf(a.id) }, data: { priceMonthly: 9_900 } });
    const period = { periodStart: new Date("2026-01-01"), periodEnd: new Date("2099-12-31") };
    await db.subscription.create({ data: { tenantId: a.id, planId: await planOf(a.id), state: "active", interval: "month", ...period } });
    await db.subscription.create({ data: { tenantId: c.id, planId: await planOf(c.id), state: "trial", ...period } });

    const delivered = await send(s, a.key, { to: "0501110001" });
    const read = await send(s, a.key, { to: "0501110002" });
    await send(s, a.key, { to: "0500000001" }, 502);
    const cancelled = await send(s, a.key, { to: "0501110003", send_at: later() });
    expect((await s.client(a.key).post(`/messages/${cancelled}/cancel`, {})).status).toBe(200);
    await send(s, b.key, { to: "0501110004" });
    await send(s, b.key, { to: "0501110005", send_at: later() });
    const first = await charts(s, { days: 2 });
    expect(first.days).toEqual([
      { day: d0, ...day({}) },
      { day: d1, ...day({ pending: 1, sent: 3, failed: 2 }) },
    ]);

    // The next day: receipts for the first day's messages, a suspension, a cancellation, a new business and a send.
    clock.advance(DAY);
    const d2 = clock.day();
    const providerId = async (id: number) => (await db.message.findUniqueOrThrow({ where: { id: BigInt(id) } })).providerMessageId!;
    await receipt({ server: s }, await providerId(delivered), "delivered");
    await receipt({ server: s }, await providerId(read), "read");
    const suspended = await fetch(`${s.url}/admin/commands`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${s.app.adminToken}` },
      body: JSON.stringify({ command: "tenant:suspend", args: { tenant: b.id, reason: "Spam" } }),
    });
    expect(suspended.status).toBe(200);
    await db.subscription.update({ where: { tenantId: c.id }, data: { state: "canceled" } });
    const d = await s.seed.tenant().create();
    await db.tenant.update({ where: { id: d.id }, data: { createdAt: clock.now() } });
    await send(s, a.key, { to: "0501110006" });

    const service = await charts(s, { days: 3 });
    expect(service.today).toBe(d2);
    expect(service.tenant).toBeNull();
    expect(service.days).toEqual([
      { day: d0, ...day({}) },
      { day: d1, ...day({ pending: 1, sent: 1, delivered: 1, read: 1, failed: 2 }) },
      { day: d2, ...day({ sent: 1 }) },
    ]);
    expect(service.failures).toEqual([
      { reason: "cancelled", n: 1 },
      { reason: "recipient_not_on_whatsapp", n: 1 },
    ]);
    // Each month shows its last day's businesses and revenue and sums its days' sign-ups and churn.
    const kept = [
      { day: d0, businesses: statuses({}), mrr: 0, signups: 0, churn: 0 },
      { day: d1, businesses: statuses({ active: 2, trial: 1 }), mrr: 9_900, signups: 3, churn: 0 },
      { day: d2, businesses: statuses({ active: 2, suspended: 1, canceled: 1 }), mrr: 9_900, signups: 1, churn: 2 },
    ];
    const expected = new Map<string, { month: string; businesses: unknown; mrr: number; signups: number; churn: number }>();
    for (const k of kept) {
      const month = k.day.slice(0, 7);
      const before = expected.get(month);
      expected.set(month, { month, businesses: k.businesses, mrr: k.mrr, signups: (before?.signups ?? 0) + k.signups, churn: (before?.churn ?? 0) + k.churn });
    }
    expect(service.months).toHaveLength(12);
    expect(service.months.at(-1).month).toBe(d2.slice(0, 7));
    expect(service.months.filter((m: { businesses: unknown }) => m.businesses !== null)).toEqual([...expected.values()]);
    expect(
      service.months
        .filter((m: { businesses: unknown }) => m.businesses === null)
        .every((m: { signups: number; churn: number; mrr: null }) => m.signups === 0 && m.churn === 0 && m.mrr === null),
    ).toBe(true);

    // Read again, the same: a pass counts each change of status once.
    expect((await charts(s, { days: 3 })).months).toEqual(service.months);

    const one = await charts(s, { days: 2, tenant: a.id });
    const name = (await db.tenant.findUniqueOrThrow({ where: { id: a.id } })).name;
    expect(one).toEqual({
      today: d2,
      tenant: { id: a.id, name },
      days: [
        { day: d1, ...day({ delivered: 1, read: 1, failed: 2 }) },
        { day: d2, ...day({ sent: 1 }) },
      ],
      failures: [
        { reason: "cancelled", n: 1 },
        { reason: "recipient_not_on_whatsapp", n: 1 },
      ],
      months: null,
    });
    expect((await charts(s, { tenant: b.id })).days).toHaveLength(30);
  });

  it("refuses bad arguments by name and an unknown business as not found", async () => {
    const s = server();
    for (const [args, field] of [
      [{ days: 0 }, "days"],
      [{ days: 367 }, "days"],
      [{ days: "many" }, "days"],
      [{ tenant: "x" }, "tenant"],
      [{ tenant: -1 }, "tenant"],
    ] as const) {
      const r = await command(s, args);
      expect(r.status, JSON.stringify(args)).toBe(422);
      expect(Object.keys(r.body.error.fields), JSON.stringify(args)).toEqual([field]);
    }
    const unknown = await command(s, { tenant: 999_999 });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "NOT_FOUND"]);
  });

  it("reads the figures' tables alone: no plan of a chart's statement names the message table", async () => {
    const s = server();
    const statements: Prisma.Sql[] = [];
    const capture = { $queryRaw: (strings: TemplateStringsArray, ...values: unknown[]) => (statements.push(Prisma.sql(strings, ...values)), Promise.resolve([])) } as never;
    for (const tenantId of [null, 1]) {
      await messageDays(capture, { from: "2026-01-01", to: "2026-01-30", tenantId });
      await failureReasons(capture, { from: "2026-01-01", to: "2026-01-30", tenantId });
    }
    await serviceMonths(capture, "2025-02-01", "2026-01-30");
    const relations = (node: unknown): string[] =>
      Array.isArray(node)
        ? node.flatMap(relations)
        : node && typeof node === "object"
          ? Object.entries(node).flatMap(([k, v]) => (k === "Relation Name" ? [String(v)] : relations(v)))
          : [];
    for (const statement of statements) {
      const [row] = await s.app.deps.db.$queryRawUnsafe<Array<{ "QUERY PLAN": unknown }>>(`EXPLAIN (FORMAT JSON) ${statement.text}`, ...statement.values);
      const answer = row!["QUERY PLAN"];
      const plan: unknown = typeof answer === "string" ? JSON.parse(answer) : answer;
      expect(new Set(relations(plan)), statement.text).toEqual(new Set([statement.text.includes("figures_service_day") ? "figures_service_day" : "figures_message_day"]));
    }
    expect(statements).toHaveLength(5);
  });

  it("folds the rows of a database session that has ended into one, the figures unchanged", async () => {
    const s = server();
    const t = await s.seed.tenant().account().create();
    const sent = await send(s, t.key, { to: "0501110007" });
    const mine = () => charts(s, { days: 1, tenant: t.id });
    let ended: number | undefined;
    if (onPostgres) {
      // A session of its own moves the message (as a worker's would) and ends.
      const url = new URL(s.databaseUrl!);
      const schema = url.searchParams.get("schema")!;
      url.searchParams.delete("schema");
      const session = new pg.Client({ connectionString: url.toString(), options: `-c search_path="${schema}"` });
      await session.connect();
      ended = (await session.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
      await session.query("UPDATE message SET status = 'failed', error = 'timeout' WHERE id = $1", [sent]);
      await session.end();
    }
    const before = await mine();
    expect(before.days[0]).toMatchObject(onPostgres ? { sent: 0, failed: 1 } : { sent: 1, failed: 0 });
    const folded = await foldMessageFigures(s.app.deps.db);
    expect(await mine()).toEqual(before);
    // The embedded database has one session, which never ends while the server runs.
    if (ended !== undefined) {
      // The ended session moved one message from sent to failed: a row for each of the two.
      expect(folded).toBe(2);
      const [left] = await s.app.deps.db.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM figures_message_day WHERE slot = ${ended}`;
      expect(left?.n).toBe(0);
    }
  });
});
