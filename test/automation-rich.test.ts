import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { WINDOW_APP_SECRET } from "./kit/customer-window.js";
import { cloud } from "./kit/provider-payloads.js";
import { postCloudWebhook, postWahaText } from "./kit/provider-signing.js";
import { startN8n } from "./kit/n8n.js";
import { waitFor } from "./kit/wait.js";

// Automation rules that answer with a rich kind (docs/automation.md, "Rich answers"): buttons, a
// list, a document and a WhatsApp template message, given in POST /send's fields, read back as
// given, and sent from a WhatsApp Cloud number: what the Graph API stand-in receives is Meta's
// shape for each (the driver's bodies, test/channel-whatsapp-cloud.test.ts). Bad content is refused
// naming the field, a kind a WAHA number cannot send is refused on save or recorded `unsendable`
// when answering, and a bot's rich answer is sent, or replaced by the rule's own when it is bad.

const HMAC = "automation-rich-hmac";
/** A public address: media links must not lead inward, and names cannot be resolved offline. */
const PUBLIC = "https://93.184.216.34";
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let n8n: Awaited<ReturnType<typeof startN8n>>;
let server: TestServer;
let serial = 0;

beforeAll(async () => {
  provider = await startFakeProvider((req) =>
    req.path.startsWith("/api/")
      ? { status: 201, body: { id: { _serialized: `true_x_${++serial}` } } }
      : { status: 200, body: { messages: [{ id: `wamid.AUTORICH${++serial}` }] } },
  );
  // The workflow answers what the contact asked for: a list, or content no send may carry.
  n8n = await startN8n({
    path: "rich",
    workflow: (event) =>
      /list/.test(event.data.text)
        ? {
            reply: {
              message: "Which branch?",
              interactive: {
                list: {
                  button: "Branches",
                  sections: [
                    {
                      rows: [
                        { id: "ryd", title: "Riyadh" },
                        { id: "jed", title: "Jeddah" },
                      ],
                    },
                  ],
                },
              },
            },
          }
        : { reply: { message: "Pick", interactive: { buttons: ["a", "b", "c", "d"].map((id) => ({ id, title: id })) } } },
  });
  server = await startServer({
    WHATSAPP_CLOUD_BASE_URL: provider.url,
    WHATSAPP_CLOUD_APP_SECRET: WINDOW_APP_SECRET,
    WAHA_BASE_URL: provider.url,
    WAHA_WEBHOOK_HMAC_KEY: HMAC,
    WORKER_POLL_MS: "20",
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
    AUTOMATION_BOT_TIMEOUT_MS: "3000",
  });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
  await n8n?.close();
});

const contact = () => `96650${String(6_000_000 + process.pid * 10 + ++serial).slice(-7)}`;

/** A business with a WhatsApp Cloud number and a WAHA number. */
async function business() {
  const phoneNumberId = `pn-autorich-${++serial}`;
  const t = await server.seed
    .tenant()
    .account({ cloud: { phoneNumberId } })
    .account({ wahaSession: `autorich-${serial}` })
    .create();
  const [cloudNumber, waha] = t.accounts;
  return { ...t, api: server.client(t.key), phoneNumberId, cloudNumber: cloudNumber!, waha: { ...waha!, session: `autorich-${serial}` } };
}
type Business = Awaited<ReturnType<typeof business>>;

/** The automation look at the contact's latest message, once done. */
async function looked(b: Business) {
  const inbound = await server.app.deps.db.inboundMessage.findFirstOrThrow({ where: { tenantId: b.id }, orderBy: { id: "desc" } });
  return waitFor(
    () => server.app.deps.db.automationWork.findUniqueOrThrow({ where: { inboundMessageId: inbound.id } }),
    (w) => w.status === "done",
  );
}

/** A contact writes to the Cloud number; answers the look and the body the Graph API stand-in got for the answer. */
async function writesToCloud(b: Business, text: string, from = contact()) {
  const message = { from, id: `wamid.IN${process.pid}x${++serial}`, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } };
  const payload = cloud([message], [{ profile: { name: "Sara" }, wa_id: from }]);
  payload.entry[0]!.changes[0]!.value.metadata.phone_number_id = b.phoneNumberId;
  expect((await postCloudWebhook(server.url, JSON.stringify(payload), WINDOW_APP_SECRET)).status).toBe(200);
  const work = await looked(b);
  if (work.messageId === null) return { work, sent: undefined };
  await waitFor(
    () => server.app.deps.db.message.findUniqueOrThrow({ where: { id: work.messageId! } }),
    (m) => m.status === "sent",
  );
  const sent = provider.requests.filter((r) => r.path === `/v21.0/${b.phoneNumberId}/messages` && (r.body as { to: string }).to === from).at(-1);
  return { work, sent: sent?.body };
}

const envelope = (to: string) => ({ messaging_product: "whatsapp", recipient_type: "individual", to });
const buttons = {
  buttons: [
    { id: "morning", title: "Morning" },
    { id: "evening", title: "Evening" },
  ],
};

