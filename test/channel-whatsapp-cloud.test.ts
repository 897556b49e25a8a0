import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "./kit/rich-content.js";
import { WhatsAppCloudChannel } from "../src/core/channels/whatsapp-cloud.js";
import { sendParts, type OutgoingMessage, type SentPart } from "../src/core/channels/channel.js";
import type { RichContent } from "../src/core/content/message-content.js";
import { closedPort, startFakeProvider, type Reply } from "./kit/fake-provider.js";

const metaError = (status: number, code: number, headers?: Record<string, string>): Reply => ({
  status,
  headers,
  body: { error: { message: `(#${code}) test`, type: "OAuthException", code, fbtrace_id: "Abc" } },
});

// The provider's answer is chosen by recipient, as a real test number would behave; "to:type"
// picks one message type, so the two halves of a split image+text can answer differently.
const scenarios: Record<string, Reply> = {
  "966500000429": metaError(400, 130429, { "retry-after": "7" }),
  "966500001056": metaError(400, 131056),
  "966500001048": metaError(400, 131048),
  "966500000368": metaError(400, 368),
  "966500001047": metaError(400, 131047),
  "966500001026": metaError(400, 131026),
  "966500000100": metaError(400, 100),
  "966500000190": metaError(401, 190),
  "966500000400": metaError(400, 12345),
  "966500000404": { status: 404, body: "not json" },
  "966500000500": metaError(500, 1),
  "966500000501": { status: 503, body: "<html>down</html>" },
  "966500000502": { status: 502 },
  "966500000420": { status: 429 },
  "966500000421": { status: 429, headers: { "retry-after": "3" } },
  "966500000999": { status: 200, hang: true },
  "966500000201": { status: 200, body: "" },
  "966500000202": { status: 200, body: "<<garbage>>" },
  "966500000203": { status: 200, body: { messages: [] } },
  "966500000204": { status: 200, stall: '{"messages":[' },
  "966500000422": { status: 429, headers: { "retry-after": new Date(Date.now() + 3_600_000).toUTCString() } },
  "966500000301": { status: 302, headers: { location: "/elsewhere" } },
  "966500000700:image": metaError(400, 131026),
  "966500000701:text": metaError(400, 131047),
};

const TOKEN = "EAAG-secret-token";
const PHONE_NUMBER_ID = "10987654321";
const IMAGE = "https://example.com/a.png";

