import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { csrf, staffUser, totpCode } from "./kit/staff.js";

// The operator's Health page's figures (docs/operators.md, "Health"): GET /admin/health answers the
// figures /metrics shows, read the way a scrape reads them, and this server's readiness. A server
// without a worker keeps its queue, webhook deliveries, Chatwoot work and exports waiting, so every
// figure is known exactly; ages are bounded by the real time the test took.

const json = { "content-type": "application/json" };
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ WORKER_ENABLED: "false", WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" });
}, 60_000);
afterAll(async () => server?.close());

async function operatorCookie(email: string, role: string): Promise<string> {
  const made = await fetch(`${server.url}/admin/commands`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${server.app.adminToken}` },
    body: JSON.stringify({ command: "operator:create", args: { email, role } }),
  });
  const secrets = (await made.json()).result;
  server.app.deps.clock.advance(30_000);
  const res = await fetch(`${server.url}/admin/session`, {
    method: "POST",
    headers: { ...json, ...csrf },
    body: JSON.stringify({ email, password: secrets.password, code: totpCode(secrets.totpSecret, server.app.deps.clock.now()) }),
  });
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

const health = async (cookie: string) => {
  const res = await fetch(`${server.url}/admin/health`, { headers: { cookie } });
  return { status: res.status, body: await res.json() };
};

/** Chatwoot work waiting both ways: `toChatwoot` outbox rows and `toWhatsApp` replies, made `ageSeconds` ago. */
async function chatwootWork(tenantId: number, toChatwoot: number, toWhatsApp: number, ageSeconds: number) {
  const db = server.app.deps.db;
  const at = new Date(Date.now() - ageSeconds * 1000);
  const bridge = await db.chatwootBridge.create({
    data: {
      tenantId,
      baseUrl: "http://127.0.0.1:9",
      chatwootAccountId: 1,
      inboxId: 1,
      accessToken: "t",
      webhookTokenHash: `h${tenantId}`,
      accountIds: [],
      createdAt: at,
      updatedAt: at,
    },
  });
  for (let i = 0; i < toChatwoot; i++) await db.chatwootOutbox.create({ data: { bridgeId: bridge.id, phone: "966501230001", kind: "incoming", runAt: at, createdAt: at } });
  for (let i = 0; i < toWhatsApp; i++) {
    await db.chatwootReply.create({ data: { bridgeId: bridge.id, chatwootMessageId: i + 1, conversationId: 1, phone: "966501230001", content: {}, runAt: at, createdAt: at } });
  }
  // Done work is history, not backlog.
  await db.chatwootOutbox.create({ data: { bridgeId: bridge.id, phone: "966501230001", kind: "incoming", runAt: at, createdAt: at, status: "done", doneAt: at } });
}

describe("the service's health for operators", () => {
  it("answers the queue, webhooks, Chatwoot relay, exports and messages exactly, with this server's readiness", async () => {
    const support = await operatorCookie("support-health@ops.example", "support");
    const empty = await health(support);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      success: true,
      instance: { id: server.app.deps.instanceId, ready: true, checks: { database: "ok", migrations: "ok" }, websockets: 0 },
      queue: { due: 0, oldest_seconds: 0 },
      webhooks: { backlog: 0, oldest_seconds: 0 },
      chatwoot: { to_chatwoot: { backlog: 0, oldest_seconds: 0 }, to_whatsapp: { backlog: 0, oldest_seconds: 0 } },
      exports: { queued: 0, running: 0 },
      lost_answers: 0,
    });

    const t = await server.seed.tenant().account().create();
    const api = server.client(t.key);
    expect((await api.post("/webhooks", { url: "http://127.0.0.1:9/hook", events: ["message.status"] })).status).toBe(200);
    expect((await api.post("/send-bulk", { numbers: ["0501230001", "0501230002", "0501230003"], message: "q" })).status).toBe(200);
    const now = Date.now();
    expect(
      (await api.post("/exports", { kind: "messages", format: "csv", from: new Date(now - 86_400_000).toISOString(), to: new Date(now + 86_400_000).toISOString() })).status,
    ).toBe(202);
    const aged = Date.now();
    await server.app.deps.db.$executeRaw`UPDATE message SET run_at = now() - interval '90 seconds' WHERE tenant_id = ${t.id}`;
    await server.app.deps.db.$executeRaw`UPDATE webhook_delivery SET created_at = now() - interval '60 seconds' WHERE tenant_id = ${t.id}`;
    await chatwootWork(t.id, 2, 1, 30);

    const h = (await health(support)).body;
    const took = (Date.now() - aged) / 1000;
    expect(h.queue.due).toBe(3);
    expect(h.messages).toEqual({ pending: 3, sending: 0, sent: 0, failed: 0 });
    expect(h.webhooks.backlog).toBe(3);
    expect(h.chatwoot.to_chatwoot.backlog).toBe(2);
    expect(h.chatwoot.to_whatsapp.backlog).toBe(1);
    expect(h.exports).toEqual({ queued: 1, running: 0 });
    for (const [age, floor] of [
      [h.queue.oldest_seconds, 90],
      [h.webhooks.oldest_seconds, 60],
      [h.chatwoot.to_chatwoot.oldest_seconds, 30],
      [h.chatwoot.to_whatsapp.oldest_seconds, 30],
    ] as const) {
      expect(age).toBeGreaterThanOrEqual(floor - 1);
      expect(age).toBeLessThanOrEqual(floor + took + 1);
    }
    // The same figures a scrape reads.
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toContain('gateway_chatwoot_backlog{direction="to_chatwoot"} 2');
    expect(text).toContain('gateway_exports{status="queued"} 1');
  });

  it("is not found to a business's key or console session", async () => {
    const t = await server.seed.tenant().create();
    const owner = await staffUser(server, t.key, "owner-health@shop.example", "owner");
    const callers: Record<string, string>[] = [{ cookie: owner.cookie }, { authorization: `Bearer ${t.key}` }, {}];
    for (const headers of callers) {
      const res = await fetch(`${server.url}/admin/health`, { headers });
      expect(res.status).toBe(404);
    }
  });
});
