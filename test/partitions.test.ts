import { beforeAll, describe, expect, it } from "vitest";
import { lateInMonth, startPassDone, useServer } from "./kit/server.js";

// message, inbound_message and webhook_delivery are partitioned by id, a (UTC) month each. The
// housekeeper makes the coming months ahead and moves each table's ids into a month once it has
// begun, so `id = x` reads one partition; a month all of whose rows have expired goes whole,
// the rest row by row. The service clock is moved across month ends; the housekeeper runs
// through the admin endpoint, as an operator's `maintenance:prune` would.

const DAY = 86_400_000;
const TABLES = ["message", "inbound_message", "webhook_delivery"];

/** YYYY_MM of the month `offset` months after `at`'s (UTC). */
const monthName = (at: Date, offset = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1)).toISOString().slice(0, 7).replace("-", "_");

function kit(server: ReturnType<typeof useServer>) {
  const db = () => server().app.database.prisma;
  return {
    async admin(command: string, args: Record<string, unknown> = {}) {
      const r = await fetch(`${server().url}/admin/commands`, {
        method: "POST",
        headers: { authorization: `Bearer ${server().app.adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({ command, args }),
      });
      const body = (await r.json()) as { result: Record<string, number> };
      return body;
    },
    /** Moves the service clock to `at`. */
    moveTo(at: Date) {
      const clock = server().app.deps.clock;
      clock.advance(at.getTime() - clock.now().getTime());
    },
    now: () => server().app.deps.clock.now(),
    async partitions(table: string) {
      const rows = await db().$queryRawUnsafe<Array<{ name: string }>>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = '${table}'::regclass ORDER BY 1`,
      );
      return rows.map((r) => r.name);
    },
    async partitionOf(table: string, id: number | bigint) {
      const [row] = await db().$queryRawUnsafe<Array<{ name: string }>>(`SELECT tableoid::regclass::text AS name FROM ${table} WHERE id = ${id}`);
      return row?.name;
    },
    /** The partitions a read of one message by id and tenant scans, from its plan. */
    async partitionsRead(id: number, tenantId: number) {
      const plan = await db().$queryRawUnsafe<Array<{ "QUERY PLAN": string }>>(`EXPLAIN SELECT * FROM message WHERE id = ${id} AND tenant_id = ${tenantId}`);
      return [...new Set(plan.flatMap((r) => [...r["QUERY PLAN"].matchAll(/ on (message_\w+)/g)].map((m) => m[1])))];
    },
  };
}

describe("partitions by id, a month each", () => {
  const server = useServer();
  const k = kit(server);
  // The housekeeper's own pass at start must not meet the moved clock.
  beforeAll(() => startPassDone(server()));

  it("are made ahead across a month's end with the service clock moved, and each month's ids land in its own", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const start = k.now();
    const first = (await api.post("/send", { to: "0501000001", message: "this month" })).body.message_id as number;
    expect(await k.partitionOf("message", first)).toBe(`message_${monthName(start)}`);

    // The last hour of the month: the next two months are there already, ids still this month's.
    k.moveTo(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1) - 3_600_000));
    await k.admin("maintenance:prune");
    for (const table of TABLES) {
      expect(await k.partitions(table)).toEqual(expect.arrayContaining([0, 1, 2].map((m) => `${table}_${monthName(start, m)}`)));
    }
    const late = (await api.post("/send", { to: "0501000002", message: "last hour" })).body.message_id as number;
    expect(await k.partitionOf("message", late)).toBe(`message_${monthName(start)}`);

    // Past midnight: the pass makes the month after those and moves every table's ids on.
    k.moveTo(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1) + 3_600_000));
    expect((await k.admin("maintenance:prune")).result).toMatchObject({ partitionsOpened: 3 });
    for (const table of TABLES) expect(await k.partitions(table)).toContain(`${table}_${monthName(start, 3)}`);
    const next = (await api.post("/send", { to: "0501000003", message: "next month" })).body.message_id as number;
    expect(await k.partitionOf("message", next)).toBe(`message_${monthName(start, 1)}`);
    expect(next).toBeGreaterThan(late);
    expect(Number.isSafeInteger(next)).toBe(true);

    // A read by id touches its own month only, and both months answer.
    expect(await k.partitionsRead(next, t.id)).toEqual([`message_${monthName(start, 1)}`]);
    expect(await k.partitionsRead(first, t.id)).toEqual([`message_${monthName(start)}`]);
    for (const [id, to] of [
      [first, "966501000001"],
      [next, "966501000003"],
    ] as const) {
      const got = await api.get(`/messages/${id}`);
      expect([got.status, got.body.id, got.body.to]).toEqual([200, id, to]);
    }
    // A second pass (another worker, the next interval) changes nothing.
    expect((await k.admin("maintenance:prune")).result).toMatchObject({ partitionsOpened: 0, messagePartitions: 0 });
  });
});

