import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutgoingMessage } from "../src/core/channels/channel.js";
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
    expect(result).toMatchObject({ ok: false, error: "timeout", permanent: false });
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
