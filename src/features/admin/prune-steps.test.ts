import { describe, expect, it } from "vitest";
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
const now = new Date("2026-11-25T12:00:00.000Z");
const retention = { webhookRetentionDays: 30, auditRetentionDays: 400 };
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

    expect(await pruneExpiredRecords(expiredRecordSteps(db, retention), now)).toEqual({
      idempotencyKeys: 2,
      webhookDeliveries: 2,
      auditEvents: 1,
      consoleSessions: 2,
      staffLinks: 2,
    });
    expect((await db.consoleSession.findMany({ select: { tokenHash: true }, orderBy: { id: "asc" } })).map((s) => s.tokenHash)).toEqual(["ended-23h", "open"]);
    expect((await db.staffLink.findMany({ select: { tokenHash: true } })).map((l) => l.tokenHash)).toEqual(["open"]);

    const keys = await db.idempotencyKey.findMany({ where: { tenantId: tenant.id }, select: { key: true } });
    expect(keys.map((k) => k.key)).toEqual(["fresh"]);
    const left = await db.webhookDelivery.findMany({ where: { tenantId: tenant.id }, select: { eventId: true }, orderBy: { id: "asc" } });
    expect(left.map((d) => d.eventId)).toEqual(["delivered-29d", "pending-31d", "sending-31d"]);
    // Run again (another worker, the next interval): nothing more to delete.
    const events = await db.auditEvent.findMany({ where: { tenantId: auditTenant }, select: { action: true }, orderBy: { id: "asc" } });
    // An old event after a kept one (a clock that stepped back) stays, so the chain is never cut in its middle.
    expect(events.map((e) => e.action)).toEqual(["test.kept", "test.stepped-back"]);
    // The chain now starts at the first event left, and still verifies.
    expect(await verifyAuditChain(db, auditTenant)).toEqual({ tenants: 1, events: 2, breaks: [] });
    // Run again (another worker, the next interval): nothing more to delete.
    expect(await pruneExpiredRecords(expiredRecordSteps(db, retention), now)).toEqual({
      idempotencyKeys: 0,
      webhookDeliveries: 0,
      auditEvents: 0,
      consoleSessions: 0,
      staffLinks: 0,
    });
  });
});
