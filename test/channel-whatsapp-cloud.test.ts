import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WhatsAppCloudChannel } from "../src/core/channels/whatsapp-cloud.js";
import type { OutgoingMessage } from "../src/core/channels/channel.js";
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
    ["966500000429", "130429 with Retry-After", { error: "throttled", permanent: false, providerCode: "130429", retryAfterMs: 7000 }],
    ["966500001056", "131056", { error: "throttled", permanent: false, providerCode: "131056" }],
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
    expect(result).toMatchObject({ ok: false, error: "timeout", permanent: false });
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
