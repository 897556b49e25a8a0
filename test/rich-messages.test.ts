import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { startFakeProvider, type Recorded } from "./kit/fake-provider.js";
import { contactWrote, WINDOW_APP_SECRET } from "./kit/customer-window.js";
import { graphql } from "../src/gql/index.js";

const RegisterTicket = graphql(`
  mutation RichRegisterTicket {
    registerWhatsAppTemplate(input: { name: "ticket", language: "en_US", category: utility, headerFormat: document, bodyParameters: 2, buttons: [{ type: url, parameters: 1 }] }) {
      id bodyParameters headerParameters
    }
  }
`);
const SendRich = graphql(`
  mutation RichSend($input: SendMessageInput!) {
    sendMessage(input: $input) { message { id kind status } }
  }
`);

// Content kinds end to end, through REST and GraphQL over the same resolvers: what each channel
// can carry (the capability matrix), automatic sender choice among numbers that can, WhatsApp
// template registrations, reactions, and every bad input refused with a 422 naming the field and
// nothing charged. The drivers' exact request bodies are checked in test/channel-*.test.ts.

const HOUR = 3_600_000;
/** Public addresses: media links must not lead inward, and names cannot be resolved offline. */
const PUBLIC = "https://93.184.216.34";
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let server: TestServer;
let serial = 0;

beforeAll(async () => {
  provider = await startFakeProvider((req) =>
    req.path.startsWith("/api/") ? { status: 201, body: { id: { _serialized: `true_x_${++serial}` } } } : { status: 200, body: { messages: [{ id: `wamid.RICH${++serial}` }] } },
  );
  server = await startServer({ WHATSAPP_CLOUD_BASE_URL: provider.url, WAHA_BASE_URL: provider.url, WHATSAPP_CLOUD_APP_SECRET: WINDOW_APP_SECRET });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

let n = 0;
const recipient = () => `9665${String(60_000_000 + process.pid * 1000 + ++n).slice(-8)}`;
const used = async (api: ReturnType<TestServer["client"]>) => (await api.get("/balance")).body.messages.used as number;
const lastTo = (to: string): Recorded | undefined => provider.requests.filter((r) => JSON.stringify(r.body).includes(to)).at(-1);

async function tenant(spec: { cloud?: boolean; waha?: boolean } = { cloud: true }) {
  const seed = server.seed.tenant();
  const phoneNumberId = `pn-rich-${++n}`;
  if (spec.waha) seed.account({ wahaSession: `s${n}` });
  if (spec.cloud) seed.account({ cloud: { phoneNumberId } });
  const t = await seed.create();
  return { ...t, api: server.client(t.key), phoneNumberId };
}

describe("the capability matrix", () => {
  it("GET /accounts shows each number's capabilities; a kind the named number cannot carry is UNSUPPORTED_BY_CHANNEL", async () => {
    const t = await tenant({ waha: true });
    const [account] = (await t.api.get("/accounts")).body.accounts;
    expect(account.capabilities).toEqual({
      channel: "waha",
      kinds: expect.arrayContaining(["text", "image", "document", "location", "contacts", "reaction"]),
      customer_window: false,
    });
    expect(account.capabilities.kinds).not.toContain("interactive");
    expect(account.capabilities.kinds).not.toContain("template");
    const refused = await t.api.post("/send", { to: recipient(), message: "Pick one", interactive: { buttons: [{ id: "yes", title: "Yes" }] }, account_id: account.id });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("UNSUPPORTED_BY_CHANNEL");
    const bulk = await t.api.post("/send-bulk", { numbers: [recipient()], message: "Pick one", interactive: { buttons: [{ id: "yes", title: "Yes" }] } });
    expect(bulk.body.error.code).toBe("UNSUPPORTED_BY_CHANNEL");
    expect(await used(t.api)).toBe(0);
  });

  it("automatic sender choice picks only a number that can carry the kind (and whose window is open)", async () => {
    const t = await tenant({ waha: true, cloud: true });
    const [waha, cloud] = t.accounts;
    const who = recipient();
    await contactWrote(server, { phoneNumberId: t.phoneNumberId, from: who, at: new Date(server.app.deps.clock.now().getTime() - HOUR) });
    const r = await t.api.post("/send", {
      to: who,
      message: "Pick one",
      interactive: {
        buttons: [
          { id: "yes", title: "Yes" },
          { id: "no", title: "No" },
        ],
      },
    });
    expect(r.status).toBe(200);
    const row = await server.app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(r.body.message_id) } });
    expect(row.accountId).toBe(cloud!.id);
    // Text to a contact who never wrote: the Cloud number's window is closed, WAHA has none.
    const text = await t.api.post("/send", { to: recipient(), message: "plain" });
    const textRow = await server.app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(text.body.message_id) } });
    expect(textRow.accountId).toBe(waha!.id);
    expect((await t.api.get(`/messages/${r.body.message_id}`)).body.kind).toBe("interactive");
  });
});

