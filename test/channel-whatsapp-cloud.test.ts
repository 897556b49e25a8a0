import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WhatsAppCloudChannel } from "../src/channels/whatsapp-cloud.js";
import type { OutgoingMessage } from "../src/channels/channel.js";
import { closedPort, startFakeProvider, type Reply } from "./kit/fake-provider.js";

const metaError = (status: number, code: number, headers?: Record<string, string>): Reply => ({
  status,
  headers,
  body: { error: { message: "(#" + code + ") test", type: "OAuthException", code, fbtrace_id: "Abc" } },
});

// The provider's answer is chosen by recipient, as a real test number would behave.
const scenarios: Record<string, Reply> = {
  "966500000429": metaError(400, 130429, { "retry-after": "7" }),
  "966500001056": metaError(400, 131056),
  "966500001047": metaError(400, 131047),
  "966500001026": metaError(400, 131026),
  "966500000100": metaError(400, 100),
  "966500000190": metaError(401, 190),
  "966500000400": metaError(400, 12345),
  "966500000500": metaError(500, 1),
  "966500000501": { status: 503, body: "<html>down</html>" },
  "966500000420": { status: 429 },
  "966500000999": { status: 200, hang: true },
  "966500000201": { status: 200, body: "" },
};

let counter = 0;
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
beforeAll(async () => {
  provider = await startFakeProvider((req) => {
    const to = (req.body as { to?: string }).to ?? "";
    return scenarios[to] ?? { status: 200, body: { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.${++counter}` }] } };
  });
});
afterAll(() => provider.close());

const channel = (baseUrl = provider.url, timeoutMs = 2000) => new WhatsAppCloudChannel({ baseUrl, apiVersion: "v21.0", timeoutMs });
const message = (to: string, extra: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id: 1n,
  to,
  text: "مرحبا",
  imageUrl: null,
  from: { accountId: 1, phoneNumber: "966551000001", settings: { whatsappCloud: { phoneNumberId: "10987654321", accessToken: "EAAG-token" } } },
  ...extra,
});

describe("WhatsApp Cloud driver", () => {
  it("sends text to /{version}/{phone-number-id}/messages with the number's token", async () => {
    const before = provider.requests.length;
    const r = await channel().send(message("966501234567"));
    expect(r).toEqual({ ok: true, providerMessageId: expect.stringMatching(/^wamid\./) });
    const [req] = provider.requests.slice(before);
    expect(req).toMatchObject({ method: "POST", path: "/v21.0/10987654321/messages" });
    expect(req!.headers.authorization).toBe("Bearer EAAG-token");
    expect(req!.body).toEqual({ messaging_product: "whatsapp", recipient_type: "individual", to: "966501234567", type: "text", text: { preview_url: false, body: "مرحبا" } });
  });

  it("sends an image by link with the text as caption", async () => {
    const before = provider.requests.length;
    expect((await channel().send(message("966501234567", { imageUrl: "https://example.com/a.png" }))).ok).toBe(true);
    const sent = provider.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ messaging_product: "whatsapp", recipient_type: "individual", to: "966501234567", type: "image", image: { link: "https://example.com/a.png", caption: "مرحبا" } });
  });

  it("sends a text too long for a caption after the image, as its own message", async () => {
    const before = provider.requests.length;
    const long = "ع".repeat(1500);
    const r = await channel().send(message("966501234567", { imageUrl: "https://example.com/a.png", text: long }));
    const sent = provider.requests.slice(before);
    expect(sent.map((q) => (q.body as { type: string }).type)).toEqual(["image", "text"]);
    expect((sent[0]!.body as { image: object }).image).toEqual({ link: "https://example.com/a.png" });
    expect((sent[1]!.body as { text: { body: string } }).text.body).toBe(long);
    expect(r).toEqual({ ok: true, providerMessageId: `wamid.${counter}` });
  });

  it.each([
    ["966500000429", { error: "throttled", permanent: false, providerCode: "130429", retryAfterMs: 7000 }],
    ["966500001056", { error: "throttled", permanent: false, providerCode: "131056" }],
    ["966500001047", { error: "outside_messaging_window", permanent: true, providerCode: "131047" }],
    ["966500001026", { error: "recipient_not_on_whatsapp", permanent: true, providerCode: "131026" }],
    ["966500000100", { error: "invalid_request", permanent: true, providerCode: "100" }],
    ["966500000190", { error: "token_invalid", permanent: true, providerCode: "190", accountStatus: "token_invalid" }],
    ["966500000400", { error: "invalid_request", permanent: true, providerCode: "12345" }],
    ["966500000500", { error: "provider_unavailable", permanent: false, providerCode: "1" }],
    ["966500000501", { error: "provider_unavailable", permanent: false, providerCode: "503" }],
    ["966500000420", { error: "throttled", permanent: false, providerCode: "429" }],
  ])("maps the answer for %s", async (to, expected) => {
    expect(await channel().send(message(to))).toEqual({ ok: false, ...expected });
  });

  it("tolerates an empty success body, and reports timeouts and refused connections as transient", async () => {
    expect(await channel().send(message("966500000201"))).toEqual({ ok: true, providerMessageId: null });
    expect(await channel(provider.url, 200).send(message("966500000999"))).toMatchObject({ ok: false, error: "timeout", permanent: false });
    const port = await closedPort();
    expect(await channel(`http://127.0.0.1:${port}`).send(message("966501234567"))).toMatchObject({ ok: false, error: "network_error", permanent: false });
  });

  it("refuses to send without the number's credentials, and never puts the token in an error", async () => {
    const before = provider.requests.length;
    const r = await channel().send(message("966501234567", { from: { accountId: 1, phoneNumber: "966551000001", settings: {} } }));
    expect(r).toMatchObject({ ok: false, error: "token_invalid", accountStatus: "token_invalid" });
    expect(provider.requests.length).toBe(before);
    expect(JSON.stringify(await channel().send(message("966500000190")))).not.toContain("EAAG-token");
  });
});
