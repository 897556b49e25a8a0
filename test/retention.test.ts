import { afterAll, describe, expect, it } from "vitest";
import { startPassDone, useServer } from "./kit/server.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { MANY_STEPS_MS } from "./kit/limits.js";

// Retention: idempotency keys past their 24 hours and webhook deliveries that ended more than
// WEBHOOK_RETENTION_DAYS ago are deleted; everything still in use stays. Run through the admin
// endpoint, as an operator would (workers run the same rules every HOUSEKEEPING_INTERVAL_SECONDS).
describe("retention", () => {
  const server = useServer({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true", WEBHOOK_RETENTION_DAYS: "30" });
  const receiver = startFakeProvider(() => ({ status: 200 }));
  afterAll(async () => (await receiver).close());

  const prune = async () => {
    const r = await fetch(`${server().url}/admin/commands`, {
      method: "POST",
      headers: { authorization: `Bearer ${server().app.adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ command: "maintenance:prune", args: {} }),
    });
    expect(r.status).toBe(200);
    return ((await r.json()) as { result: { idempotencyKeys: number; webhookDeliveries: number } }).result;
  };
  const sql = (text: string) => server().app.database.prisma.$executeRawUnsafe(text);
  const count = async (text: string) => Number((await server().app.database.prisma.$queryRawUnsafe<[{ n: bigint }]>(text))[0].n);

  it("deletes expired idempotency keys and old ended webhook deliveries, and keeps the rest", { timeout: MANY_STEPS_MS }, async () => {
    const t = await server().seed.tenant({ monthlyLimit: 100 }).account().create();
    const api = server().client(t.key);
    const created = await api.request("POST", "/graphql", {
      query: `mutation($url: String!) { createWebhookEndpoint(input: { url: $url }) { endpoint { id } } }`,
      variables: { url: `${(await receiver).url}/hook` },
    });
    expect(created.body.errors).toBeUndefined();

    const old = await api.post("/send", { to: "0501234567", message: "old" }, { "idempotency-key": "old-key" });
    const recent = await api.post("/send", { to: "0501234568", message: "recent" }, { "idempotency-key": "recent-key" });
    expect([old.status, recent.status]).toEqual([200, 200]);
    // Two events of each message (created `sending`, then `sent`), every one delivered.
    await expect.poll(() => count(`SELECT count(*) AS n FROM webhook_delivery WHERE status = 'delivered' AND tenant_id = ${t.id}`), { timeout: 20_000 }).toBe(4);

    // The housekeeper's pass at start runs the same rules: aged rows must not meet it, or it
    // deletes them before the pass this test asks for.
    await startPassDone(server());

    // Age some rows: one key past its day; the deliveries of the old message past 30 days, one of them still pending.
    await sql(`UPDATE idempotency_key SET created_at = now() - interval '25 hours' WHERE key = 'old-key'`);
    await sql(`UPDATE webhook_delivery SET created_at = now() - interval '31 days' WHERE message_id = ${old.body.message_id}`);
    const oldDeliveries = await count(`SELECT count(*) AS n FROM webhook_delivery WHERE message_id = ${old.body.message_id}`);
    const stuck = await count(`SELECT min(id) AS n FROM webhook_delivery WHERE message_id = ${old.body.message_id}`);
    // Due tomorrow, so the running dispatcher leaves it pending meanwhile.
    await sql(`UPDATE webhook_delivery SET status = 'pending', run_at = now() + interval '1 day' WHERE id = ${stuck}`);
    const before = await count(`SELECT count(*) AS n FROM webhook_delivery WHERE tenant_id = ${t.id}`);

    expect(await prune()).toEqual({
      partitionsOpened: 0,
      batchReportsKept: 0,
      messagePartitions: 0,
      expiredMessages: 0,
      inboundPartitions: 0,
      expiredInboundMessages: 0,
      seenProviderIds: 0,
      webhookPartitions: 0,
      idempotencyKeys: 1,
      webhookDeliveries: oldDeliveries - 1,
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
    expect(await count(`SELECT count(*) AS n FROM webhook_delivery WHERE tenant_id = ${t.id}`)).toBe(before - (oldDeliveries - 1));
    expect(await count(`SELECT count(*) AS n FROM webhook_delivery WHERE id = ${stuck}`)).toBe(1);
    // Nothing left to do the second time.
    expect(await prune()).toEqual({
      partitionsOpened: 0,
      batchReportsKept: 0,
      messagePartitions: 0,
      expiredMessages: 0,
      inboundPartitions: 0,
      expiredInboundMessages: 0,
      seenProviderIds: 0,
      webhookPartitions: 0,
      idempotencyKeys: 0,
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

    // The recent key still answers the first answer; the expired one is free for a new request.
    const again = await api.post("/send", { to: "0501234568", message: "recent" }, { "idempotency-key": "recent-key" });
    expect(again.body.message_id).toBe(recent.body.message_id);
    const reused = await api.post("/send", { to: "0501234599", message: "another request" }, { "idempotency-key": "old-key" });
    expect(reused.status).toBe(200);
    expect(reused.body.message_id).not.toBe(old.body.message_id);
  });
});
