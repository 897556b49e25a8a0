import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import { parse } from "graphql";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { useServer, type TestServer } from "./kit/server.js";
import { postWahaText, postWahaWebhook } from "./kit/provider-signing.js";
import { waitFor } from "./kit/wait.js";
import { startTypebot, type TypebotStep } from "./kit/typebot.js";

// A rule whose bot is a Typebot (docs/automation.md, "With Typebot") against a stand-in of
// Typebot's chat API (test/kit/typebot.ts): a conversation of several turns through a choice
// tapped as a button, a session Typebot no longer knows, one the gateway let expire, a Typebot
// that is slow, fails or answers something else, each message charged against the monthly
// allowance, and the conversation erased with the contact.
// Contacts write over signed WAHA webhooks to a simulator number; each wait is on the server's
// record of the message it looked at.

const HMAC = "automation-typebot-hmac";
// Long enough for a first call under a loaded machine; the slow Typebot is held, not timed.
const BOT_TIMEOUT_MS = 3_000;
let serial = 0;

const SIZES = [
  { id: "size-s", content: "Small" },
  { id: "size-m", content: "Medium" },
  { id: "size-l", content: "Large" },
];
const PIZZA: TypebotStep[] = [
  { bubbles: () => [{ text: "Hi! I am **Pizza bot**." }, { image: "https://93.184.215.14/pizza.png" }, { text: "Which size?" }], input: { choice: SIZES } },
  { bubbles: (a) => [{ text: `A *${a[0]}* pizza it is.` }, { image: "http://10.0.0.7/inside.png" }, { text: "Your name?" }], input: { text: true } },
  { bubbles: (a) => [{ text: `Thanks ${a[1]}! See [our menu](https://example.com/menu).` }] },
];
const BUTTONS = { kind: "interactive", header: null, footer: null, type: "buttons", buttons: SIZES.map((s) => ({ id: s.id, title: s.content })) };

const RulesWithKind = parse("query { automationRules { id botKind botUrl } }") as TypedDocumentNode<
  { automationRules: Array<{ id: string; botKind: string; botUrl: string | null }> },
  Record<string, never>
>;

