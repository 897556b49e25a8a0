import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { startServer, useServer } from "./kit/server.js";
import { runAdminCommand } from "../src/features/admin/admin.js";

// Connecting a tenant's Chatwoot inbox: its address must be public unless the
// operator named the host; the numbers must be the caller's; the access token is never shown again
// and the webhook address, with its secret, only once; every change is in the audit log.

const server = useServer();
const PUBLIC = "https://93.184.215.14/chatwoot";
const TOKEN = "agent-access-token-123";

describe("connecting Chatwoot", () => {
  it("connects an inbox to the tenant's numbers, shows the webhook address once and the token never", async () => {
    const t = await server().seed.tenant().account().account().create();
    const api = server().client(t.key);
    const body = { base_url: `${PUBLIC}/`, chatwoot_account_id: 3, inbox_id: 7, access_token: TOKEN, account_ids: [t.accounts[0]!.id] };
    const made = await api.put("/chatwoot", body);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ success: true, bridge: { base_url: PUBLIC, chatwoot_account_id: 3, inbox_id: 7, account_ids: [t.accounts[0]!.id] } });
    const secret = /\/chatwoot\/webhooks\/([A-Za-z0-9_-]{43})$/.exec(made.body.webhook_url)?.[1];
    expect(made.body.webhook_url.startsWith(server().url)).toBe(true);
    expect(secret).toBeDefined();
    const row = await server().app.deps.db.chatwootBridge.findUniqueOrThrow({ where: { tenantId: t.id } });
    expect(row.webhookTokenHash).toBe(createHash("sha256").update(secret!).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret);

    const read = await api.get("/chatwoot");
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(TOKEN);

    const again = await api.put("/chatwoot", { ...body, account_ids: t.accounts.map((a) => a.id) });
    expect(again.body.bridge.id).toBe(made.body.bridge.id);
    expect(again.body.webhook_url).not.toBe(made.body.webhook_url);

    const events = await server().app.deps.db.auditEvent.findMany({ where: { tenantId: t.id, action: { startsWith: "chatwoot." } }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.action)).toEqual(["chatwoot.connected", "chatwoot.connected"]);
    expect(events[0]!.after).toMatchObject({ accessToken: "[redacted]", baseUrl: PUBLIC });
    expect(JSON.stringify(events.map((e) => e.after))).not.toContain(TOKEN);

    const gone = await api.request("DELETE", "/api/v1/chatwoot");
    expect([gone.status, gone.body.bridge.id]).toEqual([200, made.body.bridge.id]);
    expect((await api.get("/chatwoot")).status).toBe(404);
    expect((await api.request("DELETE", "/api/v1/chatwoot")).status).toBe(404);
  });

  it("refuses a Chatwoot on a private address, another tenant's number, and bad fields, changing nothing", async () => {
    const t = await server().seed.tenant().account().create();
    const other = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const good = { base_url: PUBLIC, chatwoot_account_id: 1, inbox_id: 2, access_token: TOKEN, account_ids: [t.accounts[0]!.id] };
    const inward = await api.put("/chatwoot", { ...good, base_url: "http://127.0.0.1:3000" });
    expect([inward.status, inward.body.error.fields.base_url]).toEqual([422, expect.stringContaining("CHATWOOT_PRIVATE_HOSTS")]);
    const theirs = await api.put("/chatwoot", { ...good, account_ids: [other.accounts[0]!.id] });
    expect([theirs.status, theirs.body.error.fields.account_ids]).toEqual([422, expect.stringMatching(/is not a number of this account/)]);
    for (const [field, value] of [
      ["base_url", "ftp://chatwoot.example.com"],
      ["base_url", "https://user:pw@93.184.215.14"],
      ["inbox_id", 0],
      ["access_token", "short"],
      ["account_ids", []],
    ] as const) {
      const bad = await api.put("/chatwoot", { ...good, [field]: value });
      expect([bad.status, bad.body.error.code, Object.keys(bad.body.error.fields)], `${field}: ${String(value)}`).toEqual([422, "VALIDATION_ERROR", [field]]);
    }
    expect(await server().app.deps.db.chatwootBridge.count({ where: { tenantId: t.id } })).toBe(0);
  });

  it("lets a Chatwoot on the operator's network in only by the operator's CHATWOOT_PRIVATE_HOSTS, and connects from the admin CLI", async () => {
    const operatorNetwork = await startServer({ CHATWOOT_PRIVATE_HOSTS: "127.0.0.1,chatwoot.internal" });
    try {
      const t = await operatorNetwork.seed.tenant().account().create();
      const settings = { base_url: "http://127.0.0.1:3000", chatwoot_account_id: 1, inbox_id: 2, access_token: TOKEN, account_ids: [t.accounts[0]!.id] };
      expect((await operatorNetwork.client(t.key).put("/chatwoot", settings)).status).toBe(200);
      // Another private host the operator did not name stays refused.
      expect((await operatorNetwork.client(t.key).put("/chatwoot", { ...settings, base_url: "http://10.1.2.3" })).status).toBe(422);
      const cli = (await runAdminCommand(
        operatorNetwork.app.deps.db,
        "chatwoot:connect",
        { tenant: t.id, baseUrl: "http://127.0.0.1:3000", chatwootAccount: 1, inbox: 9, token: TOKEN, numbers: String(t.accounts[0]!.id) },
        operatorNetwork.app.deps.config,
      )) as { inboxId: number; webhookUrl: string };
      expect(cli.inboxId).toBe(9);
      expect(cli.webhookUrl).toMatch(/\/chatwoot\/webhooks\/[A-Za-z0-9_-]{43}$/);
      const admin = await operatorNetwork.app.deps.db.auditEvent.findFirstOrThrow({ where: { tenantId: t.id, action: "chatwoot.connected", actorKind: "admin" } });
      expect(admin.after).toMatchObject({ inboxId: 9 });
      expect(await runAdminCommand(operatorNetwork.app.deps.db, "chatwoot:disconnect", { tenant: t.id })).toMatchObject({ inboxId: 9 });
    } finally {
      await operatorNetwork.close();
    }
  });
});
