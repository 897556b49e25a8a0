import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { startServer, useServer } from "./kit/server.js";
import { startChatwoot, type ChatwootStandIn } from "./kit/chatwoot.js";
import { freePort } from "./kit/prism.js";
import { runAdminCommand } from "../src/features/admin/admin.js";

// Connecting a tenant's Chatwoot inbox: its address must be public unless the operator named the
// host (here 127.0.0.1, where the Chatwoot stand-in answers); the numbers must be the caller's;
// the gateway reads the inbox from Chatwoot with the token and takes the inbox's own webhook
// secret, which Chatwoot shows only to administrators, refusing (naming the field) an agent bot's
// token, an agent's, another kind of inbox, one that does not exist, a Chatwoot that does not
// answer, and a Chatwoot too old to sign unless the operator accepts unsigned webhooks. The access
// token is never shown again and the webhook address, with its secret, only once; every change is
// in the audit log.

const server = useServer({ CHATWOOT_PRIVATE_HOSTS: "127.0.0.1" });
const TOKEN = "admin-access-token-123";
const ACCOUNT = 3;
const INBOX = 7;

let chatwoot: ChatwootStandIn;
let old: ChatwootStandIn;
beforeAll(async () => {
  chatwoot = await startChatwoot({ accountId: ACCOUNT, inboxId: INBOX, token: TOKEN });
  old = await startChatwoot({ accountId: ACCOUNT, inboxId: INBOX, token: TOKEN, version: "4.12.1" });
});
afterAll(async () => {
  await chatwoot?.close();
  await old?.close();
});

