import { sendParts, type Channel, type DeliveryResult, type MessagePart, type OutgoingMessage } from "./channel.js";
import { postJson, retryAfterMs, type Failure, type JsonAnswer } from "./http-driver.js";
import { cloudMessage } from "./whatsapp-cloud-payloads.js";

export interface WhatsAppCloudOptions {
  /** e.g. https://graph.facebook.com */
  baseUrl: string;
  /** e.g. v21.0 */
  apiVersion: string;
  timeoutMs: number;
}

/** WhatsApp allows at most this many characters in an image caption. */
const MAX_CAPTION = 1024;
const fitsCaption = (text: string) => [...text].length <= MAX_CAPTION;

/** Meta's error codes that decide what happens next; anything else falls back on the HTTP status. */
function failureFromAnswer(answer: JsonAnswer): Failure {
  const error = (answer.body as { error?: { code?: unknown } } | undefined)?.error;
  const code = typeof error?.code === "number" ? error.code : undefined;
  const providerCode = String(code ?? answer.status);
  const retry = retryAfterMs(answer.headers);
  switch (code) {
    case 130429:
    case 131056:
      return { ok: false, error: "throttled", permanent: false, providerCode, signal: "throughput", ...(retry ? { retryAfterMs: retry } : {}) };
    // The number, not the message, is the problem: tried again (from another number when the
    // caller did not name one) after the health rules act on the number.
    case 131048:
      return { ok: false, error: "sender_restricted", permanent: false, providerCode, signal: "spam_rate_limit" };
    // Meta held this message back from this user: another try would meet the same answer.
    case 131049:
      return { ok: false, error: "sender_restricted", permanent: true, providerCode, signal: "ecosystem_engagement" };
    case 368:
      return { ok: false, error: "sender_restricted", permanent: false, providerCode, signal: "policy_block" };
    case 131031:
      return { ok: false, error: "sender_restricted", permanent: false, providerCode, signal: "account_locked" };
    case 131047:
      return { ok: false, error: "outside_messaging_window", permanent: true, providerCode };
    case 131026:
      return { ok: false, error: "recipient_not_on_whatsapp", permanent: true, providerCode };
    case 100:
      return { ok: false, error: "invalid_request", permanent: true, providerCode };
    case 190:
      return { ok: false, error: "token_invalid", permanent: true, providerCode, accountStatus: "token_invalid" };
  }
  if (answer.status === 429) return { ok: false, error: "throttled", permanent: false, providerCode, ...(retry ? { retryAfterMs: retry } : {}) };
  if (answer.status >= 500) return { ok: false, error: "provider_unavailable", permanent: false, providerCode };
  return { ok: false, error: "invalid_request", permanent: true, providerCode };
}

/**
 * Meta's WhatsApp Cloud API: POST {base}/{version}/{phone-number-id}/messages with the number's
 * own token. An image goes by link with the text as caption; a text too long for a caption follows
 * the image as a message of its own (two parts, so a retry after the text failed skips the image).
 * Rich content (whatsapp-cloud-payloads.ts) is always one request: its caption or body is bounded
 * at acceptance to what Meta takes.
 */
export class WhatsAppCloudChannel implements Channel {
  readonly name = "whatsapp-cloud";
  readonly reportsReceipts = true;

  constructor(private readonly options: WhatsAppCloudOptions) {}

  parts(message: OutgoingMessage): MessagePart[] {
    if (message.content) return ["message"];
    if (!message.imageUrl) return ["text"];
    return fitsCaption(message.text) ? ["image"] : ["image", "text"];
  }

  async send(message: OutgoingMessage, part?: MessagePart): Promise<DeliveryResult> {
    if (part === undefined || (part === "message" && !message.content)) return sendParts(this, message);
    const credentials = message.from.settings.whatsappCloud;
    if (!credentials) {
      return { ok: false, error: "token_invalid", permanent: true, providerCode: "NO_CREDENTIALS", accountStatus: "token_invalid" };
    }
    const base = { messaging_product: "whatsapp", recipient_type: "individual", to: message.to };
    if (message.content) return this.post(credentials, { ...base, ...cloudMessage(message.content, message.text) });
    if (part !== "image" || !message.imageUrl) return this.post(credentials, { ...base, type: "text", text: { preview_url: false, body: message.text } });
    const caption = fitsCaption(message.text) ? { caption: message.text } : {};
    return this.post(credentials, { ...base, type: "image", image: { link: message.imageUrl, ...caption } });
  }

  private async post(credentials: { phoneNumberId: string; accessToken: string }, body: object): Promise<DeliveryResult> {
    const { baseUrl, apiVersion, timeoutMs } = this.options;
    const url = `${baseUrl.replace(/\/+$/, "")}/${apiVersion}/${encodeURIComponent(credentials.phoneNumberId)}/messages`;
    const result = await postJson(url, { authorization: `Bearer ${credentials.accessToken}` }, body, timeoutMs);
    if ("failure" in result) return result.failure;
    const { answer } = result;
    if (answer.status < 200 || answer.status >= 300) return failureFromAnswer(answer);
    const id = (answer.body as { messages?: Array<{ id?: unknown }> } | undefined)?.messages?.[0]?.id;
    return { ok: true, providerMessageId: typeof id === "string" ? id : null };
  }
}