const template = { name: "booking_reminder", language: "ar", body: ["Sara"] };
const rules = {
  buttons: { message: "When would you like to come?", interactive: buttons },
  list: {
    message: "Where?",
    interactive: { header: "Branches", list: { button: "Choose", sections: [{ title: "Riyadh", rows: [{ id: "olaya", title: "Olaya", description: "Olaya St" }] }] } },
  },
  document: { message: "Our prices", media: { type: "document", url: `${PUBLIC}/files/prices.pdf` } },
  template: { whatsapp_template: template },
};

/** A business whose rule for each keyword of `rules` answers with its content. */
async function richBusiness() {
  const b = await business();
  expect((await b.api.post("/whatsapp-templates", { name: "booking_reminder", language: "ar", category: "utility", body_parameters: 1 })).status).toBe(200);
  for (const [keyword, content] of Object.entries(rules)) {
    const made = await b.api.post("/automation/rules", { name: keyword, trigger: "keyword", keyword, action: "reply", ...content });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.rule).toMatchObject({ media: null, location: null, contacts: null, interactive: null, whatsapp_template: null, image_url: null, ...content });
  }
  return b;
}

/** What the contact's keyword was answered with, as the Graph API stand-in received it. */
async function answerTo(b: Business, keyword: string, from: string) {
  const { work, sent } = await writesToCloud(b, keyword, from);
  expect(work.outcome).toBe("answered");
  return sent;
}