describe("automation: a rule's Typebot", () => {
  const bots = useServer({
    WAHA_WEBHOOK_HMAC_KEY: HMAC,
    SIMULATOR_LATENCY_MS: "0",
    WORKER_POLL_MS: "20",
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
    AUTOMATION_BOT_TIMEOUT_MS: String(BOT_TIMEOUT_MS),
  });
  let server: TestServer;
  let typebot: Awaited<ReturnType<typeof startTypebot>>;
  beforeAll(async () => {
    server = bots();
    typebot = await startTypebot({ publicId: "pizza-order", flow: PIZZA });
  });
  afterAll(() => typebot?.close());

  async function business(plan: { monthlyLimit?: number } = {}) {
    const t = await server.seed.tenant(plan).account().create();
    const account = t.accounts[0]!;
    await server.app.deps.db.account.update({ where: { id: account.id }, data: { settings: { waha: { session: `tb-${account.id}` } } } });
    const api = server.client(t.key);
    const rule = {
      name: "Pizza",
      trigger: "keyword",
      keyword: "pizza",
      action: "bot",
      bot_kind: "typebot",
      bot_url: typebot.url,
      message: "Our assistant is away",
      cooldown_seconds: 0,
    };
    const made = await api.post("/automation/rules", rule);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.rule).toMatchObject({ action: "bot", bot_kind: "typebot", bot_url: typebot.url });
    // Typebot's chat API takes no signature: no secret is made.
    expect(made.body).not.toHaveProperty("bot_secret");
    return { t, account, api, rule: made.body.rule };
  }

  type Business = Awaited<ReturnType<typeof business>>;

  /** The contact's message reaches the business (typed, or a tapped button); answers what the rules made of it and the messages sent back. */
  async function writes(b: Business, from: string, text: string, buttonId?: string) {
    const before = await server.app.deps.db.message.count({ where: { tenantId: b.t.id, to: from } });
    if (buttonId) expect(await tapsButton(b, from, text, buttonId)).toBe(1);
    else expect((await postWahaText(server.url, HMAC, `tb-${b.account.id}`, b.account.phoneNumber, from, text)).stored).toBe(1);
    const inbound = await server.app.deps.db.inboundMessage.findFirstOrThrow({ where: { tenantId: b.t.id, fromNumber: from }, orderBy: { id: "desc" } });
    const work = await waitFor(
      () => server.app.deps.db.automationWork.findUniqueOrThrow({ where: { inboundMessageId: inbound.id } }),
      (w) => w.status === "done",
    );
    const sent = await server.app.deps.db.message.findMany({
      where: { tenantId: b.t.id, to: from },
      orderBy: { id: "asc" },
      skip: before,
      select: { id: true, body: true, imageUrl: true, content: true, automationRuleId: true },
    });
    return { inbound, work, sent };
  }

  /** A button reply as WAHA's NOWEB engine passes it: WhatsApp's ButtonsResponseMessage with the id chosen. */
  async function tapsButton(b: Business, from: string, title: string, id: string): Promise<number> {
    const event = JSON.parse(fs.readFileSync("test/fixtures/providers/waha-message.json", "utf8"));
    const key = `${Date.now()}${++serial}`;
    event.session = `tb-${b.account.id}`;
    event.me.id = `${b.account.phoneNumber}@c.us`;
    Object.assign(event.payload, { id: `false_${from}@c.us_${key}`, from: `${from}@c.us`, to: `${b.account.phoneNumber}@c.us`, body: title });
    Object.assign(event.payload._data, {
      key: { ...event.payload._data.key, remoteJid: `${from}@s.whatsapp.net`, id: key },
      message: { buttonsResponseMessage: { selectedButtonId: id, selectedDisplayText: title } },
    });
    return ((await (await postWahaWebhook(server.url, JSON.stringify(event), HMAC)).json()) as { stored: number }).stored;
  }

  const contact = () => `96650${String(6_000_000 + ++serial)}`;
  const sessionsOf = (b: Business, phone: string) => server.app.deps.db.automationTypebotSession.findMany({ where: { tenantId: b.t.id, phone } });

  it("holds a conversation of several turns: bubbles in order, a choice as buttons whose tapped id goes back, the flow's end ending the session", async () => {
    const b = await business();
    const from = contact();
    const before = typebot.calls.length;

    const first = await writes(b, from, "I want a pizza");
    expect(first.work).toMatchObject({ outcome: "answered", ruleId: b.rule.id, messageId: first.sent[0]!.id });
    expect(first.sent).toEqual([
      { id: expect.any(BigInt), body: "Hi! I am *Pizza bot*.", imageUrl: null, content: null, automationRuleId: b.rule.id },
      { id: expect.any(BigInt), body: "", imageUrl: "https://93.184.215.14/pizza.png", content: null, automationRuleId: b.rule.id },
      { id: expect.any(BigInt), body: "Which size?", imageUrl: null, content: BUTTONS, automationRuleId: b.rule.id },
    ]);
    const [session] = await sessionsOf(b, from);
    expect(session).toMatchObject({ ruleId: b.rule.id, botUrl: typebot.url, choices: null });
    expect(typebot.sessions.has(session!.sessionId)).toBe(true);

    // "Medium" is no keyword of the rule's: the conversation holds the contact.
    const tapped = await writes(b, from, "Medium", "size-m");
    expect(tapped.inbound.choiceId).toBe("size-m");
    expect(tapped.work.outcome).toBe("answered");
    // The image leading inside the operator's network is not sent.
    expect(tapped.sent.map((m) => m.body)).toEqual(["A _Medium_ pizza it is.\n\nYour name?"]);

    const last = await writes(b, from, "Sara");
    expect(last.sent.map((m) => [m.body, m.content])).toEqual([["Thanks Sara! See our menu (https://example.com/menu).", null]]);
    expect(await sessionsOf(b, from)).toEqual([]);
    expect(typebot.sessions.has(session!.sessionId)).toBe(false);

    // A message the rule's keyword does not meet is the rules' again once the flow ended.
    expect((await writes(b, from, "Thanks")).work.outcome).toBe("no_rule");

    expect(typebot.calls.slice(before)).toEqual([
      {
        path: "/api/v1/typebots/pizza-order/startChat",
        body: { message: { type: "text", text: "I want a pizza" }, prefilledVariables: { phone: from }, textBubbleContentFormat: "markdown" },
      },
      {
        path: `/api/v1/sessions/${session!.sessionId}/continueChat`,
        body: { message: { type: "text", text: "Medium", metadata: { replyId: "size-m" } }, textBubbleContentFormat: "markdown" },
      },
      { path: `/api/v1/sessions/${session!.sessionId}/continueChat`, body: { message: { type: "text", text: "Sara" }, textBubbleContentFormat: "markdown" } },
    ]);
    // GraphQL says the rule's kind as REST does.
    const rules = await b.api.graphql(RulesWithKind);
    expect(rules.data?.automationRules).toEqual([{ id: String(b.rule.id), botKind: "typebot", botUrl: typebot.url }]);
  });

  it("starts a new chat, once, for a session Typebot no longer knows, and for one the gateway let expire", async () => {
    const b = await business();
    const from = contact();
    await writes(b, from, "pizza please");
    const [expired] = await sessionsOf(b, from);
    typebot.expire();
    const before = typebot.calls.length;
    const again = await writes(b, from, "Large");
    expect(again.work.outcome).toBe("answered");
    expect(again.sent.map((m) => m.body)).toEqual(["Hi! I am *Pizza bot*.", "", "Which size?"]);
    expect(typebot.calls.slice(before).map((c) => c.path)).toEqual([`/api/v1/sessions/${expired!.sessionId}/continueChat`, "/api/v1/typebots/pizza-order/startChat"]);
    const [fresh] = await sessionsOf(b, from);
    expect(fresh!.sessionId).not.toBe(expired!.sessionId);

    // Four quiet hours later the conversation is over: the next message of the rule's starts again.
    server.app.deps.clock.advance(4 * 3_600_000 + 1_000);
    const later = typebot.calls.length;
    expect((await writes(b, from, "Small")).work.outcome).toBe("no_rule");
    const restarted = await writes(b, from, "pizza");
    expect(restarted.work.outcome).toBe("answered");
    expect(typebot.calls.slice(later).map((c) => c.path)).toEqual(["/api/v1/typebots/pizza-order/startChat"]);
  });

  it("sends the rule's own text when Typebot is slower than AUTOMATION_BOT_TIMEOUT_MS, fails or answers something else, and asks it once", async () => {
    const b = await business();
    const before = typebot.calls.length;
    const release = typebot.hold();
    const slow = await writes(b, contact(), "pizza");
    release();
    expect([slow.work.outcome, slow.sent.map((m) => m.body)]).toEqual(["bot_failed", ["Our assistant is away"]]);
    typebot.state.mode = "error";
    const failing = await writes(b, contact(), "pizza");
    typebot.state.mode = "garbage";
    const unreadable = await writes(b, contact(), "pizza");
    typebot.state.mode = "answer";
    expect([failing.work.outcome, failing.sent.map((m) => m.body)]).toEqual(["bot_failed", ["Our assistant is away"]]);
    expect([unreadable.work.outcome, unreadable.sent.map((m) => m.body)]).toEqual(["bot_failed", ["Our assistant is away"]]);
    expect(typebot.calls.length - before).toBe(3);
    expect(await server.app.deps.db.automationTypebotSession.count({ where: { tenantId: b.t.id } })).toBe(0);
  });

  it("charges each message it sends: a turn the monthly allowance cuts short sends what fits, and one it leaves no room for is refused", async () => {
    const b = await business({ monthlyLimit: 2 });
    const from = contact();
    const cut = await writes(b, from, "pizza");
    expect([cut.work.outcome, cut.sent.map((m) => m.body)]).toEqual(["answered", ["Hi! I am *Pizza bot*.", ""]]);
    const refused = await writes(b, from, "Small", "size-s");
    expect([refused.work.outcome, refused.work.messageId, refused.sent]).toEqual(["refused", null, []]);
  });

  it("forgets the contact's conversation when the contact is erased", async () => {
    const b = await business();
    const from = contact();
    const other = contact();
    await writes(b, from, "pizza");
    await writes(b, other, "pizza");
    expect((await sessionsOf(b, from)).length).toBe(1);
    const erased = await b.api.post(`/contacts/${from}/erase`, {});
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await sessionsOf(b, from)).toEqual([]);
    expect((await sessionsOf(b, other)).length).toBe(1);
  });

  it("ends the rule's conversations when the rule is deleted, and only that business's", async () => {
    const b = await business();
    const other = await business();
    const from = contact();
    await writes(b, from, "pizza");
    await writes(other, from, "pizza");
    expect([(await sessionsOf(b, from)).length, (await sessionsOf(other, from)).length]).toEqual([1, 1]);
    expect((await b.api.delete(`/automation/rules/${b.rule.id}`)).status).toBe(200);
    expect(await sessionsOf(b, from)).toEqual([]);
    expect((await sessionsOf(other, from)).length).toBe(1);
  });

  it("refuses a Typebot address that is not a startChat URL, and a bot kind on a rule that is no bot, naming the field", async () => {
    const b = await business();
    const wrong = await b.api.post("/automation/rules", { name: "T", trigger: "fallback", action: "bot", bot_kind: "typebot", bot_url: "https://typebot.example.com/my-bot" });
    expect([wrong.status, Object.keys(wrong.body.error.fields)]).toEqual([422, ["bot_url"]]);
    const reply = await b.api.post("/automation/rules", { name: "T", trigger: "fallback", action: "reply", message: "m", bot_kind: "typebot" });
    expect([reply.status, Object.keys(reply.body.error.fields)]).toEqual([422, ["bot_kind"]]);
    const unknown = await b.api.post("/automation/rules", { name: "T", trigger: "fallback", action: "bot", bot_kind: "dify", bot_url: typebot.url });
    expect([unknown.status, Object.keys(unknown.body.error.fields)]).toEqual([422, ["bot_kind"]]);
    expect((await b.api.get("/automation/rules")).body.rules.map((r: { name: string }) => r.name)).toEqual(["Pizza"]);
    // A Typebot rule turned into a webhook bot gets its secret then, once.
    const webhook = await b.api.put(`/automation/rules/${b.rule.id}`, { bot_kind: "webhook", bot_url: "https://bot.example.com/hook" });
    expect([webhook.body.rule.bot_kind, typeof webhook.body.bot_secret]).toEqual(["webhook", "string"]);
  });
});
