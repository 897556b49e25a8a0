import type { RichContent } from "../content/message-content.js";

/** Per-account provider settings, stored on the account (admin CLI); only a driver reads its own part. */
export interface AccountChannelSettings {
  /**
   * Meta WhatsApp Cloud API: the sender's phone-number id and its access token; `wabaId`, its
   * WhatsApp Business Account, whose account_update webhooks without a phone number concern it.
   */
  whatsappCloud?: { phoneNumberId: string; accessToken: string; wabaId?: string; verifiedName?: string };
  /**
   * WAHA: the session that holds this number, and the WAHA server it is on (a waha_server id, for a
   * number the tenant linked itself; none: the WAHA_BASE_URL server).
   */
  waha?: { session: string; server?: number };
}

/** What a channel driver is asked to deliver. */
export interface OutgoingMessage {
  id: bigint;
  /** Recipient, international digits only (e.g. 966501234567). */
  to: string;
  /** The text; with media, its caption (empty: none); with an interactive message, its body. */
  text: string;
  imageUrl: string | null;
  /** The content kind beyond text (message-content.ts); null: text, with `imageUrl` if set. */
  content: RichContent | null;
  from: { accountId: number; phoneNumber: string; settings: AccountChannelSettings };
}

/**
 * Stable failure texts (docs/rest-api.md, "Errors"). Drivers map their provider's answers onto these;
 * the provider's own code travels beside them in `providerCode`.
 */
export type DeliveryErrorText =
  | "recipient_not_on_whatsapp"
  | "invalid_request"
  | "outside_messaging_window"
  | "sender_restricted"
  | "token_invalid"
  | "sender_disconnected"
  | "throttled"
  | "provider_unavailable"
  | "timeout"
  | "network_error";

/**
 * What is heard about a sender number's health (accounts/signal-rules.ts maps each to an action):
 * from provider errors, provider webhooks and session events, and the gateway's own figures.
 */
export type HealthSignal =
  | "spam_rate_limit"
  | "ecosystem_engagement"
  | "policy_block"
  | "account_locked"
  | "throughput"
  | "quality_yellow"
  | "quality_red"
  | "quality_green"
  | "account_restricted"
  | "account_banned"
  | "account_reinstated"
  | "session_lost"
  | "session_working"
  | "opt_out_rate"
  | "undeliverable_rate"
  | "failure_rate";

export type DeliveryResult =
  | { ok: true; providerMessageId: string | null }
  | {
      ok: false;
      error: DeliveryErrorText;
      /** False when trying again later may succeed (timeouts, 5xx, throttling, network). */
      permanent: boolean;
      /** The provider's own error code or HTTP status, as text. */
      providerCode?: string;
      /** What the answer says about the sender account, when it says something. */
      accountStatus?: "disconnected" | "token_invalid";
      /** The provider's hint (Retry-After) for when to try again. */
      retryAfterMs?: number;
      /** What the answer says about the sender number's health (slow down, pause, stop). */
      signal?: HealthSignal;
      /**
       * The request may have reached the provider and its answer was lost on the way back (a
       * timeout, a connection reset after sending): the provider may have taken the message.
       */
      answerLost?: boolean;
    };

/**
 * One provider request of a message. Most messages are one `message`; a driver that must split one
 * (WhatsApp Cloud: an image, then a text too long for its caption) names the parts, so that a
 * retry after a later part failed sends only the parts not yet sent.
 */
export type MessagePart = "message" | "image" | "text";

/** A part the provider took, with the id it gave it. */
export interface SentPart {
  part: MessagePart;
  providerMessageId: string | null;
}

/** One driver per messaging provider. Drivers never throw for delivery failures; they answer. */
export interface Channel {
  readonly name: string;
  /** Whether the provider later reports delivered/read receipts (to our inbound webhooks). */
  readonly reportsReceipts: boolean;
  /** The parts `message` goes out as, in order. */
  parts(message: OutgoingMessage): MessagePart[];
  /** Sends one part of `parts(message)`; without one, the whole message (see sendParts). */
  send(message: OutgoingMessage, part?: MessagePart): Promise<DeliveryResult>;
}

export interface PartProgress {
  /** Parts an earlier attempt already handed to the provider: not sent again. */
  sent: readonly SentPart[];
  /** Stores a part that went out before the next is sent; false stops (the message is no longer ours). */
  record(part: SentPart): Promise<boolean>;
}

/**
 * Sends a message's parts in order, skipping those already sent and stopping at the first failure,
 * which is the answer. The message's provider id is its last part's. Undefined: `record` refused.
 */
export async function sendParts(channel: Channel, message: OutgoingMessage): Promise<DeliveryResult>;
export async function sendParts(channel: Channel, message: OutgoingMessage, progress: PartProgress): Promise<DeliveryResult | undefined>;
export async function sendParts(channel: Channel, message: OutgoingMessage, progress?: PartProgress): Promise<DeliveryResult | undefined> {
  const parts = channel.parts(message);
  let providerMessageId: string | null = null;
  for (const [i, part] of parts.entries()) {
    const earlier = progress?.sent.find((s) => s.part === part);
    if (earlier) {
      providerMessageId = earlier.providerMessageId;
      continue;
    }
    const result = await channel.send(message, part);
    if (!result.ok) return result;
    providerMessageId = result.providerMessageId;
    // The last part's success is recorded with the message itself (sent).
    if (progress && i < parts.length - 1 && !(await progress.record({ part, providerMessageId }))) return undefined;
  }
  return { ok: true, providerMessageId };
}