describe("a bulk's senders per recipient", () => {
  it("keeps each recipient to the numbers that fit it: all of them, only WAHA (window closed), or only the Cloud number (a kind WAHA cannot carry)", async () => {
    const t = await tenant({ waha: true, cloud: true });
    const [waha, cloud] = t.accounts;
    const [wrote, silent] = [recipient(), recipient()];
    await contactWrote(server, { phoneNumberId: t.phoneNumberId, from: wrote, at: new Date(server.app.deps.clock.now().getTime() - HOUR) });
    const choicesOf = async (batchId: string) =>
      Object.fromEntries((await server.app.deps.db.message.findMany({ where: { batchId: BigInt(batchId) } })).map((m) => [m.to, m.senderChoices]));

    // Text: the contact who wrote fits both numbers (no list kept: any of them), the silent one only WAHA.
    const text = await t.api.post("/send-bulk", { numbers: [wrote, silent], message: "Hello", send_at: new Date(server.app.deps.clock.now().getTime() + HOUR).toISOString() });
    expect(text.status, JSON.stringify(text.body)).toBe(200);
    expect(await choicesOf(text.body.batch_id)).toEqual({ [wrote]: [], [silent]: [waha!.id] });

    // Buttons only the Cloud number carries: the one who wrote goes from it, the silent one is skipped.
    const buttons = await t.api.post("/send-bulk", {
      numbers: [silent, wrote],
      message: "Pick",
      interactive: { buttons: [{ id: "y", title: "Yes" }] },
      send_at: new Date(server.app.deps.clock.now().getTime() + HOUR).toISOString(),
    });
    expect(buttons.status, JSON.stringify(buttons.body)).toBe(200);
    expect(buttons.body.skipped).toEqual([{ to: silent, reason: "outside_window" }]);
    expect(await choicesOf(buttons.body.batch_id)).toEqual({ [wrote]: [cloud!.id] });
  });
});

