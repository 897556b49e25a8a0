import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { onPostgres, startServer, type TestServer } from "./kit/server.js";
import { changedTables, storeDigest } from "./kit/store-digest.js";
import type { SeededTenant } from "./kit/seed.js";
import { waitFor } from "./kit/wait.js";

// The audit log through the real interface: each kind of change writes exactly one event, in the
// change's own transaction (a fault injected at the event's insert leaves neither), naming who,
// what, on what, from where; the chain verifies, and an edited or removed row is named by
// `admin audit:verify`; the list filters and pages, and the export streams NDJSON.

let server: TestServer;
let tenant: SeededTenant;
let keyPrefix: string;

beforeAll(async () => {
  server = await startServer({ WORKER_ENABLED: "false", SIMULATOR_QR_ROTATE_MS: "600000", SIMULATOR_LINK_AFTER_QR_CODES: "0" });
  tenant = await server.seed.tenant({ monthlyLimit: 10_000 }).account().create();
  keyPrefix = tenant.key.slice(0, 11);
});

afterAll(async () => server?.close());

const api = () => server.client(tenant.key);
const db = () => server.app.database.prisma;
const eventsOf = () => db().auditEvent.findMany({ where: { tenantId: tenant.id }, orderBy: { id: "asc" } });
const later = () => new Date(Date.now() + 86_400_000).toISOString();

interface Change {
  action: string;
  target: (answer: any) => string;
  run: () => Promise<{ status: number; body: any; headers: Headers }>;
}

/** Each kind of change a tenant makes over REST, with the event it must write. */
const changes: Change[] = [
  { action: "webhook.created", target: (a) => `webhook_endpoint:${a.webhook.id}`, run: () => api().post("/webhooks", { url: "https://93.184.215.14/hooks/a" }) },
  {
    action: "webhook.disabled",
    target: (a) => `webhook_endpoint:${a.webhook.id}`,
    run: async () => api().post(`/webhooks/${(await api().post("/webhooks", { url: "https://93.184.215.14/hooks/b" })).body.webhook.id}/disable`, {}),
  },
  { action: "template.created", target: () => "template:welcome", run: () => api().post("/templates", { name: "welcome", message: "Hi {{name}}" }) },
  { action: "template.updated", target: () => "template:welcome", run: () => api().put("/templates/welcome", { message: "Hello {{name}}" }) },
  { action: "template.deleted", target: () => "template:welcome", run: () => api().delete("/templates/welcome") },
  { action: "contact.opted_out", target: () => "contact:966501110001", run: () => api().post("/contacts/opt-out", { numbers: ["0501110001"] }) },
  { action: "contact.opted_in", target: () => "contact:966501110001", run: () => api().post("/contacts/opt-in", { numbers: ["0501110001"] }) },
  { action: "suppression_list.imported", target: () => "contacts:2", run: () => api().post("/suppression-list", { numbers: ["0501110002", "0501110003"] }) },
  { action: "contact.renamed", target: () => "contact:966501110004", run: () => api().put("/contacts/0501110004", { name: "Sara" }) },
  { action: "consent_settings.changed", target: () => "consent_settings", run: () => api().put("/consent-settings", { stop_words: ["قف"] }) },
  { action: "send_window.set", target: () => "send_window", run: () => api().put("/send-window", { time_zone: "Asia/Riyadh", days: ["sun"], start: "09:00", end: "17:00" }) },
  { action: "send_window.cleared", target: () => "send_window", run: () => api().delete("/send-window") },
  { action: "health_thresholds.changed", target: () => "health_thresholds", run: () => api().put("/health-thresholds", { min_sends: 40 }) },
  {
    action: "message.cancelled",
    target: (a) => `message:${a.message_id}`,
    run: async () => api().post(`/messages/${(await api().post("/send", { to: "0501110005", message: "later", send_at: later() })).body.message_id}/cancel`, {}),
  },
  {
    action: "batch.cancelled",
    target: (a) => `batch:${a.batch_id}`,
    run: async () => api().post(`/batches/${(await api().post("/send-bulk", { numbers: ["0501110006"], message: "later", send_at: later() })).body.batch_id}/cancel`, {}),
  },
  { action: "key.created", target: (a) => `key:${a.key.id}`, run: () => api().post("/keys", { label: "CRM", scopes: ["messages:read"] }) },
  { action: "batch.created", target: (a) => `batch:${a.batch_id}`, run: () => api().post("/send-bulk", { numbers: ["0501110007", "0501110008"], message: "hi" }) },
  {
    action: "message.retried",
    target: (a) => `message:${a.message_id}`,
    run: async () => api().post(`/messages/${(await api().post("/send", { to: "0500000001", message: "fails" })).body.message_id}/retry`, {}),
  },
  {
    action: "whatsapp_template.registered",
    target: (a) => `whatsapp_template:${a.whatsapp_template.id}`,
    run: () => api().post("/whatsapp-templates", { name: "order_ready", language: "ar", category: "utility" }),
  },
  {
    action: "whatsapp_template.deleted",
    target: (a) => `whatsapp_template:${a.whatsapp_template.id}`,
    run: async () => api().delete(`/whatsapp-templates/${(await api().get("/whatsapp-templates")).body.whatsapp_templates[0].id}`),
  },
  {
    action: "account.warm_up_set",
    target: () => `account:${tenant.accounts[0]!.id}`,
    run: () => api().put(`/accounts/${tenant.accounts[0]!.id}/warm-up`, { first_contact_cap: 30 }),
  },
  {
    action: "account.resumed",
    target: () => `account:${tenant.accounts[0]!.id}`,
    run: async () => {
      await db().account.update({ where: { id: tenant.accounts[0]!.id }, data: { status: "paused", statusReason: "manual" } });
      return api().post(`/accounts/${tenant.accounts[0]!.id}/resume`, {});
    },
  },
  { action: "account.added", target: (a) => `account:${a.connection.account_id}`, run: () => api().post("/accounts", { name: "Linking" }) },
  {
    action: "account.pairing_code_requested",
    target: (a) => `account:${a.connection.account_id}`,
    run: async () => {
      const id = (await api().post("/accounts", { name: "Pairing" })).body.connection.account_id as number;
      await waitFor(
        async () => (await api().get(`/accounts/${id}/connection`)).body.connection.state,
        (state) => state === "SCAN_QR_CODE",
        10_000,
      );
      return api().post(`/accounts/${id}/pairing-code`, { phone_number: "0551234000" });
    },
  },
  {
    action: "account.relinked",
    target: (a) => `account:${a.connection.account_id}`,
    run: async () => api().post(`/accounts/${(await api().post("/accounts", { name: "Again" })).body.connection.account_id}/relink`, {}),
  },
  {
    action: "account.removed",
    target: (a) => `account:${a.account_id}`,
    run: async () => api().delete(`/accounts/${(await api().post("/accounts", { name: "Gone" })).body.connection.account_id}`),
  },
];

