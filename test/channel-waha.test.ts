import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "./kit/rich-content.js";
import { sendParts, type OutgoingMessage } from "../src/core/channels/channel.js";
import type { RichContent } from "../src/core/content/message-content.js";
import { WahaChannel } from "../src/core/channels/waha.js";
import { closedPort, startFakeProvider, type Recorded, type Reply } from "./kit/fake-provider.js";

const API_KEY = "waha-secret-key";
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let baseUrl: string;

const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json", ...headers },
});

// Recipients choose the scenario, so each test reads like the WAHA answer it exercises.
const byRecipient: Record<string, Reply> = {
  "966501234567": json(201, { id: { fromMe: true, _serialized: "true_966501234567@c.us_ABC" } }),
  "966500000002": json(200, { id: "XYZ" }),
  "966500000003": json(200, { key: { id: "K1", remoteJid: "966500000003@s.whatsapp.net" } }),
  "966500000004": { status: 201 },
  "966500000005": { status: 200, body: "OK", headers: { "Content-Type": "text/plain" } },
  "966500000400": json(400, { statusCode: 400, message: ["chatId must be a string"] }),
  "966500000401": json(401, { message: "Unauthorized", statusCode: 401 }),
  "966500000403": json(403, { message: "Forbidden", statusCode: 403 }),
  "966500000404": json(404, { statusCode: 404, message: "We didn't find a session with name 'ghost'" }),
  "966500000429": json(429, { message: "Too Many Requests" }, { "Retry-After": "7" }),
  "966500000430": json(429, { message: "Too Many Requests" }),
  "966500000500": json(500, { statusCode: 500, message: "Internal server error" }),
  "966500000501": json(500, { statusCode: 500, exception: { message: "The number 966500000501 is not registered" } }),
};

const sessionNotWorking = json(422, {
  error: "Session status is not as expected. Try again later or restart the session",
  session: "stopped",
  status: "STOPPED",
  expected: ["WORKING"],
});

function answer(recorded: Recorded): Reply {
  const body = recorded.body as { session?: string; chatId?: string } | undefined;
  if (body?.session === "stopped") return sessionNotWorking;
  const to = String(body?.chatId ?? "").replace(/@c\.us$/, "");
  // Never answers: the driver's own timeout must end the wait.
  if (to === "966500000999") return { status: 200, hang: true };
  // Answers 200, then stalls mid-body: WAHA answers after sending, so this is a send, not a timeout.
  if (to === "966500000998") return { status: 200, stall: '{"id":' };
  if (recorded.path === "/api/sendImage") return json(201, { id: { _serialized: "true_img_IMG1" } });
  // WEBJS answers a reaction with nothing: the reaction has no id of its own.
  if (recorded.path === "/api/reaction") return { status: 200 };
  return byRecipient[to] ?? json(500, { message: `no scenario for ${to}` });
}

beforeAll(async () => {
  provider = await startFakeProvider(answer);
  baseUrl = provider.url;
});

// The never-answering route leaves a socket open; the fake provider closes it too.
afterAll(() => provider.close());

function message(to: string, overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    id: 1n,
    to,
    text: "hello from the gateway",
    imageUrl: null,
    content: null,
    from: { accountId: 7, phoneNumber: "966550000000", settings: { waha: { session: "default" } } },
    ...overrides,
  };
}

function driver(options: { apiKey?: string | undefined; timeoutMs?: number; baseUrl?: string } = {}): WahaChannel {
  return new WahaChannel({
    baseUrl: options.baseUrl ?? baseUrl,
    apiKey: "apiKey" in options ? options.apiKey : API_KEY,
    timeoutMs: options.timeoutMs ?? 5_000,
  });
}

const fileOf = (recorded: Recorded) => (recorded.body as { file?: unknown }).file;

/** Sends, and returns the answer with the one request the fake WAHA received for it. */
async function sendOne(channel: WahaChannel, msg: OutgoingMessage) {
  const before = provider.requests.length;
  const result = await channel.send(msg);
  const sent = provider.requests.slice(before);
  expect(JSON.stringify(result)).not.toContain(API_KEY);
  return { result, sent };
}