describe("content kinds", () => {
  it("sends media, a location, contact cards and a reaction through REST, and stores each kind", async () => {
    const t = await tenant({ waha: true });
    const who = recipient();
    const cases = [
      { media: { type: "document", url: `${PUBLIC}/files/invoice-17.pdf` }, message: "Your invoice" },
      { media: { type: "audio", url: `${PUBLIC}/v/note.ogg`, voice: true } },
      { location: { latitude: 24.7136, longitude: 46.6753, name: "Riyadh store" } },
      { contacts: [{ name: "Sara Ali", phones: ["0501234567"], emails: ["sara@example.com"], organization: "Shop" }] },
    ];
    for (const body of cases) {
      const r = await t.api.post("/send", { to: who, ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.status).toBe("sent");
    }
    const first = await server.app.deps.db.message.findFirstOrThrow({ where: { tenantId: t.id }, orderBy: { id: "asc" } });
    expect(first.content).toMatchObject({ kind: "document", filename: "invoice-17.pdf", mimeType: "application/pdf" });
    const react = await t.api.post("/send", { to: who, reaction: { message: Number(first.id), emoji: "👍" } });
    expect(react.status).toBe(200);
    const row = await server.app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(react.body.message_id) } });
    expect(row.content).toEqual({ kind: "reaction", emoji: "👍", providerMessageId: first.providerMessageId });
    expect(row.accountId).toBe(first.accountId);
    expect(await used(t.api)).toBe(5);
  });

  it("sends a WhatsApp template message over GraphQL with parameters checked against its registration", async () => {
    const t = await tenant();
    const reg = await t.api.graphql(RegisterTicket);
    expect(reg.data?.registerWhatsAppTemplate).toMatchObject({ bodyParameters: 2, headerParameters: 1 });
    const template = {
      name: "ticket",
      language: "en_US",
      header: { type: "document", url: `${PUBLIC}/t/ticket.pdf`, filename: "ticket.pdf" },
      body: ["Sara", "{{seat}}"],
      buttons: [{ index: 0, type: "url", value: "A17" }],
    };
    const ok = await t.api.graphql(SendRich, { input: { to: recipient(), whatsappTemplate: template, variables: { seat: "12C" } } });
    expect(ok.data?.sendMessage.message).toMatchObject({ kind: "template", status: "sent" });
    const row = await server.app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(ok.data!.sendMessage.message.id) } });
    expect(row.content).toMatchObject({ kind: "template", body: ["Sara", "12C"] });
    const wrong = await t.api.graphql(SendRich, { input: { to: recipient(), whatsappTemplate: { ...template, body: ["only one"], buttons: [] } } });
    expect(wrong.errors?.[0]?.extensions).toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { "whatsappTemplate[body]": "takes 2 parameters, 1 given", "whatsappTemplate[buttons]": "is missing the parameter of button 0 (url)" },
    });
    expect(await used(t.api)).toBe(1);
  });

  it("fills a template message's parameters per recipient from a CSV", async () => {
    const t = await tenant();
    await t.api.post("/whatsapp-templates", { name: "order_ready", language: "ar", category: "utility", body_parameters: 1 });
    const [a, b] = [recipient(), recipient()];
    const template = encodeURIComponent(JSON.stringify({ name: "order_ready", language: "ar", body: ["{{order}}"] }));
    const r = await fetch(`${server.url}/api/v1/send-bulk?whatsapp_template=${template}`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "text/csv" },
      body: `to,order\n${a},A-1\n${b},B-2\n`,
    });
    const body = (await r.json()) as { queued: number; messages: Array<{ message_id: number; to: string }> };
    expect(r.status, JSON.stringify(body)).toBe(200);
    expect(body.queued).toBe(2);
    const rows = await server.app.deps.db.message.findMany({ where: { tenantId: t.id }, orderBy: { id: "asc" } });
    expect(rows.map((m) => (m.content as { body: string[] }).body)).toEqual([["A-1"], ["B-2"]]);
  });
});

describe("WhatsApp template registrations", () => {
  it("registers, lists and deletes; refuses a duplicate, a bad shape and another tenant's id", async () => {
    const t = await tenant();
    const other = await tenant();
    const created = await t.api.post("/whatsapp-templates", { name: "promo", language: "ar", category: "marketing", header_format: "image", body_parameters: 1 });
    expect(created.status).toBe(200);
    expect(created.body.whatsapp_template).toMatchObject({ name: "promo", header_format: "image", header_parameters: 1, body_parameters: 1, account_id: null });
    expect((await t.api.post("/whatsapp-templates", { name: "promo", language: "ar", category: "marketing" })).body.error.code).toBe("TEMPLATE_EXISTS");
    const bad = await t.api.post("/whatsapp-templates", { name: "Promo!", language: "arabic", category: "marketing", header_format: "image", header_parameters: 1 });
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["header_parameters", "language", "name"]);
    expect((await t.api.get("/whatsapp-templates")).body.whatsapp_templates).toHaveLength(1);
    expect((await other.api.request("DELETE", `/api/v1/whatsapp-templates/${created.body.whatsapp_template.id}`)).status).toBe(404);
    expect((await t.api.request("DELETE", `/api/v1/whatsapp-templates/${created.body.whatsapp_template.id}`)).status).toBe(200);
    expect((await t.api.get("/whatsapp-templates")).body.whatsapp_templates).toEqual([]);
  });
});

