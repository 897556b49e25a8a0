import type { Settings } from "../settings-schema.js";

// The channels' settings: the default driver, the providers' addresses and secrets
// (docs/configuration.md, "Channels").

export interface ChannelConfig {
  driver: "simulator" | "whatsapp-cloud" | "waha";
  timeoutMs: number;
  /** appId, signupConfigId: Meta's app and Embedded Signup configuration, for businesses connecting their own numbers. */
  whatsappCloud: {
    baseUrl: string;
    apiVersion: string;
    appSecret: string | undefined;
    verifyToken: string | undefined;
    appId: string | undefined;
    signupConfigId: string | undefined;
  };
  waha: { baseUrl: string; apiKey: string | undefined; webhookHmacKey: string | undefined };
  /** Where providers reach this gateway (PUBLIC_URL); unset: the address the API listener bound. */
  publicUrl: string | undefined;
  /** Let media links point to internal addresses (WAHA fetches them from inside your network). */
  mediaAllowPrivateAddresses: boolean;
}

/** The channel driver and the providers' endpoints and secrets. */
export function channelSettings(e: Settings): ChannelConfig {
  return {
    driver: e.CHANNEL_DRIVER,
    timeoutMs: e.CHANNEL_TIMEOUT_MS,
    whatsappCloud: {
      baseUrl: e.WHATSAPP_CLOUD_BASE_URL,
      apiVersion: e.WHATSAPP_CLOUD_API_VERSION,
      appSecret: e.WHATSAPP_CLOUD_APP_SECRET,
      verifyToken: e.WHATSAPP_CLOUD_VERIFY_TOKEN,
      ...{ appId: e.META_APP_ID, signupConfigId: e.META_SIGNUP_CONFIG_ID },
    },
    waha: { baseUrl: e.WAHA_BASE_URL, apiKey: e.WAHA_API_KEY, webhookHmacKey: e.WAHA_WEBHOOK_HMAC_KEY },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
    mediaAllowPrivateAddresses: e.MEDIA_ALLOW_PRIVATE_ADDRESSES,
  };
}
