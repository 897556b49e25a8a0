import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, useServer, type TestServer } from "./kit/server.js";
import { postCloudWebhook, postWahaText } from "./kit/provider-signing.js";
import { startSwitchableProvider } from "./kit/switchable-provider.js";
import { WINDOW_APP_SECRET } from "./kit/customer-window.js";
import { cloud } from "./kit/provider-payloads.js";
import { waitFor } from "./kit/wait.js";

// Automation rules (docs/automation.md) through REST and GraphQL, answering contacts who write to a
// simulator number over a signed WAHA webhook. Each wait is on the server's own record of the
// message it looked at (automation_work's outcome), never on time.

const HMAC = "automation-hmac";
let serial = 0;

interface Business {
  id: number;
  key: string;
  account: { id: number; phoneNumber: string };
  api: ReturnType<TestServer["client"]>;
}

async function business(server: TestServer): Promise<Business> {
  const t = await server.seed.tenant().account().create();
  const account = t.accounts[0]!;
  await server.app.deps.db.account.update({ where: { id: account.id }, data: { settings: { waha: { session: `auto-${account.id}` } } } });
  return { id: t.id, key: t.key, account, api: server.client(t.key) };
}

/** A contact writes to the business; answers what the rules made of it once they looked. */
async function contactWrites(server: TestServer, b: Business, from: string, text: string) {
  const before = await server.app.deps.db.inboundMessage.count({ where: { tenantId: b.id } });
  expect((await postWahaText(server.url, HMAC, `auto-${b.account.id}`, b.account.phoneNumber, from, `${text}`)).stored).toBe(1);
  const [inbound] = await server.app.deps.db.inboundMessage.findMany({ where: { tenantId: b.id }, orderBy: { id: "desc" }, take: 1, skip: 0 });
  expect(await server.app.deps.db.inboundMessage.count({ where: { tenantId: b.id } })).toBe(before + 1);
  return waitFor(
    () => server.app.deps.db.automationWork.findUnique({ where: { inboundMessageId: inbound!.id } }),
    (w) => w === null || w.status === "done",
  );
}

const contact = () => `96650${String(7_000_000 + ++serial).padStart(7, "0")}`;

