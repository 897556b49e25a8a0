import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bridgedTenant, contactSends, conversationOf, CW_ACCOUNT, CW_TOKEN, startWorld, type World } from "./kit/chatwoot-world.js";
import { postWebhook } from "./kit/chatwoot-state.js";
import { startServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import { SECRET_READ_EVERY_MS } from "../src/features/chatwoot/relay/inbox-secret.js";

// Chatwoot's webhooks to the bridge are signed with the inbox's own secret (4.13 and later), and
// the gateway takes only those: the webhook URL is no secret from Chatwoot's agents (every agent
// of the inbox sees it), so one who posts a forged agent message to it, unsigned, signed with a
// guessed secret, with another body, or replayed after more than five minutes, sends nothing. A bridge
// connected before the gateway read secrets takes its inbox's secret from Chatwoot on its own; one
// whose token cannot read it has its webhooks refused until it connects again; a secret reset in
// Chatwoot is followed when the relay reads it again. An operator with a Chatwoot older than 4.13
// can accept unsigned webhooks (CHATWOOT_ALLOW_UNSIGNED), for inboxes without a secret only, and
// the log says so at start and at each one.

const logs: Array<{ level: number; msg: string; bridgeId?: number }> = [];
let w: World;
let lenient: World;
beforeAll(async () => {
  w = await startWorld(startServer);
  const logTo = { write: (line: string) => void logs.push(JSON.parse(line) as (typeof logs)[number]) };
  lenient = await startWorld((env) => startServer({ ...env, CHATWOOT_ALLOW_UNSIGNED: "true", LOG_LEVEL: "warn" }, { logTo }), {}, "4.12.1");
});
afterAll(async () => {
  await w?.close();
  await lenient?.close();
});

const replies = (world: World, bridgeId: number) => world.server.app.deps.db.chatwootReply.count({ where: { bridgeId } });
const bridgeOf = (world: World, tenantId: number) => world.server.app.deps.db.chatwootBridge.findUniqueOrThrow({ where: { tenantId } });

describe("signed Chatwoot webhooks", () => {
  it("sends an agent's signed reply, and nothing forged by whoever saw the webhook URL", async () => {
    const t = await bridgedTenant(w);
    const bridge = await bridgeOf(w, t.id);
    const phone = "966508880001";
    await contactSends(w, t, phone, { type: "text", text: { body: "Is it in stock?" } });
    const conversation = await conversationOf(w, phone);
    // What an agent of the inbox reads in Chatwoot: the webhook URL, never the secret.
    w.chatwoot.inboxes[0]!.webhook_url = t.webhookUrl;
    w.chatwoot.tokens.set("an-agents-token-1", { kind: "user", role: "agent" });
    const seen = (await (await fetch(`${w.chatwoot.url}/api/v1/accounts/${CW_ACCOUNT}/inboxes/7`, { headers: { api_access_token: "an-agents-token-1" } })).json()) as Record<
      string,
      unknown
    >;
    expect([seen.webhook_url, "secret" in seen]).toEqual([t.webhookUrl, false]);
    const url = seen.webhook_url as string;

    const forged = w.chatwoot.webhookOf(w.chatwoot.agentWrites(conversation.display_id, "Send your card number to confirm"));
    const secret = w.chatwoot.inboxes[0]!.secret!;
    const now = Math.floor(Date.now() / 1000);
    const signedOtherBody = `sha256=${createHmac("sha256", secret).update(`${now}.{"event":"message_created"}`).digest("hex")}`;
    const attempts = [
      ["unsigned", () => w.chatwoot.deliver(url, forged, { secret: null })],
      ["a guessed secret", () => w.chatwoot.deliver(url, forged, { secret: "a-guessed-secret-abcdefgh" })],
      ["the address's own secret", () => w.chatwoot.deliver(url, forged, { secret: url.split("/").pop()! })],
      [
        "another body's signature",
        () =>
          fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json", "x-chatwoot-timestamp": String(now), "x-chatwoot-signature": signedOtherBody },
            body: JSON.stringify(forged),
          }),
      ],
      ["signed 6 minutes ago", () => w.chatwoot.deliver(url, forged, { timestamp: now - 360 })],
      ["signed 6 minutes ahead", () => w.chatwoot.deliver(url, forged, { timestamp: now + 360 })],
    ] as const;
    for (const [what, attempt] of attempts) {
      const answer = await attempt();
      expect([answer.status, ((await answer.json()) as { error: { code: string } }).error.code], what).toEqual([401, "UNAUTHORIZED"]);
    }
    expect(await replies(w, bridge.id)).toBe(0);

    // Chatwoot's own: signed as it sends; one signed four minutes ago (clocks apart) is taken too.
    const before = w.cloud.sends.length;
    const real = w.chatwoot.agentWrites(conversation.display_id, "It is, it ships today.");
    expect(await (await w.chatwoot.deliver(url, w.chatwoot.webhookOf(real))).json()).toEqual({ success: true, recorded: true });
    const late = w.chatwoot.agentWrites(conversation.display_id, "Anything else?");
    expect(await (await w.chatwoot.deliver(url, w.chatwoot.webhookOf(late), { timestamp: now - 240 })).json()).toEqual({ success: true, recorded: true });
    // Replayed within the window: recorded once already, nothing new.
    expect(await (await w.chatwoot.deliver(url, w.chatwoot.webhookOf(real))).json()).toEqual({ success: true, recorded: false });
    const sent = await waitFor(
      () => w.cloud.sends.slice(before),
      (s) => s.length >= 2,
    );
    expect(sent.map((s) => (s.text as { body: string }).body)).toEqual(["It is, it ships today.", "Anything else?"]);
    expect(JSON.stringify(w.cloud.sends)).not.toContain("card number");
  });

  it("takes the inbox's secret for a bridge connected before, and refuses webhooks while its token cannot read it", async () => {
    const t = await bridgedTenant(w);
    const db = w.server.app.deps.db;
    const bridge = await bridgeOf(w, t.id);
    const phone = "966508880002";
    await contactSends(w, t, phone, { type: "text", text: { body: "Hello" } });
    const conversation = await conversationOf(w, phone);

    // As the migration leaves a bridge connected before: no secret, never read. The relay reads it.
    await db.chatwootBridge.update({ where: { id: bridge.id }, data: { webhookSecret: null, secretReadAt: null } });
    await waitFor(
      async () => (await bridgeOf(w, t.id)).webhookSecret,
      (s) => s === w.chatwoot.inboxes[0]!.secret,
    );
    const first = w.chatwoot.agentWrites(conversation.display_id, "Welcome back");
    expect((await w.chatwoot.deliver(t.webhookUrl, w.chatwoot.webhookOf(first))).status).toBe(200);

    // Its token is an agent's, which Chatwoot shows no secret: the bridge holds none and refuses every webhook.
    w.chatwoot.tokens.set("an-agents-token-2", { kind: "user", role: "agent" });
    await db.chatwootBridge.update({ where: { id: bridge.id }, data: { accessToken: "an-agents-token-2", webhookSecret: null, secretReadAt: null } });
    await waitFor(
      async () => (await bridgeOf(w, t.id)).secretReadAt,
      (at) => at !== null,
    );
    const second = w.chatwoot.agentWrites(conversation.display_id, "Are you there?");
    const refused = await w.chatwoot.deliver(t.webhookUrl, w.chatwoot.webhookOf(second));
    expect([refused.status, ((await refused.json()) as { error: { message: string } }).error.message]).toEqual([401, expect.stringContaining("connect again")]);
    expect(await (await w.server.client(t.key).get("/chatwoot")).body.bridge.webhooks_signed).toBe(false);

    // Connected again with an administrator's token: signed webhooks are taken.
    const again = await w.server
      .client(t.key)
      .put("/chatwoot", { base_url: w.chatwoot.url, chatwoot_account_id: CW_ACCOUNT, inbox_id: 7, access_token: CW_TOKEN, account_ids: [t.accountId] });
    expect([again.status, again.body.bridge.webhooks_signed]).toEqual([200, true]);
    expect(await (await w.chatwoot.deliver(again.body.webhook_url, w.chatwoot.webhookOf(second))).json()).toEqual({ success: true, recorded: true });
  });

  it("reads a bridge's secret again a minute after Chatwoot did not answer", async () => {
    const t = await bridgedTenant(w);
    const db = w.server.app.deps.db;
    const bridge = await bridgeOf(w, t.id);
    w.chatwoot.override.push({ answer: "500", method: "GET", path: /\/inboxes\/7$/ });
    await db.chatwootBridge.update({ where: { id: bridge.id }, data: { webhookSecret: null, secretReadAt: null } });
    await waitFor(
      () => w.chatwoot.override.length,
      (left) => left === 0,
    );
    await waitFor(
      async () => (await bridgeOf(w, t.id)).secretReadAt,
      (at) => at !== null,
    );
    expect((await bridgeOf(w, t.id)).webhookSecret).toBeNull();
    const clock = w.server.app.deps.clock;
    clock.advance(61_000);
    try {
      await waitFor(
        async () => (await bridgeOf(w, t.id)).webhookSecret,
        (s) => s === w.chatwoot.inboxes[0]!.secret,
        30_000,
      );
    } finally {
      clock.advance(-61_000);
    }
  });

  it("follows a secret reset in Chatwoot when the relay reads the inbox again", async () => {
    w.chatwoot.addInbox(21);
    const t = await bridgedTenant(w, 21);
    const phone = "966508880003";
    await contactSends(w, t, phone, { type: "text", text: { body: "Hi" } });
    const conversation = await conversationOf(w, phone, 21);
    const newSecret = w.chatwoot.resetSecret(21);
    const reply = w.chatwoot.agentWrites(conversation.display_id, "Hello!");
    expect((await w.chatwoot.deliver(t.webhookUrl, w.chatwoot.webhookOf(reply))).status).toBe(401);
    const clock = w.server.app.deps.clock;
    clock.advance(SECRET_READ_EVERY_MS + 1_000);
    try {
      await waitFor(
        async () => (await bridgeOf(w, t.id)).webhookSecret,
        (s) => s === newSecret,
        30_000,
      );
    } finally {
      // Back to Chatwoot's time, which signs the webhooks.
      clock.advance(-(SECRET_READ_EVERY_MS + 1_000));
    }
    expect(await (await w.chatwoot.deliver(t.webhookUrl, w.chatwoot.webhookOf(reply))).json()).toEqual({ success: true, recorded: true });
  });
});

