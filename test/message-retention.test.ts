import { describe, expect, it } from "vitest";
import { startPassDone, useServer } from "./kit/server.js";

// Retention per tenant: a tenant's messages and inbound messages older than its
// retention (its own, set by `tenant:retention`, else MESSAGE_RETENTION_DAYS, else kept for ever)
// are deleted by the housekeeper, a bounded batch at a time; what plans and reports need stays:
// the month's usage, and a batch's report, kept before its messages go. Rows are aged by SQL, as
// test/retention.test.ts does; the pass runs through the admin endpoint, as an operator would.

const server = useServer();
const DAY = 86_400_000;

async function admin(command: string, args: Record<string, unknown>) {
  const r = await fetch(`${server().url}/admin/commands`, {
    method: "POST",
    headers: { authorization: `Bearer ${server().app.adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ command, args }),
  });
  return { status: r.status, body: (await r.json()) as { result?: Record<string, unknown>; error?: { code: string; fields?: Record<string, string> } } };
}

const age = (table: "message" | "batch" | "inbound_message", column: string, where: string, days: number) =>
  server().app.database.prisma.$executeRawUnsafe(`UPDATE ${table} SET ${column} = ${column} - interval '${days} days' WHERE ${where}`);

describe("message retention", () => {
  it("deletes a tenant's expired messages and inbound messages, and keeps its usage and its batches' reports", async () => {
    // Rows are old from the inbound ones on: the housekeeper's own pass must be over by then.
    await startPassDone(server());
    const kept = await server().seed.tenant().account().create();
    const other = await server().seed.tenant().account().create();
    const api = server().client(kept.key);
    expect((await admin("tenant:retention", { tenant: kept.id, days: 30 })).body.result).toEqual({ tenant: kept.id, messageRetentionDays: 30 });

    const singles = [];
    for (const to of ["0501000001", "0501000002", "0501000003"]) singles.push((await api.post("/send", { to, message: "hello" })).body.message_id as number);
    const bulk = await api.post("/send-bulk", { numbers: ["0501000011", "0501000012", "0501000013", "0501000014"], message: "offer" });
    const batchId = String(bulk.body.batch_id);
    await expect.poll(async () => (await api.get(`/batches/${batchId}`)).body.state, { timeout: 20_000 }).toBe("finished");
    const theirs = (await server().client(other.key).post("/send", { to: "0501000001", message: "theirs" })).body.message_id as number;
    const db = server().app.deps.db;
    for (const [tenant, text, days] of [
      [kept, "old reply", 40],
      [kept, "new reply", 1],
      [other, "their old reply", 40],
    ] as const) {
      await db.inboundMessage.create({
        data: {
          tenantId: tenant.id,
          accountId: tenant.accounts[0]!.id,
          providerMessageId: `in-${tenant.id}-${text}`,
          fromNumber: "966501000001",
          kind: "text",
          text,
          sentAt: new Date(Date.now() - days * DAY),
          receivedAt: new Date(Date.now() - days * DAY),
        },
      });
    }

    // Everything of both tenants is 40 days old but the last single send and the new reply.
    await age("message", "created_at", `tenant_id IN (${kept.id}, ${other.id}) AND id <> ${singles[2]}`, 40);
    await age("batch", "created_at", `id = ${batchId}`, 40);
    const reportBefore = (await api.get(`/batches/${batchId}`)).body;
    const balanceBefore = (await api.get("/balance")).body;

    const first = await admin("maintenance:prune", {});
    expect(first.body.result).toMatchObject({ batchReportsKept: 1, expiredMessages: 2 + 4, expiredInboundMessages: 1 });
    expect((await admin("maintenance:prune", {})).body.result).toMatchObject({ batchReportsKept: 0, expiredMessages: 0, expiredInboundMessages: 0 });

    for (const id of [...singles.slice(0, 2), ...(bulk.body.messages as Array<{ message_id: number }>).map((m) => m.message_id)]) {
      expect((await api.get(`/messages/${id}`)).status).toBe(404);
    }
    expect((await api.get(`/messages/${singles[2]}`)).status).toBe(200);
    expect((await server().client(other.key).get(`/messages/${theirs}`)).status).toBe(200);
    // The report reads as before; the messages themselves are gone.
    const { messages: listedBefore, ...summaryBefore } = reportBefore;
    const { messages: listedAfter, ...summaryAfter } = (await api.get(`/batches/${batchId}`)).body;
    expect(summaryAfter).toEqual(summaryBefore);
    expect([listedBefore.length, listedAfter]).toEqual([4, []]);
    expect((await api.get("/balance")).body).toEqual(balanceBefore);
    const replies = await db.inboundMessage.findMany({ where: { tenantId: { in: [kept.id, other.id] } }, select: { text: true }, orderBy: { id: "asc" } });
    expect(replies.map((r) => r.text)).toEqual(["new reply", "their old reply"]);
  });

  it("refuses a retention out of range or of a tenant that does not exist, changing nothing", async () => {
    const t = await server().seed.tenant().create();
    for (const days of [29, 3651, "forever", 30.5]) {
      const r = await admin("tenant:retention", { tenant: t.id, days });
      expect([r.status, r.body.error?.code, Object.keys(r.body.error?.fields ?? {})]).toEqual([422, "VALIDATION_ERROR", ["days"]]);
    }
    expect((await admin("tenant:retention", { tenant: 999_999, days: 60 })).status).toBe(404);
    const row = await server().app.deps.db.tenant.findUniqueOrThrow({ where: { id: t.id } });
    expect(row.messageRetentionDays).toBeNull();
    expect((await admin("tenant:retention", { tenant: t.id, days: "default" })).body.result).toEqual({ tenant: t.id, messageRetentionDays: "default" });
  });
});
