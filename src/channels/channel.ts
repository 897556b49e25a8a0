/** Per-account provider settings, stored on the account (admin CLI); only a driver reads its own part. */
export interface AccountChannelSettings {
  /** Meta WhatsApp Cloud API: the sender's phone-number id and its access token. */
  whatsappCloud?: { phoneNumberId: string; accessToken: string };
  /** WAHA: the session that holds this number. */
  waha?: { session: string };
}

/** What a channel driver is asked to deliver. */
export interface OutgoingMessage {
  id: bigint;
  /** Recipient, international digits only (e.g. 966501234567). */
  to: string;
  text: string;
  imageUrl: string | null;
  from: { accountId: number; phoneNumber: string; settings: AccountChannelSettings };
}

/**
 * Stable failure texts (README, "Message errors"). Drivers map their provider's answers onto these;
 * the provider's own code travels beside them in `providerCode`.
 */
export type DeliveryErrorText =
  | "recipient_not_on_whatsapp"
  | "invalid_request"
  | "outside_messaging_window"
  | "token_invalid"
  | "sender_disconnected"
  | "throttled"
  | "provider_unavailable"
  | "timeout"
  | "network_error";

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
    };

/** One driver per messaging provider. Drivers never throw for delivery failures; they answer. */
export interface Channel {
  readonly name: string;
  /** Whether the provider later reports delivered/read receipts (to our inbound webhooks). */
  readonly reportsReceipts: boolean;
  send(message: OutgoingMessage): Promise<DeliveryResult>;
}