let counter = 0;
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
beforeAll(async () => {
  provider = await startFakeProvider((req) => {
    const { to = "", type = "" } = (req.body ?? {}) as { to?: string; type?: string };
    return (
      scenarios[`${to}:${type}`] ??
      scenarios[to] ?? { status: 200, body: { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.${++counter}` }] } }
    );
  });
});
afterAll(async () => {
  await provider.close();
});

const channel = (baseUrl = provider.url, timeoutMs = 2000) => new WhatsAppCloudChannel({ baseUrl, apiVersion: "v21.0", timeoutMs });
const message = (to: string, extra: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id: 1n,
  to,
  text: "مرحبا",
  imageUrl: null,
  content: null,
  from: { accountId: 1, phoneNumber: "966551000001", settings: { whatsappCloud: { phoneNumberId: PHONE_NUMBER_ID, accessToken: TOKEN } } },
  ...extra,
});

/** Sends and returns the result with the requests that this send made. */
async function sendAndRecord(msg: OutgoingMessage, driver = channel()) {
  const before = provider.requests.length;
  const result = await driver.send(msg);
  return { result, sent: provider.requests.slice(before) };
}

const envelope = (to: string) => ({ messaging_product: "whatsapp", recipient_type: "individual", to });

describe("WhatsApp Cloud driver", () => {
  it("sends text to /{version}/{phone-number-id}/messages with the number's token", async () => {
    const { result, sent } = await sendAndRecord(message("966501234567"));
    expect(result).toEqual({ ok: true, providerMessageId: `wamid.${counter}` });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "POST", path: `/v21.0/${PHONE_NUMBER_ID}/messages` });
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent[0]!.headers["content-type"]).toMatch(/^application\/json/);
    expect(sent[0]!.body).toEqual({ ...envelope("966501234567"), type: "text", text: { preview_url: false, body: "مرحبا" } });
  });

  it("ignores a trailing slash on the base URL", async () => {
    const { result, sent } = await sendAndRecord(message("966501234567"), channel(`${provider.url}/`));
    expect(result.ok).toBe(true);
    expect(sent[0]!.path).toBe(`/v21.0/${PHONE_NUMBER_ID}/messages`);
  });

  it("sends an image by link with the text as caption", async () => {
    const { result, sent } = await sendAndRecord(message("966501234567", { imageUrl: IMAGE }));
    expect(result).toEqual({ ok: true, providerMessageId: `wamid.${counter}` });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ ...envelope("966501234567"), type: "image", image: { link: IMAGE, caption: "مرحبا" } });
  });

  it("counts the caption limit in code points, not UTF-16 units", async () => {
    // 1,024 emoji are 2,048 UTF-16 units but exactly the 1,024 characters WhatsApp allows.
    const text = "😀".repeat(1024);
    const { result, sent } = await sendAndRecord(message("966501234567", { imageUrl: IMAGE, text }));
    expect(result.ok).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ ...envelope("966501234567"), type: "image", image: { link: IMAGE, caption: text } });
  });

  it("sends a text too long for a caption after the image, as its own message", async () => {
    const long = "ع".repeat(1500);
    const { result, sent } = await sendAndRecord(message("966501234567", { imageUrl: IMAGE, text: long }));
    expect(sent).toHaveLength(2);
    expect(sent.map((q) => q.path)).toEqual([`/v21.0/${PHONE_NUMBER_ID}/messages`, `/v21.0/${PHONE_NUMBER_ID}/messages`]);
    expect(sent[0]!.body).toEqual({ ...envelope("966501234567"), type: "image", image: { link: IMAGE } });
    expect(sent[1]!.body).toEqual({ ...envelope("966501234567"), type: "text", text: { preview_url: false, body: long } });
    // The id of the second (text) message, which the server numbered last.
    expect(result).toEqual({ ok: true, providerMessageId: `wamid.${counter}` });
  });

  it("stops when the image of a split message fails, and answers with that failure", async () => {
    const { result, sent } = await sendAndRecord(message("966500000700", { imageUrl: IMAGE, text: "ع".repeat(1500) }));
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as { type: string }).type).toBe("image");
    expect(result).toEqual({ ok: false, error: "recipient_not_on_whatsapp", permanent: true, providerCode: "131026" });
  });

  it("answers with the text's failure when the image went out but the text did not", async () => {
    const { result, sent } = await sendAndRecord(message("966500000701", { imageUrl: IMAGE, text: "ع".repeat(1500) }));
    expect(sent.map((q) => (q.body as { type: string }).type)).toEqual(["image", "text"]);
    expect(result).toEqual({ ok: false, error: "outside_messaging_window", permanent: true, providerCode: "131047" });
  });

  it.each([
    ["966500000429", "130429 with Retry-After", { error: "throttled", permanent: false, providerCode: "130429", retryAfterMs: 7000, signal: "throughput" }],
    ["966500001056", "131056", { error: "throttled", permanent: false, providerCode: "131056", signal: "throughput" }],
    ["966500001048", "131048", { error: "sender_restricted", permanent: false, providerCode: "131048", signal: "spam_rate_limit" }],
    ["966500000368", "368", { error: "sender_restricted", permanent: false, providerCode: "368", signal: "policy_block" }],
    ["966500001047", "131047", { error: "outside_messaging_window", permanent: true, providerCode: "131047" }],
    ["966500001026", "131026", { error: "recipient_not_on_whatsapp", permanent: true, providerCode: "131026" }],
    ["966500000100", "100", { error: "invalid_request", permanent: true, providerCode: "100" }],
    ["966500000190", "190", { error: "token_invalid", permanent: true, providerCode: "190", accountStatus: "token_invalid" }],
    ["966500000400", "an unknown code on 4xx", { error: "invalid_request", permanent: true, providerCode: "12345" }],
    ["966500000404", "4xx without a parsable body", { error: "invalid_request", permanent: true, providerCode: "404" }],
    ["966500000500", "an unknown code on 5xx", { error: "provider_unavailable", permanent: false, providerCode: "1" }],
    ["966500000501", "5xx with a body that is not JSON", { error: "provider_unavailable", permanent: false, providerCode: "503" }],
    ["966500000502", "5xx without a body", { error: "provider_unavailable", permanent: false, providerCode: "502" }],
    ["966500000420", "429 without a code", { error: "throttled", permanent: false, providerCode: "429" }],
    ["966500000421", "429 with Retry-After", { error: "throttled", permanent: false, providerCode: "429", retryAfterMs: 3000 }],
    ["966500000301", "a redirect, not followed", { error: "invalid_request", permanent: true, providerCode: "302" }],
  ])("maps the answer for %s (%s)", async (to, _label, expected) => {
    expect(await channel().send(message(to))).toEqual({ ok: false, ...expected });
  });

  it.each([
    ["966500000201", "empty"],
    ["966500000202", "garbage"],
    ["966500000203", "without messages"],
    ["966500000204", "stalled past the timeout"],
  ])("takes a 2xx with a body that is %s (%s) as sent, without an id", async (to) => {
    expect(await channel().send(message(to))).toEqual({ ok: true, providerMessageId: null });
  });

  it("reads Retry-After given as an HTTP date", async () => {
    const result = await channel().send(message("966500000422"));
    expect(result).toMatchObject({ ok: false, error: "throttled", providerCode: "429" });
    const wait = (result as { retryAfterMs?: number }).retryAfterMs ?? 0;
    expect(wait).toBeGreaterThan(3_500_000);
    expect(wait).toBeLessThanOrEqual(3_600_000);
  });

  it("reports a provider that never answers as a timeout, to be retried", async () => {
    const started = Date.now();
    const result = await channel(provider.url, 200).send(message("966500000999"));
    expect(result).toMatchObject({ ok: false, error: "timeout", permanent: false, answerLost: true });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("reports a refused connection as a network error, to be retried", async () => {
    const port = await closedPort();
    expect(await channel(`http://127.0.0.1:${port}`).send(message("966501234567"))).toEqual({
      ok: false,
      error: "network_error",
      permanent: false,
      providerCode: "ECONNREFUSED",
    });
  });

  it("refuses to send without the number's credentials, making no request", async () => {
    const { result, sent } = await sendAndRecord(message("966501234567", { from: { accountId: 1, phoneNumber: "966551000001", settings: {} } }));
    expect(result).toEqual({ ok: false, error: "token_invalid", permanent: true, providerCode: "NO_CREDENTIALS", accountStatus: "token_invalid" });
    expect(sent).toHaveLength(0);
  });

  it("never puts the access token in a failure", async () => {
    const port = await closedPort();
    const failures = [
      await channel().send(message("966500000190")),
      await channel().send(message("966500000404")),
      await channel(provider.url, 200).send(message("966500000999")),
      await channel(`http://127.0.0.1:${port}`).send(message("966501234567")),
    ];
    for (const failure of failures) expect(JSON.stringify(failure)).not.toContain(TOKEN);
  });
});

// Rich content, one kind per message: each body is Meta's "Messages" reference for that type
// (developers.facebook.com/documentation/business-messaging/whatsapp/messages/…), envelope included.
const PHOTO = "https://cdn.example.com/media/photo.jpg";

const richCases: Array<[string, RichContent, string, object]> = [
  ["an image with its caption", media("image", PHOTO, { mimeType: "image/jpeg" }), "Our new shop", { type: "image", image: { link: PHOTO, caption: "Our new shop" } }],
  ["an image without a caption", media("image", PHOTO), "", { type: "image", image: { link: PHOTO } }],
  [
    "a video with its caption",
    media("video", "https://cdn.example.com/v/tour.mp4"),
    "The tour",
    { type: "video", video: { link: "https://cdn.example.com/v/tour.mp4", caption: "The tour" } },
  ],
  ["an audio file", media("audio", "https://cdn.example.com/a/jingle.mp3"), "", { type: "audio", audio: { link: "https://cdn.example.com/a/jingle.mp3" } }],
  [
    "a voice note (audio: Meta plays OGG/Opus as voice)",
    media("audio", "https://cdn.example.com/a/note.ogg", { voice: true }),
    "",
    { type: "audio", audio: { link: "https://cdn.example.com/a/note.ogg" } },
  ],
  ["a sticker", media("sticker", "https://cdn.example.com/s/wave.webp"), "", { type: "sticker", sticker: { link: "https://cdn.example.com/s/wave.webp" } }],
  [
    "a document with its caption and name",
    media("document", "https://cdn.example.com/inv/17.pdf", { filename: "invoice 17.pdf", mimeType: "application/pdf" }),
    "Your invoice",
    { type: "document", document: { link: "https://cdn.example.com/inv/17.pdf", caption: "Your invoice", filename: "invoice 17.pdf" } },
  ],
  [
    "a document without a name, named after its link",
    media("document", "https://cdn.example.com/inv/17%20final.pdf"),
    "",
    { type: "document", document: { link: "https://cdn.example.com/inv/17%20final.pdf", filename: "17 final.pdf" } },
  ],
  [
    "a location with its name and address",
    { kind: "location", latitude: 24.7136, longitude: 46.6753, name: "Riyadh store", address: "King Fahd Rd" },
    "",
    { type: "location", location: { latitude: 24.7136, longitude: 46.6753, name: "Riyadh store", address: "King Fahd Rd" } },
  ],
  [
    "a bare location",
    { kind: "location", latitude: -33.5, longitude: 151.25, name: null, address: null },
    "",
    { type: "location", location: { latitude: -33.5, longitude: 151.25 } },
  ],
  [
    "contact cards",
    {
      kind: "contacts",
      contacts: [
        { name: "Sara Al-Qahtani", phones: ["966501112222", "966503334444"], emails: ["sara@example.com"], organization: "Acme" },
        { name: "Omar", phones: ["966505556666"], emails: [], organization: null },
      ],
    },
    "",
    {
      type: "contacts",
      contacts: [
        {
          name: { formatted_name: "Sara Al-Qahtani", first_name: "Sara" },
          phones: [
            { phone: "+966501112222", wa_id: "966501112222" },
            { phone: "+966503334444", wa_id: "966503334444" },
          ],
          emails: [{ email: "sara@example.com" }],
          org: { company: "Acme" },
        },
        { name: { formatted_name: "Omar", first_name: "Omar" }, phones: [{ phone: "+966505556666", wa_id: "966505556666" }] },
      ],
    },
  ],
  ["a reaction", { kind: "reaction", emoji: "👍", providerMessageId: "wamid.HBgMOTY2" }, "", { type: "reaction", reaction: { message_id: "wamid.HBgMOTY2", emoji: "👍" } }],
  ["a reaction taken back", { kind: "reaction", emoji: "", providerMessageId: "wamid.HBgMOTY2" }, "", { type: "reaction", reaction: { message_id: "wamid.HBgMOTY2", emoji: "" } }],
  [
    "reply buttons",
    {
      kind: "interactive",
      type: "buttons",
      header: "Booking",
      footer: "Reply by 6pm",
      buttons: [
        { id: "yes", title: "Confirm" },
        { id: "no", title: "Cancel" },
      ],
    },
    "Confirm your booking?",
    {
      type: "interactive",
      interactive: {
        type: "button",
        header: { type: "text", text: "Booking" },
        body: { text: "Confirm your booking?" },
        footer: { text: "Reply by 6pm" },
        action: {
          buttons: [
            { type: "reply", reply: { id: "yes", title: "Confirm" } },
            { type: "reply", reply: { id: "no", title: "Cancel" } },
          ],
        },
      },
    },
  ],
  [
    "a list",
    {
      kind: "interactive",
      type: "list",
      header: null,
      footer: null,
      button: "Choose",
      sections: [
        {
          title: "Branches",
          rows: [
            { id: "ryd", title: "Riyadh", description: "Olaya St" },
            { id: "jed", title: "Jeddah", description: null },
          ],
        },
        { title: "Online", rows: [{ id: "web", title: "Website", description: null }] },
      ],
    },
    "Where shall we meet?",
    {
      type: "interactive",
      interactive: {
        type: "list",
        body: { text: "Where shall we meet?" },
        action: {
          button: "Choose",
          sections: [
            {
              title: "Branches",
              rows: [
                { id: "ryd", title: "Riyadh", description: "Olaya St" },
                { id: "jed", title: "Jeddah" },
              ],
            },
            { title: "Online", rows: [{ id: "web", title: "Website" }] },
          ],
        },
      },
    },
  ],
  [
    "a list of one untitled section",
    { kind: "interactive", type: "list", header: null, footer: "Thanks", button: "Sizes", sections: [{ title: null, rows: [{ id: "m", title: "M", description: null }] }] },
    "Pick a size",
    {
      type: "interactive",
      interactive: { type: "list", body: { text: "Pick a size" }, footer: { text: "Thanks" }, action: { button: "Sizes", sections: [{ rows: [{ id: "m", title: "M" }] }] } },
    },
  ],
  [
    "a template with a text header, body parameters and every kind of button",
    {
      kind: "template",
      name: "order_update",
      language: "ar",
      header: { type: "text", text: "Order 17" },
      body: ["Sara", "12C"],
      buttons: [
        { index: 0, subType: "quick_reply", value: "STOP" },
        { index: 1, subType: "url", value: "orders/17" },
        { index: 2, subType: "copy_code", value: "SAVE10" },
      ],
    },
    "",
    {
      type: "template",
      template: {
        name: "order_update",
        language: { code: "ar" },
        components: [
          { type: "header", parameters: [{ type: "text", text: "Order 17" }] },
          {
            type: "body",
            parameters: [
              { type: "text", text: "Sara" },
              { type: "text", text: "12C" },
            ],
          },
          { type: "button", sub_type: "quick_reply", index: "0", parameters: [{ type: "payload", payload: "STOP" }] },
          { type: "button", sub_type: "url", index: "1", parameters: [{ type: "text", text: "orders/17" }] },
          { type: "button", sub_type: "copy_code", index: "2", parameters: [{ type: "coupon_code", coupon_code: "SAVE10" }] },
        ],
      },
    },
  ],
  [
    "a template with an image header only",
    { kind: "template", name: "promo", language: "en_US", header: { type: "image", url: PHOTO, filename: null }, body: [], buttons: [] },
    "",
    { type: "template", template: { name: "promo", language: { code: "en_US" }, components: [{ type: "header", parameters: [{ type: "image", image: { link: PHOTO } }] }] } },
  ],
  [
    "a template with a video header",
    { kind: "template", name: "promo_video", language: "en", header: { type: "video", url: "https://cdn.example.com/v/ad.mp4", filename: null }, body: ["x"], buttons: [] },
    "",
    {
      type: "template",
      template: {
        name: "promo_video",
        language: { code: "en" },
        components: [
          { type: "header", parameters: [{ type: "video", video: { link: "https://cdn.example.com/v/ad.mp4" } }] },
          { type: "body", parameters: [{ type: "text", text: "x" }] },
        ],
      },
    },
  ],
  [
    "a template with a named document header",
    { kind: "template", name: "terms", language: "ar", header: { type: "document", url: "https://cdn.example.com/t.pdf", filename: "terms.pdf" }, body: [], buttons: [] },
    "",
    {
      type: "template",
      template: {
        name: "terms",
        language: { code: "ar" },
        components: [{ type: "header", parameters: [{ type: "document", document: { link: "https://cdn.example.com/t.pdf", filename: "terms.pdf" } }] }],
      },
    },
  ],
  [
    "a template without parameters (no components)",
    { kind: "template", name: "hello_world", language: "en_US", header: null, body: [], buttons: [] },
    "",
    { type: "template", template: { name: "hello_world", language: { code: "en_US" } } },
  ],
];

describe("WhatsApp Cloud driver: rich content", () => {
  it.each(richCases)("sends %s as one request in Meta's shape", async (_label, content, text, expected) => {
    const msg = message("966501234567", { content, text });
    expect(channel().parts(msg)).toEqual(["message"]);
    const { result, sent } = await sendAndRecord(msg);
    expect(result).toEqual({ ok: true, providerMessageId: `wamid.${counter}` });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "POST", path: `/v21.0/${PHONE_NUMBER_ID}/messages` });
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent[0]!.headers["content-type"]).toMatch(/^application\/json/);
    expect(sent[0]!.body).toEqual({ ...envelope("966501234567"), ...expected });
  });

  it("sends the same for part 'message' as for the whole message", async () => {
    const msg = message("966501234567", { content: media("sticker", "https://cdn.example.com/s/wave.webp"), text: "" });
    const { sent } = await sendAndRecord(msg);
    const before = provider.requests.length;
    await channel().send(msg, "message");
    expect(provider.requests.slice(before).map((q) => q.raw)).toEqual(sent.map((q) => q.raw));
  });

  it("maps Meta's answer to a rich message as to any other", async () => {
    const reaction: RichContent = { kind: "reaction", emoji: "👍", providerMessageId: "wamid.X" };
    expect(await channel().send(message("966500001047", { content: reaction, text: "" }))).toEqual({
      ok: false,
      error: "outside_messaging_window",
      permanent: true,
      providerCode: "131047",
    });
  });

  it("refuses a rich message without the number's credentials, making no request", async () => {
    const msg = message("966501234567", { content: media("image", PHOTO), text: "", from: { accountId: 1, phoneNumber: "966551000001", settings: {} } });
    const { result, sent } = await sendAndRecord(msg);
    expect(result).toMatchObject({ ok: false, error: "token_invalid", providerCode: "NO_CREDENTIALS" });
    expect(sent).toHaveLength(0);
  });
});