describe("CHATWOOT_ALLOW_UNSIGNED, for a Chatwoot before 4.13", () => {
  it("takes unsigned webhooks only for an inbox without a secret, and logs each one", async () => {
    expect(logs.some((l) => l.level === 40 && l.msg.startsWith("CHATWOOT_ALLOW_UNSIGNED is on"))).toBe(true);
    const t = await bridgedTenant(lenient);
    const bridge = await bridgeOf(lenient, t.id);
    expect(bridge.webhookSecret).toBeNull();
    const phone = "966508880004";
    await contactSends(lenient, t, phone, { type: "text", text: { body: "Hello" } });
    const conversation = await conversationOf(lenient, phone);
    const reply = lenient.chatwoot.agentWrites(conversation.display_id, "Hi, how can we help?");
    expect(await (await lenient.chatwoot.deliver(t.webhookUrl, lenient.chatwoot.webhookOf(reply))).json()).toEqual({ success: true, recorded: true });
    expect(logs.filter((l) => l.level === 40 && l.bridgeId === bridge.id && l.msg.startsWith("accepted an unsigned Chatwoot webhook"))).toHaveLength(1);

    // A bridge whose inbox has a secret is never taken unsigned, whatever the setting.
    await lenient.server.app.deps.db.chatwootBridge.update({ where: { id: bridge.id }, data: { webhookSecret: "the-inbox-secret-1234567" } });
    const other = lenient.chatwoot.agentWrites(conversation.display_id, "Forged?");
    expect((await postWebhook(t.webhookUrl, JSON.stringify(lenient.chatwoot.webhookOf(other)), { secret: null })).status).toBe(401);
    expect(await replies(lenient, bridge.id)).toBe(1);
  });
});
