import { createHmac } from "node:crypto";

// The providers' webhook signatures, made the way each provider makes them, so a test posts what a
// provider posts (src/features/inbound/receipt-routes.ts checks them): an HMAC of the raw body, in hex.

/** X-Hub-Signature-256 as Meta sends it: `sha256=` and the HMAC-SHA256 of the raw body keyed with the app secret. */
export const cloudSignature = (raw: string, appSecret: string): string => `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`;

/** X-Webhook-Hmac as WAHA sends it: the HMAC-SHA512 of the raw body keyed with the webhook HMAC key. */
export const wahaSignature = (raw: string, hmacKey: string): string => createHmac("sha512", hmacKey).update(raw).digest("hex");

/** POSTs `raw` to the gateway at `baseUrl` as a Cloud webhook signed with `appSecret`, or carrying `signature` as it is. */
export function postCloudWebhook(baseUrl: string, raw: string, appSecret: string, signature = cloudSignature(raw, appSecret)): Promise<Response> {
  return fetch(`${baseUrl}/webhooks/whatsapp-cloud`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, body: raw });
}

/** POSTs `raw` to the gateway at `baseUrl` as a WAHA webhook signed with `hmacKey`, or carrying `signature` as it is. */
export function postWahaWebhook(baseUrl: string, raw: string, hmacKey: string, signature = wahaSignature(raw, hmacKey)): Promise<Response> {
  return fetch(`${baseUrl}/webhooks/waha`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-webhook-hmac": signature, "x-webhook-hmac-algorithm": "sha512" },
    body: raw,
  });
}
