import fs from "node:fs";
import path from "node:path";
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

/** The WAHA `message` event (the recorded fixture with these values) of a contact's text `body` to the number logged in as `me`, under provider message id `id`. */
export function wahaTextEvent(session: string, me: string, from: string, body: string, id: string): string {
  const event = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/providers/waha-message.json"), "utf8"));
  event.session = session;
  event.me.id = `${me}@c.us`;
  event.payload.to = `${me}@c.us`;
  Object.assign(event.payload, { id: `false_${from}@c.us_${id}`, from: `${from}@c.us`, body });
  Object.assign(event.payload._data, { key: { ...event.payload._data.key, remoteJid: `${from}@s.whatsapp.net`, id }, message: { conversation: body } });
  return JSON.stringify(event);
}

/**
 * A customer's text message to a number's WAHA session logged in to the phone `me`, as WAHA sends
 * it (the recorded fixture with this message's values) and signs it; the answer says how many
 * messages were stored.
 */
export async function postWahaText(baseUrl: string, hmacKey: string, session: string, me: string, from: string, body: string): Promise<{ stored: number }> {
  const res = await postWahaWebhook(baseUrl, wahaTextEvent(session, me, from, body, `${Date.now()}${from}`), hmacKey);
  return (await res.json()) as { stored: number };
}