describe("WhatsApp Cloud driver: legacy messages and retries", () => {
  const progress = (sent: SentPart[]) => {
    const recorded: SentPart[] = [];
    return { recorded, progress: { sent, record: (p: SentPart) => (recorded.push(p), Promise.resolve(true)) } };
  };

  it("sends a message without content byte for byte as before", async () => {
    const head = `{"messaging_product":"whatsapp","recipient_type":"individual","to":"966501234567"`;
    const text = await sendAndRecord(message("966501234567"));
    expect(text.sent.map((q) => q.raw)).toEqual([`${head},"type":"text","text":{"preview_url":false,"body":"مرحبا"}}`]);
    const image = await sendAndRecord(message("966501234567", { imageUrl: IMAGE }));
    expect(image.sent.map((q) => q.raw)).toEqual([`${head},"type":"image","image":{"link":"${IMAGE}","caption":"مرحبا"}}`]);
    const long = "ع".repeat(1500);
    const split = await sendAndRecord(message("966501234567", { imageUrl: IMAGE, text: long }));
    expect(split.sent.map((q) => q.raw)).toEqual([`${head},"type":"image","image":{"link":"${IMAGE}"}}`, `${head},"type":"text","text":{"preview_url":false,"body":"${long}"}}`]);
  });

  it("never sends a rich message again once the provider has it", async () => {
    const msg = message("966501234567", { content: media("video", "https://cdn.example.com/v/tour.mp4"), text: "" });
    const { recorded, progress: earlier } = progress([{ part: "message", providerMessageId: "wamid.earlier" }]);
    const before = provider.requests.length;
    expect(await sendParts(channel(), msg, earlier)).toEqual({ ok: true, providerMessageId: "wamid.earlier" });
    expect(provider.requests.length).toBe(before);
    expect(recorded).toEqual([]);
  });

  it("sends a rich message once, leaving its only part to be recorded with the message", async () => {
    const msg = message("966501234567", { content: { kind: "location", latitude: 1, longitude: 2, name: null, address: null }, text: "" });
    const { recorded, progress: none } = progress([]);
    const before = provider.requests.length;
    const result = await sendParts(channel(), msg, none);
    expect(result).toEqual({ ok: true, providerMessageId: `wamid.${counter}` });
    expect(provider.requests.length - before).toBe(1);
    expect(recorded).toEqual([]);
  });

  it("skips the image of a split legacy message that already went out", async () => {
    const long = "ع".repeat(1500);
    const { recorded, progress: imageSent } = progress([{ part: "image", providerMessageId: "wamid.img" }]);
    const before = provider.requests.length;
    const result = await sendParts(channel(), message("966501234567", { imageUrl: IMAGE, text: long }), imageSent);
    const sent = provider.requests.slice(before);
    expect(sent.map((q) => (q.body as { type: string }).type)).toEqual(["text"]);
    expect(result).toEqual({ ok: true, providerMessageId: `wamid.${counter}` });
    expect(recorded).toEqual([]);
  });
});