describe("automation rules with rich answers", () => {
  it("are given as POST /send's fields, read back as given over REST and GraphQL, and tried", async () => {
    const b = await richBusiness();
    const listed = (await b.api.get("/automation/rules")).body.rules;
    expect(listed[0].interactive).toEqual(buttons);
    expect(listed[3]).toMatchObject({ message: null, whatsapp_template: template });
    const read = await b.api.request("POST", "/graphql", {
      query: "{ automationRules { interactive { header footer buttons { id title } list { button } } whatsappTemplate { name body buttons { index } } } }",
    });
    expect(read.body.data.automationRules[0]).toEqual({ interactive: { header: null, footer: null, list: null, ...buttons }, whatsappTemplate: null });
    expect(read.body.data.automationRules[3]).toEqual({ interactive: null, whatsappTemplate: { name: "booking_reminder", body: ["Sara"], buttons: null } });
    const trial = await b.api.post("/automation/rules/test", { message: "buttons please" });
    expect(trial.body).toMatchObject({ rule: { name: "buttons" }, message: "When would you like to come?", interactive: buttons, media: null, handover: false });
    const graphTrial = await b.api.request("POST", "/graphql", { query: '{ automationTrial(input: { text: "the list" }) { text interactive { header list { button } } } }' });
    expect(graphTrial.body.data.automationTrial).toEqual({ text: "Where?", interactive: { header: "Branches", list: { button: "Choose" } } });
  });

  it("send buttons and a list from a Cloud number in Meta's shape", async () => {
    const b = await richBusiness();
    const from = contact();
    expect(await answerTo(b, "buttons", from)).toEqual({
      ...envelope(from),
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: "When would you like to come?" },
        action: { buttons: buttons.buttons.map((reply) => ({ type: "reply", reply })) },
      },
    });
    expect(await answerTo(b, "list", from)).toEqual({
      ...envelope(from),
      type: "interactive",
      interactive: {
        type: "list",
        header: { type: "text", text: "Branches" },
        body: { text: "Where?" },
        action: { button: "Choose", sections: [{ title: "Riyadh", rows: [{ id: "olaya", title: "Olaya", description: "Olaya St" }] }] },
      },
    });
    expect((await b.api.get("/balance")).body.messages.used).toBe(2);
  });

  it("send a document and a WhatsApp template message from a Cloud number in Meta's shape", async () => {
    const b = await richBusiness();
    const from = contact();
    expect(await answerTo(b, "document", from)).toEqual({
      ...envelope(from),
      type: "document",
      document: { link: `${PUBLIC}/files/prices.pdf`, caption: "Our prices", filename: "prices.pdf" },
    });
    expect(await answerTo(b, "template", from)).toEqual({
      ...envelope(from),
      type: "template",
      template: { name: "booking_reminder", language: { code: "ar" }, components: [{ type: "body", parameters: [{ type: "text", text: "Sara" }] }] },
    });
    expect((await b.api.get("/balance")).body.messages.used).toBe(2);
  });

  it("refuse bad content with 422 naming the field, storing nothing, as POST /send does", async () => {
    const b = await business();
    const rule = { name: "x", trigger: "fallback", action: "reply" };
    const refusals: Array<[object, string]> = [
      [{ message: "Pick", interactive: { buttons: ["a", "b", "c", "d"].map((id) => ({ id, title: id })) } }, "interactive[buttons]"],
      [{ message: "Pick", interactive: { buttons: [{ id: "a", title: "x".repeat(21) }] } }, "interactive[buttons][0][title]"],
      [{ interactive: buttons }, "message"],
      [{ message: "Here", location: { latitude: 24.7, longitude: 46.7 } }, "message"],
      [{ message: "Pick", image_url: `${PUBLIC}/a.jpg`, interactive: buttons }, "interactive"],
      [{ media: { type: "image", url: "https://127.0.0.1/a.jpg" } }, "media[url]"],
      [{ media: { type: "image", url: `${PUBLIC}/a.pdf` } }, "media[url]"],
      [{ whatsapp_template: { name: "not_registered", language: "ar" } }, "whatsapp_template[name]"],
      [{ reaction: { message: 1, emoji: "👍" } }, "reaction"],
      // A kind the rule's only number cannot send: WAHA carries neither buttons nor templates.
      [{ message: "Pick", interactive: buttons, account_ids: [b.waha.id] }, "interactive"],
      [{ message: "Pick", interactive: buttons, account_ids: [b.cloudNumber.id, b.waha.id] }, "interactive"],
    ];
    for (const [body, field] of refusals) {
      const r = await b.api.post("/automation/rules", { ...rule, ...body });
      expect([r.status, r.body.error?.code, Object.keys(r.body.error?.fields ?? {})], JSON.stringify(body)).toEqual([422, "VALIDATION_ERROR", [field]]);
    }
    // A change meeting the rule's own kind is checked as a whole.
    const made = (await b.api.post("/automation/rules", { ...rule, message: "Pick", interactive: buttons, account_ids: [b.cloudNumber.id] })).body.rule;
    const clash = await b.api.put(`/automation/rules/${made.id}`, { image_url: `${PUBLIC}/a.jpg` });
    expect([clash.status, Object.keys(clash.body.error.fields)]).toEqual([422, ["interactive"]]);
    expect((await b.api.put(`/automation/rules/${made.id}`, { message: null })).body.error.fields).toEqual({ message: "is required: it is the interactive message's body" });
    expect((await b.api.put(`/automation/rules/${made.id}`, { account_ids: [b.waha.id] })).body.error.fields.interactive).toMatch(
      /number \d+, whose channel does not carry interactive/,
    );
    // Over GraphQL: the same checks in GraphQL's names; a reaction is no field of a rule.
    const gql = (input: object) =>
      b.api.request("POST", "/graphql", { query: "mutation($input: CreateAutomationRuleInput!) { createAutomationRule(input: $input) { rule { id } } }", variables: { input } });
    const long = await gql({ ...rule, text: "Pick", interactive: { buttons: [{ id: "a", title: "x".repeat(21) }] } });
    expect(long.body.errors[0].extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { "interactive[buttons][0][title]": "must be at most 20 characters" } });
    const reaction = await gql({ ...rule, reaction: { message: "1", emoji: "👍" } });
    expect(reaction.body.errors[0].extensions.fields.input).toMatch(/"reaction" is not defined/);
    expect(await server.app.deps.db.automationRule.findMany({ where: { tenantId: b.id }, select: { text: true, imageUrl: true, accountIds: true, content: true } })).toEqual([
      { text: "Pick", imageUrl: null, accountIds: [b.cloudNumber.id], content: { interactive: buttons } },
    ]);
  });

  it("answering on a number that cannot send the kind records `unsendable` and charges nothing", async () => {
    const b = await business();
    const rule = (await b.api.post("/automation/rules", { name: "Buttons", trigger: "fallback", action: "reply", message: "Pick", interactive: buttons })).body.rule;
    const from = contact();
    expect((await postWahaText(server.url, HMAC, b.waha.session, b.waha.phoneNumber, from, "hello")).stored).toBe(1);
    expect(await looked(b)).toMatchObject({ outcome: "unsendable", ruleId: rule.id, messageId: null });
    expect(await server.app.deps.db.message.count({ where: { tenantId: b.id } })).toBe(0);
    expect((await b.api.get("/balance")).body.messages.used).toBe(0);
  });

  it("send a bot's list, and the rule's own answer when the bot's content fails the send's checks", async () => {
    const b = await business();
    const made = await b.api.post("/automation/rules", {
      name: "Bot",
      trigger: "fallback",
      action: "bot",
      bot_url: n8n.url,
      message: "We will get back to you",
      cooldown_seconds: 0,
    });
    n8n.state.secret = made.body.bot_secret;
    const from = contact();
    const list = await writesToCloud(b, "a list please", from);
    expect(list.work.outcome).toBe("answered");
    expect(list.sent).toEqual({
      ...envelope(from),
      type: "interactive",
      interactive: {
        type: "list",
        body: { text: "Which branch?" },
        action: {
          button: "Branches",
          sections: [
            {
              rows: [
                { id: "ryd", title: "Riyadh" },
                { id: "jed", title: "Jeddah" },
              ],
            },
          ],
        },
      },
    });
    const bad = await writesToCloud(b, "buttons please", from);
    expect(bad.work.outcome).toBe("bot_failed");
    expect(bad.sent).toEqual({ ...envelope(from), type: "text", text: { body: "We will get back to you", preview_url: false } });
  });
});