describe("the audit log", () => {
  for (const change of changes) {
    it(`${change.action}: exactly one event, naming who, what, on what and from where`, async () => {
      const before = await eventsOf();
      const answer = await change.run();
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const added = (await eventsOf()).slice(before.length).filter((e) => e.action === change.action);
      // A change made in steps (a webhook made before it is disabled) writes its own events too; this kind, once.
      expect(added).toHaveLength(1);
      const [event] = added;
      expect(event).toMatchObject({
        actorKind: "key",
        actorName: keyPrefix,
        actorLabel: "test",
        target: change.target(answer.body),
        requestId: answer.headers.get("x-request-id"),
      });
      expect(event!.address).toMatch(/127\.0\.0\.1/);
      expect(event!.userAgent).toBeTruthy();
    });
  }

  it("records each console sign-in, and each refused one with a key of the tenant", async () => {
    const signIn = (key: string) =>
      fetch(`${server.url}/console/session`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-graphql-yoga-csrf": "1", "user-agent": "audit-test" },
        body: JSON.stringify({ api_key: key }),
      });
    const before = (await eventsOf()).length;
    expect((await signIn(tenant.key)).status).toBe(200);
    const wrong = `${tenant.key.slice(0, 12)}${"x".repeat(tenant.key.length - 12)}`;
    expect((await signIn(wrong)).status).toBe(401);
    expect((await signIn("gw_nobodyxx_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")).status).toBe(401);
    const added = (await eventsOf()).slice(before);
    expect(added.map((e) => [e.action, e.actorName, e.userAgent])).toEqual([
      ["session.signed_in", keyPrefix, "audit-test"],
      ["session.sign_in_failed", keyPrefix, "audit-test"],
    ]);
    expect(added[1]!.after).toEqual({ code: "UNAUTHORIZED" });
  });

  it("never writes a secret: a key's hash and a webhook's signing secret stay out", async () => {
    const secret = (await api().post("/webhooks", { url: "https://93.184.215.14/hooks/secret" })).body.secret as string;
    const made = await api().post("/keys", { label: "secretive", scopes: ["messages:read"] });
    const text = JSON.stringify(await eventsOf(), (_, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
    expect(text).not.toContain(secret);
    expect(text).not.toContain(made.body.secret);
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: made.body.key.id } });
    expect(text).not.toContain(row.hash);
  });

  it("a change whose event cannot be written does not happen (a fault injected at the event's insert)", async () => {
    await db().$executeRawUnsafe(`CREATE FUNCTION audit_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$`);
    await db().$executeRawUnsafe(
      `CREATE TRIGGER audit_fault BEFORE INSERT ON audit_event FOR EACH ROW WHEN (NEW.action IN ('webhook.created', 'contact.opted_out', 'template.created')) EXECUTE FUNCTION audit_fault()`,
    );
    try {
      const before = await storeDigest(server);
      for (const run of [
        () => api().post("/webhooks", { url: "https://93.184.215.14/hooks/fault" }),
        () => api().post("/contacts/opt-out", { numbers: ["0501119999"] }),
        () => api().post("/templates", { name: "fault", message: "Hi" }),
      ]) {
        const r = await run();
        expect(r.status, JSON.stringify(r.body)).toBe(500);
        expect(r.body.error.code).toBe("INTERNAL_ERROR");
      }
      expect(changedTables(before, await storeDigest(server))).toEqual([]);
    } finally {
      await db().$executeRawUnsafe("DROP TRIGGER audit_fault ON audit_event");
      await db().$executeRawUnsafe("DROP FUNCTION audit_fault()");
    }
  });

  it("is append-only: an update is refused by the database", async () => {
    await expect(db().$executeRawUnsafe(`UPDATE audit_event SET action = 'x' WHERE tenant_id = ${tenant.id}`)).rejects.toThrow(/append-only/);
  });

  it("lists events newest first, filtered by actor, action, target and time, a page at a time; 422 names a bad filter", async () => {
    const all = await api().get("/audit-events?limit=100");
    expect(all.status).toBe(200);
    const ids = all.body.events.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const keys = await api().get("/audit-events?action=key.");
    // The filter leaves exactly the unfiltered list's key events, in the same order.
    expect(keys.body.events).toEqual(all.body.events.filter((e: { action: string }) => e.action.startsWith("key.")));
    expect(keys.body.events.length).toBeGreaterThan(0);
    const byActor = await api().get(`/audit-events?actor=${keyPrefix}&target=template:welcome`);
    expect(byActor.body.events.map((e: { action: string }) => e.action)).toEqual(["template.deleted", "template.updated", "template.created"]);
    expect(byActor.body.events[0]).toMatchObject({ actor: { kind: "key", name: keyPrefix, label: "test" }, before: { name: "welcome" }, after: { queued_messages: 0 } });

    const first = await api().get("/audit-events?limit=2");
    const second = await api().get(`/audit-events?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.events.map((e: { id: number }) => e.id)).toEqual(ids.slice(2, 4));

    const future = await api().get(`/audit-events?since=${encodeURIComponent(later())}`);
    expect(future.body.events).toEqual([]);
    const bad = await api().get("/audit-events?since=yesterday&action=DROP TABLE");
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["action", "since"]);

    const other = await server.seed.tenant().create();
    expect((await server.client(other.key).get("/audit-events")).body.events.map((e: { action: string }) => e.action)).toEqual(["key.created"]);
  });

  it("exports the log as NDJSON, oldest first, in the list's shape", async () => {
    const r = await fetch(`${server.url}/api/v1/audit-events/export?action=template.`, { headers: { authorization: `Bearer ${tenant.key}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/application\/x-ndjson/);
    const lines = (await r.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { action: string; hash: string });
    expect(lines.map((l) => l.action)).toEqual(["template.created", "template.updated", "template.deleted", "template.created"].slice(0, lines.length));
    expect(lines[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("chains each tenant's events; audit:verify proves it, and names an edited or a removed event", async () => {
    expect(await runAdminCommand(db(), "audit:verify", { tenant: tenant.id })).toMatchObject({ ok: true, breaks: [] });
    const events = await eventsOf();
    expect(events[0]!.prevHash).toBeNull();
    for (let i = 1; i < events.length; i++) expect(events[i]!.prevHash).toBe(events[i - 1]!.hash);

    // Someone with the database's own powers edits an event behind the trigger's back.
    const edited = events[3]!;
    await db().$transaction([
      db().$executeRawUnsafe("ALTER TABLE audit_event DISABLE TRIGGER audit_event_unchanged"),
      db().$executeRawUnsafe(`UPDATE audit_event SET after = '{"url":"https://evil.example"}' WHERE id = ${edited.id}`),
      db().$executeRawUnsafe("ALTER TABLE audit_event ENABLE TRIGGER audit_event_unchanged"),
    ]);
    expect(await runAdminCommand(db(), "audit:verify", { tenant: tenant.id })).toMatchObject({
      ok: false,
      breaks: [{ tenantId: tenant.id, eventId: String(edited.id), problem: "hash" }],
    });
    // And removes another: its successor no longer links.
    const removed = events[6]!;
    await db().$executeRawUnsafe(`DELETE FROM audit_event WHERE id = ${removed.id}`);
    const report = (await runAdminCommand(db(), "audit:verify", {})) as { ok: boolean; breaks: unknown[] };
    expect(report.ok).toBe(false);
    expect(report.breaks).toEqual([
      { tenantId: tenant.id, eventId: String(edited.id), problem: "hash" },
      { tenantId: tenant.id, eventId: String(events[7]!.id), problem: "link" },
    ]);
  });
});

describe.runIf(onPostgres)("the chain under concurrent changes", () => {
  it("stays one line: 30 changes of one tenant at once each link to the one before", async () => {
    const t = await server.seed.tenant().create();
    const client = server.client(t.key);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? client.post("/templates", { name: `t${i}`, message: "Hi" }) : client.post("/contacts/opt-out", { numbers: [`05011120${String(i).padStart(2, "0")}`] }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await runAdminCommand(db(), "audit:verify", { tenant: t.id })).toMatchObject({ ok: true, events: 31, breaks: [] });
  });
});