describe("WAHA channel: successful deliveries", () => {
  it("posts text to /api/sendText with the key and reads id._serialized", async () => {
    const { result, sent } = await sendOne(driver(), message("966501234567"));
    expect(result).toEqual({ ok: true, providerMessageId: "true_966501234567@c.us_ABC" });
    expect(sent).toHaveLength(1);
    const [req] = sent;
    expect(req!.method).toBe("POST");
    expect(req!.path).toBe("/api/sendText");
    expect(req!.headers["x-api-key"]).toBe(API_KEY);
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(req!.headers.accept).toBe("application/json");
    expect(req!.body).toEqual({ session: "default", chatId: "966501234567@c.us", text: "hello from the gateway" });
  });

  it("reads a plain string id", async () => {
    expect(await driver().send(message("966500000002"))).toEqual({ ok: true, providerMessageId: "XYZ" });
  });

  it("reads key.id (NOWEB engine)", async () => {
    expect(await driver().send(message("966500000003"))).toEqual({ ok: true, providerMessageId: "K1" });
  });

  it("accepts an empty 201 and a non-JSON 200 without an id", async () => {
    expect(await driver().send(message("966500000004"))).toEqual({ ok: true, providerMessageId: null });
    expect(await driver().send(message("966500000005"))).toEqual({ ok: true, providerMessageId: null });
  });

  it("posts images to /api/sendImage with a mimetype and filename guessed from the URL", async () => {
    const imageUrl = "https://cdn.example.com/media/promo%20card.PNG?v=3";
    const { result, sent } = await sendOne(driver(), message("966501234567", { imageUrl, text: "caption text" }));
    expect(result).toEqual({ ok: true, providerMessageId: "true_img_IMG1" });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe("/api/sendImage");
    expect(sent[0]!.body).toEqual({
      session: "default",
      chatId: "966501234567@c.us",
      file: { url: imageUrl, mimetype: "image/png", filename: "promo card.PNG" },
      caption: "caption text",
    });
  });

  it("falls back to image/jpeg and the name 'image' when the URL says nothing", async () => {
    const { sent } = await sendOne(driver(), message("966501234567", { imageUrl: "https://cdn.example.com/" }));
    expect(fileOf(sent[0]!)).toEqual({ url: "https://cdn.example.com/", mimetype: "image/jpeg", filename: "image" });
    const webp = await sendOne(driver(), message("966501234567", { imageUrl: "https://x.example/a/b.webp" }));
    expect(fileOf(webp.sent[0]!)).toMatchObject({ mimetype: "image/webp", filename: "b.webp" });
  });

  it("sends no X-Api-Key header when no key is configured", async () => {
    const { result, sent } = await sendOne(driver({ apiKey: undefined }), message("966501234567"));
    expect(result.ok).toBe(true);
    expect(sent[0]!.headers).not.toHaveProperty("x-api-key");
  });

  it("tolerates a trailing slash on the base URL", async () => {
    const { sent } = await sendOne(driver({ baseUrl: `${baseUrl}/` }), message("966500000002"));
    expect(sent[0]!.path).toBe("/api/sendText");
  });
});