describe("connecting Chatwoot", () => {
  it("connects an inbox to the tenant's numbers with its webhook secret, shows the webhook address once and the token never", async () => {
    const t = await server().seed.tenant().account().account().create();
    const api = server().client(t.key);
    const body = { base_url: `${chatwoot.url}/`, chatwoot_account_id: ACCOUNT, inbox_id: INBOX, access_token: TOKEN, account_ids: [t.accounts[0]!.id] };
    const made = await api.put("/chatwoot", body);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      success: true,
      bridge: { base_url: chatwoot.url, chatwoot_account_id: ACCOUNT, inbox_id: INBOX, account_ids: [t.accounts[0]!.id], webhooks_signed: true },
    });
    expect(chatwoot.requests).toContainEqual({ method: "GET", path: `/api/v1/accounts/${ACCOUNT}/inboxes/${INBOX}` });
    const secret = /\/chatwoot\/webhooks\/([A-Za-z0-9_-]{43})$/.exec(made.body.webhook_url)?.[1];
    expect(made.body.webhook_url.startsWith(server().url)).toBe(true);
    expect(secret).toBeDefined();
    const row = await server().app.deps.db.chatwootBridge.findUniqueOrThrow({ where: { tenantId: t.id } });
    expect(row.webhookTokenHash).toBe(createHash("sha256").update(secret!).digest("hex"));
    expect(row.webhookSecret).toBe(chatwoot.inboxes[0]!.secret);
    expect(JSON.stringify(row)).not.toContain(secret);

    const read = await api.get("/chatwoot");
    expect(read.status).toBe(200);
    expect(read.body.bridge).toMatchObject({ webhooks_signed: true, failed_posts: [], relay: { failed_posts: 0 } });
    expect(JSON.stringify(read.body)).not.toContain(TOKEN);
    expect(JSON.stringify(read.body)).not.toContain(chatwoot.inboxes[0]!.secret);

    const again = await api.put("/chatwoot", { ...body, account_ids: t.accounts.map((a) => a.id) });
    expect(again.body.bridge.id).toBe(made.body.bridge.id);
    expect(again.body.webhook_url).not.toBe(made.body.webhook_url);

    const events = await server().app.deps.db.auditEvent.findMany({ where: { tenantId: t.id, action: { startsWith: "chatwoot." } }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.action)).toEqual(["chatwoot.connected", "chatwoot.connected"]);
    expect(events[0]!.after).toMatchObject({ accessToken: "[redacted]", baseUrl: chatwoot.url, webhooksSigned: true });
    expect(JSON.stringify(events.map((e) => e.after))).not.toContain(TOKEN);
    expect(JSON.stringify(events.map((e) => e.after))).not.toContain(chatwoot.inboxes[0]!.secret);

    const gone = await api.request("DELETE", "/api/v1/chatwoot");
    expect([gone.status, gone.body.bridge.id]).toEqual([200, made.body.bridge.id]);
    expect((await api.get("/chatwoot")).status).toBe(404);
    expect((await api.request("DELETE", "/api/v1/chatwoot")).status).toBe(404);
  });

  it("refuses, naming the field, what Chatwoot says cannot carry the bridge, changing nothing", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    chatwoot.tokens.set("agent-bot-token-1234", { kind: "agent_bot" });
    chatwoot.tokens.set("agent-user-token-1234", { kind: "user", role: "agent" });
    if (!chatwoot.inboxes.some((i) => i.id === 9)) chatwoot.addInbox(9, "Channel::Whatsapp");
    const good = { base_url: chatwoot.url, chatwoot_account_id: ACCOUNT, inbox_id: INBOX, access_token: TOKEN, account_ids: [t.accounts[0]!.id] };
    const refusals: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ access_token: "agent-bot-token-1234" }, "access_token", /agent bot's token cannot/],
      [{ access_token: "agent-user-token-1234" }, "access_token", /administrator's access token/],
      [{ access_token: "not-the-token-at-all" }, "access_token", /refused this access token/],
      [{ inbox_id: 9 }, "inbox_id", /is a Channel::Whatsapp inbox/],
      [{ inbox_id: 99 }, "inbox_id", /no inbox 99 in account 3/],
      [{ chatwoot_account_id: 4 }, "inbox_id", /no inbox 7 in account 4/],
      [{ base_url: `http://127.0.0.1:${await freePort()}` }, "base_url", /could not be reached/],
      [{ base_url: old.url }, "access_token", /CHATWOOT_ALLOW_UNSIGNED/],
    ];
    for (const [change, field, problem] of refusals) {
      const refused = await api.put("/chatwoot", { ...good, ...change });
      expect([refused.status, refused.body.error?.code, refused.body.error?.fields], JSON.stringify(change)).toEqual([
        422,
        "VALIDATION_ERROR",
        { [field]: expect.stringMatching(problem) },
      ]);
    }
    expect(await server().app.deps.db.chatwootBridge.count({ where: { tenantId: t.id } })).toBe(0);
    expect(await server().app.deps.db.auditEvent.count({ where: { tenantId: t.id, action: { startsWith: "chatwoot." } } })).toBe(0);
  });

  it("refuses a Chatwoot on a private address, another tenant's number, and bad fields, changing nothing", async () => {
    const t = await server().seed.tenant().account().create();
    const other = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const good = { base_url: chatwoot.url, chatwoot_account_id: ACCOUNT, inbox_id: INBOX, access_token: TOKEN, account_ids: [t.accounts[0]!.id] };
    const inward = await api.put("/chatwoot", { ...good, base_url: "http://10.1.2.3:3000" });
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

  it("connects a Chatwoot before 4.13 only when the operator accepts unsigned webhooks, and says so", async () => {
    const lenient = await startServer({ CHATWOOT_PRIVATE_HOSTS: "127.0.0.1", CHATWOOT_ALLOW_UNSIGNED: "true" });
    try {
      const t = await lenient.seed.tenant().account().create();
      const made = await lenient
        .client(t.key)
        .put("/chatwoot", { base_url: old.url, chatwoot_account_id: ACCOUNT, inbox_id: INBOX, access_token: TOKEN, account_ids: [t.accounts[0]!.id] });
      expect([made.status, made.body.bridge?.webhooks_signed]).toEqual([200, false]);
      expect((await lenient.app.deps.db.chatwootBridge.findUniqueOrThrow({ where: { tenantId: t.id } })).webhookSecret).toBeNull();
    } finally {
      await lenient.close();
    }
  });

  it("lets a Chatwoot on the operator's network in only by the operator's CHATWOOT_PRIVATE_HOSTS, and connects from the admin CLI", async () => {
    const operatorNetwork = await startServer({ CHATWOOT_PRIVATE_HOSTS: "127.0.0.1,chatwoot.internal" });
    try {
      const t = await operatorNetwork.seed.tenant().account().create();
      const settings = { base_url: chatwoot.url, chatwoot_account_id: ACCOUNT, inbox_id: INBOX, access_token: TOKEN, account_ids: [t.accounts[0]!.id] };
      expect((await operatorNetwork.client(t.key).put("/chatwoot", settings)).status).toBe(200);
      // Another private host the operator did not name stays refused.
      expect((await operatorNetwork.client(t.key).put("/chatwoot", { ...settings, base_url: "http://10.1.2.3" })).status).toBe(422);
      if (!chatwoot.inboxes.some((i) => i.id === 11)) chatwoot.addInbox(11);
      const cli = (await runAdminCommand(
        operatorNetwork.app.deps.db,
        "chatwoot:connect",
        { tenant: t.id, baseUrl: chatwoot.url, chatwootAccount: ACCOUNT, inbox: 11, token: TOKEN, numbers: String(t.accounts[0]!.id) },
        operatorNetwork.app.deps.config,
      )) as { inboxId: number; webhookUrl: string; webhooksSigned: boolean };
      expect([cli.inboxId, cli.webhooksSigned]).toEqual([11, true]);
      expect(cli.webhookUrl).toMatch(/\/chatwoot\/webhooks\/[A-Za-z0-9_-]{43}$/);
      const admin = await operatorNetwork.app.deps.db.auditEvent.findFirstOrThrow({ where: { tenantId: t.id, action: "chatwoot.connected", actorKind: "admin" } });
      expect(admin.after).toMatchObject({ inboxId: 11 });
      expect(await runAdminCommand(operatorNetwork.app.deps.db, "chatwoot:disconnect", { tenant: t.id })).toMatchObject({ inboxId: 11 });
    } finally {
      await operatorNetwork.close();
    }
  });
});