describe("automation rules", () => {
  const server = useServer({ WAHA_WEBHOOK_HMAC_KEY: HMAC, SIMULATOR_LATENCY_MS: "0", WORKER_POLL_MS: "20" });

  it("are made, listed in order, changed and deleted over REST, each change audited; bad ones are refused with the field named", async () => {
    const b = await business(server());
    const price = await b.api.post("/automation/rules", { name: "Prices", trigger: "keyword", keyword: "السعر", action: "reply", message: "Our prices: example.com/prices" });
    expect(price.status, JSON.stringify(price.body)).toBe(200);
    expect(price.body.rule).toMatchObject({
      name: "Prices",
      position: 1,
      trigger: "keyword",
      keyword: "السعر",
      pattern: null,
      action: "reply",
      cooldown_seconds: 600,
      enabled: true,
      account_ids: [],
    });
    const order = await b.api.post("/automation/rules", { name: "Order", trigger: "pattern", pattern: "order\\s*#?\\p{Nd}+", action: "reply", message: "Checking your order" });
    expect(order.body.rule.position).toBe(2);

    const refusals: Array<[object, string]> = [
      [{ name: "x", trigger: "pattern", pattern: "(a)\\1", action: "reply", message: "m" }, "pattern"],
      [{ name: "x", trigger: "pattern", pattern: `a${"b".repeat(200)}`, action: "reply", message: "m" }, "pattern"],
      [{ name: "x", trigger: "keyword", pattern: "a", action: "reply", message: "m" }, "pattern"],
      [{ name: "x", trigger: "keyword", action: "reply", message: "m" }, "keyword"],
      [{ name: "x", trigger: "fallback", action: "reply" }, "message"],
      [{ name: "x", trigger: "fallback", action: "reply", message: "m", account_ids: [999_999] }, "account_ids"],
      [{ name: "x", trigger: "fallback", action: "bot", bot_url: "http://127.0.0.1:9/webhook/x" }, "bot_url"],
      [{ name: "x", trigger: "fallback", action: "bot" }, "bot_url"],
      [{ name: "x", trigger: "fallback", action: "reply", message: "m", bot_url: "https://bots.example.com/x" }, "bot_url"],
    ];
    for (const [body, field] of refusals) {
      const r = await b.api.post("/automation/rules", body);
      expect([r.status, Object.keys(r.body.error.fields ?? {})], JSON.stringify(body)).toEqual([422, [field]]);
    }
    expect(await server().app.deps.db.automationRule.count({ where: { tenantId: b.id } })).toBe(2);

    const moved = await b.api.put(`/automation/rules/${order.body.rule.id}`, { position: 0 });
    expect(moved.status).toBe(422);
    const first = await b.api.put(`/automation/rules/${order.body.rule.id}`, { position: 1, cooldown_seconds: 60 });
    expect(first.body.rule).toMatchObject({ position: 1, cooldown_seconds: 60, pattern: "order\\s*#?\\p{Nd}+" });
    // Same position: the older rule first.
    expect((await b.api.get("/automation/rules")).body.rules.map((r: { name: string }) => r.name)).toEqual(["Prices", "Order"]);
    expect((await b.api.put(`/automation/rules/${price.body.rule.id}`, { position: 3 })).status).toBe(200);
    expect((await b.api.get("/automation/rules")).body.rules.map((r: { name: string }) => r.name)).toEqual(["Order", "Prices"]);

    expect((await b.api.delete(`/automation/rules/${price.body.rule.id}`)).status).toBe(200);
    expect((await b.api.get(`/automation/rules/${price.body.rule.id}`)).status).toBe(404);
    const audit = await server().app.deps.db.auditEvent.findMany({ where: { tenantId: b.id, action: { startsWith: "automation_rule." } }, orderBy: { id: "asc" } });
    expect(audit.map((e) => e.action)).toEqual([
      "automation_rule.created",
      "automation_rule.created",
      "automation_rule.updated",
      "automation_rule.updated",
      "automation_rule.deleted",
    ]);

    // Another business sees none of them.
    const other = await business(server());
    expect((await other.api.get(`/automation/rules/${order.body.rule.id}`)).status).toBe(404);
    expect((await other.api.get("/automation/rules")).body.rules).toEqual([]);
  });

  it("need automation:manage, and a key limited to some numbers makes rules for those numbers only", async () => {
    const b = await business(server());
    const reader = (await b.api.post("/keys", { label: "reader", scopes: ["messages:read"] })).body.secret as string;
    const refused = await server().client(reader).post("/automation/rules", { name: "x", trigger: "fallback", action: "reply", message: "m" });
    expect([refused.status, refused.body.error.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
    const limited = (await b.api.post("/keys", { label: "limited", scopes: ["automation:manage"], account_ids: [b.account.id] })).body.secret as string;
    const made = await server().client(limited).post("/automation/rules", { name: "mine", trigger: "fallback", action: "reply", message: "m" });
    expect(made.body.rule.account_ids).toEqual([b.account.id]);
    const wide = await b.api.post("/automation/rules", { name: "all", trigger: "fallback", action: "reply", message: "m" });
    expect((await server().client(limited).get("/automation/rules")).body.rules.map((r: { name: string }) => r.name)).toEqual(["mine"]);
    expect((await server().client(limited).get(`/automation/rules/${wide.body.rule.id}`)).status).toBe(404);
  });

  it("answer a contact's Arabic keyword once per cooldown, as a normal message marked automation, and say so in a trial", async () => {
    // To the next noon in the service's time zone: the cooldown's ten minutes below stay in one day, whose count is read.
    const clock = server().app.deps.clock;
    clock.advance(clock.startOfNextDay().getTime() + 12 * 3_600_000 - clock.now().getTime());
    const b = await business(server());
    const rule = (await b.api.post("/automation/rules", { name: "Prices", trigger: "keyword", keyword: "السعر", action: "reply", message: "الأسعار هنا", cooldown_seconds: 600 }))
      .body.rule;
    const trial = await b.api.post("/automation/rules/test", { message: "كم السِّعر؟" });
    expect(trial.body).toMatchObject({ rule: { id: rule.id }, message: "الأسعار هنا", handover: false });
    expect((await b.api.post("/automation/rules/test", { message: "السعرات" })).body.rule).toBeNull();

    const sara = contact();
    const worked = await contactWrites(server(), b, sara, "كم السِّعر؟");
    expect(worked).toMatchObject({ outcome: "answered", ruleId: rule.id });
    const sent = await waitFor(
      () => b.api.request("POST", "/graphql", { query: `{ message(id: "${worked!.messageId}") { to text status source automationRuleId accountId } }` }),
      (r) => r.body.data?.message?.status === "sent",
    );
    expect(sent.body.data.message).toEqual({ to: sara, text: "الأسعار هنا", status: "sent", source: "automation", automationRuleId: rule.id, accountId: b.account.id });
    expect((await b.api.get("/balance")).body.messages.used).toBe(1);

    // Within the cooldown the same rule stays quiet; after it, it answers again.
    expect(await contactWrites(server(), b, sara, "السعر")).toMatchObject({ outcome: "no_rule", messageId: null });
    server().app.deps.clock.advance(601_000);
    expect(await contactWrites(server(), b, sara, "السعر")).toMatchObject({ outcome: "answered", ruleId: rule.id });
    // Another contact has a cooldown of their own.
    expect(await contactWrites(server(), b, contact(), "السعر؟")).toMatchObject({ outcome: "answered" });
    expect(await server().app.deps.db.message.count({ where: { tenantId: b.id, automationRuleId: rule.id } })).toBe(3);
    // Seen from outside: each inbound message says what the rules made of it, each rule how often it answered today.
    const looks = await b.api.request("POST", "/graphql", {
      query: "{ inboundMessages(first: 10) { edges { node { text automation { done outcome ruleId } } } } automationRules { id answeredToday } }",
    });
    expect(looks.body.data.inboundMessages.edges.map((e: { node: unknown }) => e.node)).toEqual([
      { text: "السعر؟", automation: { done: true, outcome: "answered", ruleId: rule.id } },
      { text: "السعر", automation: { done: true, outcome: "answered", ruleId: rule.id } },
      { text: "السعر", automation: { done: true, outcome: "no_rule", ruleId: null } },
      { text: "كم السِّعر؟", automation: { done: true, outcome: "answered", ruleId: rule.id } },
    ]);
    expect(looks.body.data.automationRules).toEqual([{ id: String(rule.id), answeredToday: 3 }]);
  });

  it("try the first rule that applies, in order: a first message, a pattern, then the fallback", async () => {
    const b = await business(server());
    const welcome = (await b.api.post("/automation/rules", { name: "Welcome", trigger: "first_message", action: "reply", message: "Welcome!" })).body.rule;
    const order = (await b.api.post("/automation/rules", { name: "Order", trigger: "pattern", pattern: "order\\s*#?\\p{Nd}+", action: "reply", message: "Checking" })).body.rule;
    const fallback = (await b.api.post("/automation/rules", { name: "Else", trigger: "fallback", action: "reply", message: "A person will answer", cooldown_seconds: 0 })).body
      .rule;
    const c = contact();
    expect(await contactWrites(server(), b, c, "order ١٢٣")).toMatchObject({ outcome: "answered", ruleId: welcome.id });
    expect(await contactWrites(server(), b, c, "ORDER #123")).toMatchObject({ outcome: "answered", ruleId: order.id });
    expect(await contactWrites(server(), b, c, "thanks")).toMatchObject({ outcome: "answered", ruleId: fallback.id });
    expect(await contactWrites(server(), b, c, "thanks again")).toMatchObject({ outcome: "answered", ruleId: fallback.id });
  });

  it("never answer an opted-out contact, another business's number, or a contact handed to a person until the handover ends", async () => {
    const b = await business(server());
    const handover = (await b.api.post("/automation/rules", { name: "Agent", trigger: "keyword", keyword: "agent", action: "handover", message: "Connecting you" })).body.rule;
    const fallback = (await b.api.post("/automation/rules", { name: "Else", trigger: "fallback", action: "reply", message: "Auto", cooldown_seconds: 0 })).body.rule;

    const stopper = contact();
    expect(await contactWrites(server(), b, stopper, "STOP")).toBeNull();
    expect(await contactWrites(server(), b, stopper, "hello?")).toMatchObject({ outcome: "opted_out", messageId: null });

    // Two businesses with a fallback each: one's number writing to the other is never answered, so they cannot talk forever.
    const a = await business(server());
    await a.api.post("/automation/rules", { name: "Else", trigger: "fallback", action: "reply", message: "Auto", cooldown_seconds: 0 });
    expect(await contactWrites(server(), b, a.account.phoneNumber, "hello")).toMatchObject({ outcome: "business_number" });
    expect(await contactWrites(server(), a, b.account.phoneNumber, "Auto")).toMatchObject({ outcome: "business_number" });

    const c = contact();
    expect(await contactWrites(server(), b, c, "agent please")).toMatchObject({ outcome: "handed_over", ruleId: handover.id });
    expect(await contactWrites(server(), b, c, "hello?")).toMatchObject({ outcome: "with_a_person" });
    server().app.deps.clock.advance(server().app.deps.config.automation.handoverMs + 1_000);
    expect(await contactWrites(server(), b, c, "hello?")).toMatchObject({ outcome: "answered", ruleId: fallback.id });
    const texts = await server().app.deps.db.message.findMany({ where: { tenantId: b.id, to: c }, orderBy: { id: "asc" }, select: { body: true } });
    expect(texts.map((m) => m.body)).toEqual(["Connecting you", "Auto"]);
  });
});

describe("automation rules on a WhatsApp Cloud number", () => {
  let provider: Awaited<ReturnType<typeof startSwitchableProvider>>;
  let server: TestServer;
  beforeAll(async () => {
    provider = await startSwitchableProvider();
    server = await startServer({ WHATSAPP_CLOUD_BASE_URL: provider.url, WHATSAPP_CLOUD_APP_SECRET: WINDOW_APP_SECRET, WORKER_POLL_MS: "20" });
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  it("answer the button a contact chose by its id, from the number it was sent to, through the provider", async () => {
    const phoneNumberId = `pn-auto-${process.pid}`;
    const t = await server.seed.tenant().account({ cloud: { phoneNumberId } }).create();
    const api = server.client(t.key);
    const confirm = (await api.post("/automation/rules", { name: "Confirmed", trigger: "reply_id", reply_id: "confirm_appointment", action: "reply", message: "See you then" }))
      .body.rule;
    expect((await api.post("/automation/rules/test", { message: "Yes", reply_id: "confirm_appointment" })).body.rule.id).toBe(confirm.id);
    const from = contact();
    const button = { type: "button_reply", button_reply: { id: "confirm_appointment", title: "Yes, confirm" } };
    const message = { from, id: `wamid.AUTO${process.pid}`, timestamp: String(Math.floor(Date.now() / 1000)), type: "interactive", interactive: button };
    const payload = cloud([message], [{ profile: { name: "Sara" }, wa_id: from }]);
    payload.entry[0]!.changes[0]!.value.metadata.phone_number_id = phoneNumberId;
    expect((await postCloudWebhook(server.url, JSON.stringify(payload), WINDOW_APP_SECRET)).status).toBe(200);

    const inbound = await server.app.deps.db.inboundMessage.findFirstOrThrow({ where: { tenantId: t.id } });
    expect(inbound.choiceId).toBe("confirm_appointment");
    const done = await waitFor(
      () => server.app.deps.db.automationWork.findUniqueOrThrow({ where: { inboundMessageId: inbound.id } }),
      (w) => w.status === "done",
    );
    expect(done).toMatchObject({ outcome: "answered", ruleId: confirm.id });
    const sent = await waitFor(
      () => server.app.deps.db.message.findUniqueOrThrow({ where: { id: done.messageId! } }),
      (m) => m.status === "sent",
    );
    expect(sent).toMatchObject({ to: from, body: "See you then", accountId: t.accounts[0]!.id, automationRuleId: confirm.id });
    expect(provider.accepted).toEqual([from]);
  });
});