describe("retention by whole partitions", () => {
  const server = useServer({ MESSAGE_RETENTION_DAYS: "30" });
  const k = kit(server);
  beforeAll(() => startPassDone(server()));

  it("drops a month all of whose rows expired, deletes the rest row by row, and keeps reports and usage", async () => {
    lateInMonth(server());
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const start = k.now();
    const singles: number[] = [];
    for (const to of ["0501000001", "0501000002"]) singles.push((await api.post("/send", { to, message: "old" })).body.message_id as number);
    const bulk = await api.post("/send-bulk", { numbers: ["0501000011", "0501000012", "0501000013"], message: "offer" });
    const batchId = String(bulk.body.batch_id);
    await expect.poll(async () => (await api.get(`/batches/${batchId}`)).body.state, { timeout: 20_000 }).toBe("finished");
    const month = `message_${monthName(start)}`;

    // Next month: one message early on, one three weeks later, and a reply to last month's first.
    k.moveTo(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1, 1)));
    await k.admin("maintenance:prune");
    const early = (await api.post("/send", { to: "0501000021", message: "early" })).body.message_id as number;
    k.moveTo(new Date(k.now().getTime() + 20 * DAY));
    await k.admin("maintenance:prune");
    const fresh = (await api.post("/send", { to: "0501000022", message: "fresh" })).body.message_id as number;
    const reply = await server().app.deps.db.inboundMessage.create({
      data: {
        tenantId: t.id,
        accountId: t.accounts[0]!.id,
        providerMessageId: "reply-1",
        fromNumber: "966501000001",
        kind: "text",
        text: "thanks",
        inReplyToId: BigInt(singles[0]!),
        sentAt: k.now(),
        receivedAt: k.now(),
      },
    });
    await expect.poll(async () => (await api.get(`/messages/${fresh}`)).body.status, { timeout: 20_000 }).not.toBe("pending");

    // Twenty days on: last month is all past 30 days and goes whole; of this one only `early` has expired.
    k.moveTo(new Date(k.now().getTime() + 20 * DAY));
    const reportBefore = (await api.get(`/batches/${batchId}`)).body;
    const balanceBefore = (await api.get("/balance")).body;
    expect((await k.admin("maintenance:prune")).result).toMatchObject({ batchReportsKept: 1, messagePartitions: 1, expiredMessages: 1 });
    expect(await k.partitions("message")).not.toContain(month);
    for (const id of [...singles, early]) expect((await api.get(`/messages/${id}`)).status).toBe(404);
    expect((await api.get(`/messages/${fresh}`)).status).toBe(200);
    const { messages: _listed, ...summaryBefore } = reportBefore;
    const { messages: listedAfter, ...summaryAfter } = (await api.get(`/batches/${batchId}`)).body;
    expect([summaryAfter, listedAfter]).toEqual([summaryBefore, []]);
    expect((await api.get("/balance")).body).toEqual(balanceBefore);
    // The reply stays, without its link to the message that went.
    const kept = await server().app.deps.db.inboundMessage.findUniqueOrThrow({ where: { id: reply.id } });
    expect([kept.text, kept.inReplyToId]).toEqual(["thanks", null]);
    expect((await k.admin("maintenance:prune")).result).toMatchObject({ messagePartitions: 0, expiredMessages: 0 });
  });
});
