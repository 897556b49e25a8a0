import { beforeAll, describe, expect, it } from "vitest";
import { useUnitDatabase } from "../../../test/kit/unit-db.js";
import { pruneExpiredRecords } from "../operations/index.js";
import { expiredRecordSteps } from "./prune-steps.js";
import { insertAuditEvent } from "../../core/audit/audit-event-sql.js";
import { auditEvent } from "../../core/audit/audit-record.js";
import { verifyAuditChain } from "../audit/index.js";

// What the housekeeper forgets, checked on the SQL itself against an embedded database: idempotency
// keys past their 24 hours, webhook deliveries that ended more than the retention ago, audit
// events older than theirs, and console sessions and one-time links a day after they ended. What a caller, a receiver or an auditor may still need is kept.

const database = useUnitDatabase();
// The 25th of the month the database was migrated in, whose partition the migration made (its
// only one: the housekeeper makes the rest). Read from the database, not the wall clock: the run's
// database may have been migrated the month before a test runs.
let now: Date;
beforeAll(async () => {
  const [first] = await database().db.$queryRaw<Array<{ name: string }>>`
    SELECT min(c.relname) AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'webhook_delivery'::regclass`;
  const [year, month] = first!.name.slice(-7).split("_").map(Number);
  now = new Date(Date.UTC(year!, month! - 1, 25, 12));
});
const retention = { webhookRetentionDays: 30, auditRetentionDays: 400, messageRetentionDays: undefined };
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe("pruneExpiredRecords", () => {
  it("deletes idempotency keys older than 24 hours, ended deliveries and audit events older than their retention, and nothing else", async () => {
    const { db, seed } = database();
    const tenant = await seed.tenant().create();
    const key = (name: string, createdAt: Date) => ({ tenantId: tenant.id, key: name, requestHash: "h", createdAt });
    await db.idempotencyKey.createMany({ data: [key("old", hoursAgo(25)), key("fresh", hoursAgo(23)), key("never-finished-48h", hoursAgo(48))] });
    const endpoint = await db.webhookEndpoint.create({ data: { tenantId: tenant.id, url: "https://example.com/hook", secret: "s" } });
    const delivery = (eventId: string, status: "pending" | "sending" | "delivered" | "failed", days: number) => ({
      endpointId: endpoint.id,
      tenantId: tenant.id,
      eventId,
      eventType: "message.status",
      payload: {},
      status,
      createdAt: hoursAgo(days * 24),
    });
    await db.webhookDelivery.createMany({
      data: [
        delivery("delivered-31d", "delivered", 31),
        delivery("failed-31d", "failed", 31),
        delivery("delivered-29d", "delivered", 29),
        delivery("pending-31d", "pending", 31),
        delivery("sending-31d", "sending", 31),
      ],
    });

    const actor = { kind: "admin" as const, name: "admin", label: null };
    // A tenant id of their own: the seed's tenant already has the key.created of its key, made now.
    const auditTenant = tenant.id + 1000;
    for (const [action, days] of [
      ["test.expired", 401],
      ["test.kept", 399],
      ["test.stepped-back", 402],
    ] as const) {
      await insertAuditEvent(db, auditEvent(auditTenant, actor, hoursAgo(days * 24), { action }));
    }

    // Console sessions and one-time links: kept for a day after they end, expire or are used.
    const apiKey = await db.apiKey.findFirstOrThrow({ where: { tenantId: tenant.id } });
    const session = (tokenHash: string, expiresAt: Date, endedAt: Date | null) => ({ tokenHash, apiKeyId: apiKey.id, createdAt: hoursAgo(48), expiresAt, endedAt });
    await db.consoleSession.createMany({
      data: [
        session("ended-25h", hoursAgo(1), hoursAgo(25)),
        session("expired-25h", hoursAgo(25), null),
        session("ended-23h", hoursAgo(1), hoursAgo(23)),
        session("open", hoursAgo(-1), null),
      ],
    });
    const operator = await db.operatorUser.create({
      data: { email: `prune.${tenant.id}@operators.example`, role: "support", passwordHash: "x", totpSecret: "x", createdAt: hoursAgo(100) },
    });
    const operatorSession = (tokenHash: string, expiresAt: Date, endedAt: Date | null) => ({ tokenHash, operatorId: operator.id, createdAt: hoursAgo(48), expiresAt, endedAt });
    await db.operatorSession.createMany({
      data: [operatorSession("op-ended-25h", hoursAgo(1), hoursAgo(25)), operatorSession("op-expired-25h", hoursAgo(25), null), operatorSession("op-open", hoursAgo(-1), null)],
    });
    const user = await db.staffUser.create({ data: { tenantId: tenant.id, email: `prune.${tenant.id}@example.com`, role: "viewer", createdAt: hoursAgo(100) } });
    const link = (tokenHash: string, expiresAt: Date, usedAt: Date | null) => ({
      userId: user.id,
      purpose: "invitation" as const,
      tokenHash,
      createdAt: hoursAgo(100),
      expiresAt,
      usedAt,
    });
    await db.staffLink.createMany({ data: [link("used-25h", hoursAgo(-10), hoursAgo(25)), link("expired-25h", hoursAgo(25), null), link("open", hoursAgo(-10), null)] });

    // Mails: sent or failed ones kept 30 days (the default), pending ones whatever their age.
    const mail = (dedupeKey: string, status: "pending" | "sent" | "failed", days: number) => ({
      ...{ tenantId: tenant.id, dedupeKey, toAddress: "someone@example.com", subject: "s", textBody: "t", htmlBody: "h" },
      ...{ status, runAt: hoursAgo(days * 24), createdAt: hoursAgo(days * 24) },
    });
    await db.mailOutbox.createMany({ data: [mail("sent-31d", "sent", 31), mail("failed-31d", "failed", 31), mail("sent-29d", "sent", 29), mail("pending-31d", "pending", 31)] });

    // Automation's looks at messages: ended ones kept as long as webhook deliveries, live ones whatever their age.
    const look = (id: number, status: "done" | "working", days: number) => ({
      ...{ inboundMessageId: BigInt(900_000 + id), tenantId: tenant.id, accountId: 1, phone: "966500000000", status, createdAt: hoursAgo(days * 24) },
      doneAt: status === "done" ? hoursAgo(days * 24) : null,
    });
    await db.automationWork.createMany({ data: [look(1, "done", 31), look(2, "done", 29), look(3, "working", 31)] });
    // A contact's Typebot conversation goes once it expired, not before.
    const conversation = (phone: string, expiresAt: Date) => ({
      tenantId: tenant.id,
      phone,
      ruleId: 1,
      botUrl: "https://typebot.example.com/api/v1/typebots/b/startChat",
      sessionId: phone,
      updatedAt: hoursAgo(5),
      expiresAt,
    });
    await db.automationTypebotSession.createMany({ data: [conversation("966500000011", hoursAgo(1)), conversation("966500000012", new Date(now.getTime() + 60_000))] });
    // A contact's place in a menu goes once it expires, not before.
    const place = (phone: string, expiresAt: Date) => ({ tenantId: tenant.id, phone, ruleId: 1, ruleUpdatedAt: hoursAgo(2), path: [], expiresAt });
    await db.automationMenuState.createMany({ data: [place("966500000001", hoursAgo(1)), place("966500000002", new Date(now.getTime() + 60_000))] });

    // The next two months' partitions of the three tables partitioned by id are made.
    expect(await pruneExpiredRecords(expiredRecordSteps(db, retention), now)).toEqual({
      partitionsOpened: 6,
      idempotencyKeys: 2,
      batchReportsKept: 0,
      messagePartitions: 0,
      expiredMessages: 0,
      inboundPartitions: 0,
      expiredInboundMessages: 0,
      seenProviderIds: 0,
      webhookPartitions: 0,
      webhookDeliveries: 2,
      mails: 2,
      chatwootRecords: 0,
      automationRecords: 1,
      typebotSessions: 1,
      menuPlaces: 1,
      exportFiles: 0,
      exportRecords: 0,
      auditEvents: 1,
      consoleSessions: 2,
      staffLinks: 2,
      operatorSessions: 2,
    });
    expect((await db.operatorSession.findMany({ select: { tokenHash: true } })).map((s) => s.tokenHash)).toEqual(["op-open"]);
    expect((await db.consoleSession.findMany({ select: { tokenHash: true }, orderBy: { id: "asc" } })).map((s) => s.tokenHash)).toEqual(["ended-23h", "open"]);
    expect((await db.staffLink.findMany({ select: { tokenHash: true } })).map((l) => l.tokenHash)).toEqual(["open"]);
    expect((await db.mailOutbox.findMany({ select: { dedupeKey: true }, orderBy: { id: "asc" } })).map((m) => m.dedupeKey)).toEqual(["sent-29d", "pending-31d"]);

    const keys = await db.idempotencyKey.findMany({ where: { tenantId: tenant.id }, select: { key: true } });
    expect(keys.map((k) => k.key)).toEqual(["fresh"]);
    expect((await db.automationWork.findMany({ select: { inboundMessageId: true }, orderBy: { inboundMessageId: "asc" } })).map((w) => w.inboundMessageId)).toEqual([
      900_002n,
      900_003n,
    ]);
    expect((await db.automationTypebotSession.findMany({ select: { phone: true } })).map((s) => s.phone)).toEqual(["966500000012"]);
    const left = await db.webhookDelivery.findMany({ where: { tenantId: tenant.id }, select: { eventId: true }, orderBy: { id: "asc" } });
    expect(left.map((d) => d.eventId)).toEqual(["delivered-29d", "pending-31d", "sending-31d"]);
    // Run again (another worker, the next interval): nothing more to delete.
    const events = await db.auditEvent.findMany({ where: { tenantId: auditTenant }, select: { action: true }, orderBy: { id: "asc" } });
    // An old event after a kept one (a clock that stepped back) stays, so the chain is never cut in its middle.
    expect(events.map((e) => e.action)).toEqual(["test.kept", "test.stepped-back"]);
    // The chain now starts at the first event left, and still verifies.
    expect(await verifyAuditChain(db, auditTenant)).toEqual({ tenants: 1, events: 2, erased: 0, breaks: [] });
    // Run again (another worker, the next interval): nothing more to delete.
    expect(await pruneExpiredRecords(expiredRecordSteps(db, retention), now)).toEqual({
      partitionsOpened: 0,
      idempotencyKeys: 0,
      batchReportsKept: 0,
      messagePartitions: 0,
      expiredMessages: 0,
      inboundPartitions: 0,
      expiredInboundMessages: 0,
      seenProviderIds: 0,
      webhookPartitions: 0,
      webhookDeliveries: 0,
      mails: 0,
      chatwootRecords: 0,
      automationRecords: 0,
      typebotSessions: 0,
      menuPlaces: 0,
      exportFiles: 0,
      exportRecords: 0,
      auditEvents: 0,
      consoleSessions: 0,
      staffLinks: 0,
      operatorSessions: 0,
    });
  });

  it("forgets a Chatwoot bridge's ended posts and its ended replies whose ticks closed, after the retention, and nothing else", async () => {
    const { db, seed } = database();
    const tenant = await seed.tenant().create();
    const bridge = await db.chatwootBridge.create({
      data: {
        tenantId: tenant.id,
        baseUrl: "https://chatwoot.example.com",
        chatwootAccountId: 1,
        inboxId: 2,
        accessToken: "t",
        webhookTokenHash: `h${tenant.id}`,
        accountIds: [],
        createdAt: now,
        updatedAt: now,
      },
    });
    const post = (note: string, status: "pending" | "done" | "failed", days: number) => ({
      bridgeId: bridge.id,
      phone: "966500000001",
      kind: "note",
      note,
      status,
      runAt: hoursAgo(days * 24),
      createdAt: hoursAgo(days * 24),
      doneAt: status === "pending" ? null : hoursAgo(days * 24),
    });
    await db.chatwootOutbox.createMany({
      data: [post("done-31d", "done", 31), post("failed-31d", "failed", 31), post("done-29d", "done", 29), post("pending-31d", "pending", 31)],
    });
    let serial = 0;
    const reply = (status: "done" | "failed", days: number, ticksOpen: boolean) => ({
      bridgeId: bridge.id,
      chatwootMessageId: ++serial,
      conversationId: 1,
      phone: "966500000001",
      content: { text: `${status}-${days}d-${ticksOpen ? "open" : "closed"}`, attachments: [] },
      status,
      ticksOpen,
      runAt: hoursAgo(days * 24),
      createdAt: hoursAgo(days * 24),
    });
    await db.chatwootReply.createMany({ data: [reply("done", 31, false), reply("failed", 31, false), reply("done", 31, true), reply("done", 29, false)] });

    const pruned = await pruneExpiredRecords(expiredRecordSteps(db, retention), now);
    expect(pruned.chatwootRecords).toBe(4);
    const posts = await db.chatwootOutbox.findMany({ where: { bridgeId: bridge.id }, select: { note: true }, orderBy: { id: "asc" } });
    expect(posts.map((p) => p.note)).toEqual(["done-29d", "pending-31d"]);
    const replies = await db.chatwootReply.findMany({ where: { bridgeId: bridge.id }, select: { content: true }, orderBy: { id: "asc" } });
    expect(replies.map((r) => (r.content as { text: string }).text)).toEqual(["done-31d-open", "done-29d-closed"]);
  });

  it("applies MESSAGE_RETENTION_DAYS to tenants without their own, and a tenant's own over it", async () => {
    const { db, seed } = database();
    const byDefault = await seed.tenant().create();
    const longer = await seed.tenant().create();
    await db.tenant.update({ where: { id: longer.id }, data: { messageRetentionDays: 365 } });
    const message = (tenantId: number, body: string, days: number) => ({
      tenantId,
      to: "966501000001",
      body,
      status: "sent" as const,
      reservedOn: hoursAgo(days * 24),
      createdAt: hoursAgo(days * 24),
    });
    await db.message.createMany({ data: [message(byDefault.id, "default-40d", 40), message(byDefault.id, "default-20d", 20), message(longer.id, "longer-40d", 40)] });
    const pruned = await pruneExpiredRecords(expiredRecordSteps(db, { ...retention, messageRetentionDays: 30 }), now);
    expect(pruned.expiredMessages).toBe(1);
    const left = await db.message.findMany({ where: { tenantId: { in: [byDefault.id, longer.id] } }, select: { body: true }, orderBy: { id: "asc" } });
    expect(left.map((m) => m.body)).toEqual(["default-20d", "longer-40d"]);
  });
});