describe("WAHA channel: failures", () => {
  it("maps a 422 'session not WORKING' to sender_disconnected with the account status", async () => {
    const stopped = message("966501234567", {
      from: { accountId: 7, phoneNumber: "966550000000", settings: { waha: { session: "stopped" } } },
    });
    expect(await driver().send(stopped)).toEqual({
      ok: false,
      error: "sender_disconnected",
      permanent: false,
      providerCode: "422",
      accountStatus: "disconnected",
    });
  });

  it("maps 401 and 403 to token_invalid without touching the account", async () => {
    for (const code of ["401", "403"]) {
      const { result } = await sendOne(driver(), message(`966500000${code}`));
      expect(result).toEqual({ ok: false, error: "token_invalid", permanent: true, providerCode: code });
    }
  });

  it("maps 404 and other 4xx to a permanent invalid_request", async () => {
    for (const code of ["404", "400"]) {
      const { result } = await sendOne(driver(), message(`966500000${code}`));
      expect(result).toEqual({ ok: false, error: "invalid_request", permanent: true, providerCode: code });
    }
  });

  it("maps 429 to throttled, with Retry-After in milliseconds when given", async () => {
    expect(await driver().send(message("966500000429"))).toEqual({
      ok: false,
      error: "throttled",
      permanent: false,
      providerCode: "429",
      retryAfterMs: 7_000,
    });
    expect(await driver().send(message("966500000430"))).toEqual({
      ok: false,
      error: "throttled",
      permanent: false,
      providerCode: "429",
    });
  });

  it("maps 500 to a retryable provider_unavailable", async () => {
    expect(await driver().send(message("966500000500"))).toEqual({
      ok: false,
      error: "provider_unavailable",
      permanent: false,
      providerCode: "500",
    });
  });

  it("maps a 500 saying the number is not registered to recipient_not_on_whatsapp", async () => {
    expect(await driver().send(message("966500000501"))).toEqual({
      ok: false,
      error: "recipient_not_on_whatsapp",
      permanent: true,
      providerCode: "500",
    });
  });

  it("gives up after timeoutMs when WAHA never answers", async () => {
    const started = Date.now();
    const result = await driver({ timeoutMs: 200 }).send(message("966500000999"));
    expect(result).toMatchObject({ ok: false, error: "timeout", permanent: false, answerLost: true });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("takes a 200 whose body then stalls as sent without an id, so the message is not sent twice", async () => {
    expect(await driver({ timeoutMs: 200 }).send(message("966500000998"))).toEqual({ ok: true, providerMessageId: null });
  });

  it("reports a refused connection as a retryable network_error", async () => {
    const port = await closedPort();
    const result = await driver({ baseUrl: `http://127.0.0.1:${port}` }).send(message("966501234567"));
    expect(result).toEqual({ ok: false, error: "network_error", permanent: false, providerCode: "ECONNREFUSED" });
  });

  it("answers sender_disconnected without a request when the account has no session", async () => {
    const unlinked = message("966501234567", { from: { accountId: 7, phoneNumber: "966550000000", settings: {} } });
    const { result, sent } = await sendOne(driver(), unlinked);
    expect(result).toEqual({
      ok: false,
      error: "sender_disconnected",
      permanent: false,
      providerCode: "NO_SESSION",
      accountStatus: "disconnected",
    });
    expect(sent).toHaveLength(0);
  });
});

// Rich content, each kind in the request WAHA documents for it
// (waha.devlike.pro/docs/how-to/send-messages/: Send Image, Video, Voice, File, Sticker,
// location, contact (vcard), Add a reaction).
const chat = { session: "default", chatId: "966501234567@c.us" };
const OK = { ok: true, providerMessageId: "true_966501234567@c.us_ABC" };

const wahaCases: Array<[string, RichContent, string, string, object]> = [
  [
    "an image with its caption",
    media("image", "https://cdn.example.com/m/shop.jpg", { mimeType: "image/jpeg" }),
    "Our new shop",
    "/api/sendImage",
    { ...chat, file: { url: "https://cdn.example.com/m/shop.jpg", mimetype: "image/jpeg", filename: "shop.jpg" }, caption: "Our new shop" },
  ],
  [
    "an image without a caption, typed by its extension",
    media("image", "https://cdn.example.com/m/card.png"),
    "",
    "/api/sendImage",
    { ...chat, file: { url: "https://cdn.example.com/m/card.png", mimetype: "image/png", filename: "card.png" } },
  ],
  [
    "a video with its caption",
    media("video", "https://cdn.example.com/v/tour.mp4", { mimeType: "video/mp4" }),
    "The tour",
    "/api/sendVideo",
    { ...chat, file: { url: "https://cdn.example.com/v/tour.mp4", mimetype: "video/mp4" }, caption: "The tour" },
  ],
  [
    "a 3GP video, for WAHA to convert to MP4",
    media("video", "https://cdn.example.com/v/old.3gp"),
    "",
    "/api/sendVideo",
    { ...chat, file: { url: "https://cdn.example.com/v/old.3gp", mimetype: "video/3gpp" }, convert: true },
  ],
  [
    "a voice note in OGG/Opus",
    media("audio", "https://cdn.example.com/a/note.opus", { voice: true }),
    "",
    "/api/sendVoice",
    { ...chat, file: { url: "https://cdn.example.com/a/note.opus", mimetype: "audio/ogg; codecs=opus" } },
  ],
  [
    "a voice note in another format, for WAHA to convert",
    media("audio", "https://cdn.example.com/a/note.mp3", { voice: true, mimeType: "audio/mpeg" }),
    "",
    "/api/sendVoice",
    { ...chat, file: { url: "https://cdn.example.com/a/note.mp3", mimetype: "audio/mpeg" }, convert: true },
  ],
  [
    "an audio file (not a voice note), as a file",
    media("audio", "https://cdn.example.com/a/jingle.mp3"),
    "",
    "/api/sendFile",
    { ...chat, file: { url: "https://cdn.example.com/a/jingle.mp3", mimetype: "audio/mpeg", filename: "jingle.mp3" } },
  ],
  [
    "a document with its caption and name",
    media("document", "https://cdn.example.com/inv/17.pdf", { mimeType: "application/pdf", filename: "invoice 17.pdf" }),
    "Your invoice",
    "/api/sendFile",
    { ...chat, file: { url: "https://cdn.example.com/inv/17.pdf", mimetype: "application/pdf", filename: "invoice 17.pdf" }, caption: "Your invoice" },
  ],
  [
    "a document whose link says nothing of its type",
    media("document", "https://cdn.example.com/download?id=17"),
    "",
    "/api/sendFile",
    { ...chat, file: { url: "https://cdn.example.com/download?id=17", mimetype: "application/octet-stream", filename: "download" } },
  ],
  [
    "a sticker",
    media("sticker", "https://cdn.example.com/s/wave.webp"),
    "",
    "/api/sendSticker",
    { ...chat, file: { url: "https://cdn.example.com/s/wave.webp", mimetype: "image/webp" } },
  ],
  [
    "a location titled with its name",
    { kind: "location", latitude: 24.7136, longitude: 46.6753, name: "Riyadh store", address: "King Fahd Rd" },
    "",
    "/api/sendLocation",
    { ...chat, latitude: 24.7136, longitude: 46.6753, title: "Riyadh store" },
  ],
  [
    "a location titled with its address when it has no name",
    { kind: "location", latitude: 21.5, longitude: 39.2, name: null, address: "Tahlia St, Jeddah" },
    "",
    "/api/sendLocation",
    { ...chat, latitude: 21.5, longitude: 39.2, title: "Tahlia St, Jeddah" },
  ],
  [
    "a bare location",
    { kind: "location", latitude: -33.5, longitude: 151.25, name: null, address: null },
    "",
    "/api/sendLocation",
    { ...chat, latitude: -33.5, longitude: 151.25 },
  ],
  [
    "contact cards WAHA's fields can carry",
    {
      kind: "contacts",
      contacts: [
        { name: "Omar Saleh", phones: ["966505556666"], emails: [], organization: "Acme" },
        { name: "Huda", phones: ["966507778888"], emails: [], organization: null },
      ],
    },
    "",
    "/api/sendContactVcard",
    {
      ...chat,
      contacts: [
        { fullName: "Omar Saleh", organization: "Acme", phoneNumber: "+966505556666", whatsappId: "966505556666" },
        { fullName: "Huda", phoneNumber: "+966507778888", whatsappId: "966507778888" },
      ],
    },
  ],
  [
    "a contact card with more than the fields carry, as a vCard",
    { kind: "contacts", contacts: [{ name: "Sara; Al-Qahtani", phones: ["966501112222", "966503334444"], emails: ["sara@example.com"], organization: "Acme, Riyadh" }] },
    "",
    "/api/sendContactVcard",
    {
      ...chat,
      contacts: [
        {
          vcard: [
            "BEGIN:VCARD",
            "VERSION:3.0",
            "FN:Sara\\; Al-Qahtani",
            "ORG:Acme\\, Riyadh;",
            "TEL;type=CELL;type=VOICE;waid=966501112222:+966501112222",
            "TEL;type=CELL;type=VOICE;waid=966503334444:+966503334444",
            "EMAIL;type=INTERNET:sara@example.com",
            "END:VCARD",
          ].join("\n"),
        },
      ],
    },
  ],
];

describe("WAHA channel: rich content", () => {
  it.each(wahaCases)("posts %s to the endpoint WAHA documents", async (_label, content, text, path, body) => {
    const { result, sent } = await sendOne(driver(), message("966501234567", { content, text }));
    expect(result).toEqual(path === "/api/sendImage" ? { ok: true, providerMessageId: "true_img_IMG1" } : OK);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "POST", path });
    expect(sent[0]!.headers["x-api-key"]).toBe(API_KEY);
    expect(sent[0]!.headers["content-type"]).toBe("application/json");
    expect(sent[0]!.body).toEqual(body);
  });

  it.each([
    ["👍", "a reaction"],
    ["", "a reaction taken back"],
  ])("puts %s (%s) to /api/reaction, naming the message", async (emoji) => {
    const content: RichContent = { kind: "reaction", emoji, providerMessageId: "false_966501234567@c.us_3EB0AB" };
    const { result, sent } = await sendOne(driver(), message("966501234567", { content, text: "" }));
    expect(result).toEqual({ ok: true, providerMessageId: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "PUT", path: "/api/reaction" });
    expect(sent[0]!.headers["x-api-key"]).toBe(API_KEY);
    expect(sent[0]!.headers["content-type"]).toBe("application/json");
    expect(sent[0]!.body).toEqual({ session: "default", messageId: "false_966501234567@c.us_3EB0AB", reaction: emoji });
  });

  it.each<[string, RichContent]>([
    ["interactive", { kind: "interactive", type: "buttons", header: null, footer: null, buttons: [{ id: "y", title: "Yes" }] }],
    ["template", { kind: "template", name: "hello_world", language: "en_US", header: null, body: [], buttons: [] }],
  ])("refuses %s content, which WAHA cannot carry, for good and without a request", async (_kind, content) => {
    const { result, sent } = await sendOne(driver(), message("966501234567", { content, text: "Body" }));
    expect(result).toEqual({ ok: false, error: "invalid_request", permanent: true, providerCode: "UNSUPPORTED_KIND" });
    expect(sent).toHaveLength(0);
  });

  it("maps WAHA's answer to a rich message as to any other", async () => {
    const content = media("sticker", "https://cdn.example.com/s/wave.webp");
    expect(await driver().send(message("966500000501", { content, text: "" }))).toEqual({
      ok: false,
      error: "recipient_not_on_whatsapp",
      permanent: true,
      providerCode: "500",
    });
  });

  it("answers sender_disconnected without a request for rich content too when the account has no session", async () => {
    const unlinked = message("966501234567", {
      content: media("image", "https://cdn.example.com/m/shop.jpg"),
      text: "",
      from: { accountId: 7, phoneNumber: "966550000000", settings: {} },
    });
    const { result, sent } = await sendOne(driver(), unlinked);
    expect(result).toMatchObject({ ok: false, error: "sender_disconnected", providerCode: "NO_SESSION" });
    expect(sent).toHaveLength(0);
  });
});