describe("bad content is refused with 422 naming the field, nothing charged or queued", () => {
  it.each([
    ["media over http", { media: { type: "image", url: "http://93.184.216.34/a.jpg" } }, "media[url]"],
    ["media on a private address", { media: { type: "image", url: "https://127.0.0.1/a.jpg" } }, "media[url]"],
    ["an extension the kind does not take", { media: { type: "image", url: `${PUBLIC}/a.pdf` } }, "media[url]"],
    ["a MIME type the kind does not take", { media: { type: "sticker", url: `${PUBLIC}/s`, mimetype: "image/png" } }, "media[mimetype]"],
    ["a caption over 1024", { media: { type: "image", url: `${PUBLIC}/a.jpg` }, message: "x".repeat(1025) }, "message"],
    ["a caption on audio", { media: { type: "audio", url: `${PUBLIC}/a.mp3` }, message: "hi" }, "message"],
    ["a latitude out of range", { location: { latitude: 91, longitude: 0 } }, "location[latitude]"],
    ["a longitude out of range", { location: { latitude: 0, longitude: -181 } }, "location[longitude]"],
    ["text with a location", { location: { latitude: 1, longitude: 1 }, message: "hi" }, "message"],
    ["two kinds", { media: { type: "image", url: `${PUBLIC}/a.jpg` }, location: { latitude: 1, longitude: 1 } }, "location"],
    ["a button title over 20", { message: "Pick", interactive: { buttons: [{ id: "a", title: "x".repeat(21) }] } }, "interactive[buttons][0][title]"],
    ["four buttons", { message: "Pick", interactive: { buttons: ["a", "b", "c", "d"].map((id) => ({ id, title: id })) } }, "interactive[buttons]"],
    ["a reaction to a message that does not exist", { reaction: { message: 999999999, emoji: "👍" } }, "reaction[message]"],
    ["a reaction that is not an emoji", { reaction: { message: 1, emoji: "ok" } }, "reaction[emoji]"],
    ["an unregistered template", { whatsapp_template: { name: "nope", language: "ar" } }, "whatsapp_template[name]"],
    ["a contact card without a phone", { contacts: [{ name: "Sara", phones: [] }] }, "contacts[0][phones]"],
  ])("%s", async (_, content, field) => {
    const t = await tenant();
    const before = provider.requests.length;
    const r = await t.api.post("/send", { to: recipient(), ...content });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.error.code).toBe("VALIDATION_ERROR");
    expect(Object.keys(r.body.error.fields)).toContain(field);
    const bulk = await t.api.post("/send-bulk", { numbers: [recipient()], ...content });
    expect(bulk.status).toBe(422);
    expect(await used(t.api)).toBe(0);
    expect(await server.app.deps.db.message.count({ where: { tenantId: t.id } })).toBe(0);
    expect(provider.requests.length).toBe(before);
  });

  it("a reaction to another tenant's message is refused like one that does not exist", async () => {
    const [mine, theirs] = [await tenant({ waha: true }), await tenant({ waha: true })];
    const who = recipient();
    const sent = await theirs.api.post("/send", { to: who, message: "hi" });
    const r = await mine.api.post("/send", { to: who, reaction: { message: sent.body.message_id, emoji: "👍" } });
    expect(r.body.error.fields).toEqual({ "reaction[message]": "is not a message of yours" });
    expect(lastTo(who)?.path).toBe("/api/sendText");
  });
});
