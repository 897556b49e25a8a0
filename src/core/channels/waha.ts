import type { Channel, DeliveryResult, MessagePart, OutgoingMessage } from "./channel.js";
import { postJson, retryAfterMs, type Failure, type JsonAnswer } from "./http-driver.js";
import { describeImage, wahaRequest } from "./waha-payloads.js";

export interface WahaOptions {
  /** Where the WAHA server listens, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** WAHA's own API key (WAHA_API_KEY); undefined when that server runs without one. */
  apiKey: string | undefined;
  timeoutMs: number;
}

/** Where a WAHA server listens and its key, by its waha_server id (features/number-links keeps them). */
export type WahaServerLookup = (serverId: number) => Promise<{ baseUrl: string; apiKey: string | null } | undefined>;

// WAHA answers 422 with the session's status when the phone is not logged in (STOPPED, SCAN_QR_CODE…).
const SESSION_NOT_WORKING = /working|status is not as expected/i;
// WhatsApp's wording for a number without an account varies by engine (WEBJS, NOWEB, GOWS).
const NOT_ON_WHATSAPP = /not (registered|exist)|no lid|invalid wid/i;

/**
 * Delivers through a self-hosted WAHA (WhatsApp HTTP API) server. Each sender number lives in its
 * own WAHA session, named in the account's settings; the gateway holds one API key for the server.
 */
export class WahaChannel implements Channel {
  readonly name = "waha";
  readonly reportsReceipts = true;
  private readonly baseUrl: string;
  /** Set by the composition root: the servers of numbers tenants linked themselves. */
  serverOf: WahaServerLookup | undefined;

  constructor(private readonly options: WahaOptions) {
    this.baseUrl = withoutTrailingSlash(options.baseUrl);
  }

  /** One request per message: an image carries the whole text as its caption. */
  parts(): MessagePart[] {
    return ["message"];
  }

  async send(message: OutgoingMessage): Promise<DeliveryResult> {
    const session = message.from.settings.waha?.session;
    if (!session) {
      // Nothing to ask WAHA about: the account was never linked to a session, so the sender must reconnect.
      return {
        ok: false,
        error: "sender_disconnected",
        permanent: false,
        providerCode: "NO_SESSION",
        accountStatus: "disconnected",
      };
    }
    const server = await this.serverFor(message.from.settings.waha?.server);
    // A server the operator removed while a number was on it: the number must be linked again.
    if (!server) return { ok: false, error: "sender_disconnected", permanent: false, providerCode: "NO_SERVER", accountStatus: "disconnected" };
    const chatId = `${message.to}@c.us`;
    if (message.content) {
      const request = wahaRequest(message.content, message.text, session, chatId);
      // The capability table keeps such messages from WAHA numbers; one that got here anyway fails for good.
      if (!request) return { ok: false, error: "invalid_request", permanent: true, providerCode: "UNSUPPORTED_KIND" };
      return this.post(server, request.path, request.body, request.method);
    }
    const [path, body] = message.imageUrl
      ? ["/api/sendImage", { session, chatId, file: describeImage(message.imageUrl), caption: message.text }]
      : ["/api/sendText", { session, chatId, text: message.text }];
    return this.post(server, path, body);
  }

  private async serverFor(serverId: number | undefined): Promise<{ baseUrl: string; apiKey: string | null | undefined } | undefined> {
    if (serverId === undefined) return { baseUrl: this.baseUrl, apiKey: this.options.apiKey };
    const server = await this.serverOf?.(serverId);
    return server && { baseUrl: withoutTrailingSlash(server.baseUrl), apiKey: server.apiKey };
  }

  private async post(server: { baseUrl: string; apiKey: string | null | undefined }, path: string, body: object, method: "POST" | "PUT" = "POST"): Promise<DeliveryResult> {
    const headers: Record<string, string> = server.apiKey == null ? {} : { "X-Api-Key": server.apiKey };
    const result = await postJson(`${server.baseUrl}${path}`, headers, body, this.options.timeoutMs, method);
    if ("failure" in result) return result.failure;
    const { answer } = result;
    if (answer.status >= 200 && answer.status < 300) return { ok: true, providerMessageId: providerMessageId(answer.body) };
    return classify(answer);
  }
}

/** WAHA's answer shape depends on the engine: WEBJS serialises ids, NOWEB returns Baileys' `key`. */
function providerMessageId(body: unknown): string | null {
  // The message was accepted; an answer we cannot read must not turn that into a failure.
  if (!isRecord(body)) return null;
  const id = body.id;
  if (isRecord(id) && typeof id._serialized === "string") return id._serialized;
  if (typeof id === "string") return id;
  if (isRecord(body.key) && typeof body.key.id === "string") return body.key.id;
  return null;
}

function classify(answer: JsonAnswer): Failure {
  const { status } = answer;
  const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? "");
  const providerCode = String(status);
  if (status === 422 && SESSION_NOT_WORKING.test(body)) {
    return { ok: false, error: "sender_disconnected", permanent: false, providerCode, accountStatus: "disconnected" };
  }
  if (status === 401 || status === 403) {
    // The key is the gateway's, not the account's, so the account's status is left alone.
    return { ok: false, error: "token_invalid", permanent: true, providerCode };
  }
  if (status === 429) {
    const retry = retryAfterMs(answer.headers);
    return { ok: false, error: "throttled", permanent: false, providerCode, ...(retry === undefined ? {} : { retryAfterMs: retry }) };
  }
  if (status === 404) {
    // An unknown session or endpoint; its "does not exist" wording is about the session, not the recipient.
    return { ok: false, error: "invalid_request", permanent: true, providerCode };
  }
  if (status >= 400 && status < 600 && NOT_ON_WHATSAPP.test(body)) {
    // WAHA often reports this as a 500 although no retry can ever deliver it.
    return { ok: false, error: "recipient_not_on_whatsapp", permanent: true, providerCode };
  }
  if (status >= 400 && status < 500) return { ok: false, error: "invalid_request", permanent: true, providerCode };
  // 5xx, and anything else unexpected (a redirect), may clear up on its own.
  return { ok: false, error: "provider_unavailable", permanent: false, providerCode };
}

// A trailing slash would make "//api/..." paths, which some proxies in front of WAHA reject.
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