describe("WAHA channel: legacy messages and retries", () => {
  it("sends a message without content byte for byte as before", async () => {
    const text = await sendOne(driver(), message("966501234567"));
    expect(text.sent.map((q) => [q.method, q.path, q.raw])).toEqual([
      ["POST", "/api/sendText", '{"session":"default","chatId":"966501234567@c.us","text":"hello from the gateway"}'],
    ]);
    const image = await sendOne(driver(), message("966501234567", { imageUrl: "https://cdn.example.com/media/promo%20card.PNG?v=3", text: "" }));
    expect(image.sent.map((q) => [q.method, q.path, q.raw])).toEqual([
      [
        "POST",
        "/api/sendImage",
        '{"session":"default","chatId":"966501234567@c.us","file":{"url":"https://cdn.example.com/media/promo%20card.PNG?v=3","mimetype":"image/png","filename":"promo card.PNG"},"caption":""}',
      ],
    ]);
  });

  it("sends any message as one part, and never again once WAHA has it", async () => {
    const msg = message("966501234567", { content: media("document", "https://cdn.example.com/inv/17.pdf", { filename: "17.pdf" }), text: "" });
    expect(driver().parts()).toEqual(["message"]);
    const record = () => Promise.resolve(true);
    const before = provider.requests.length;
    expect(await sendParts(driver(), msg, { sent: [{ part: "message", providerMessageId: "true_earlier" }], record })).toEqual({ ok: true, providerMessageId: "true_earlier" });
    expect(provider.requests.length).toBe(before);
    expect(await sendParts(driver(), msg, { sent: [], record })).toEqual(OK);
    expect(provider.requests.length - before).toBe(1);
  });
});
