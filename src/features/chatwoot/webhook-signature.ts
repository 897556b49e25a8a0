import { createHmac, timingSafeEqual } from "node:crypto";
import { ServiceError } from "../../core/errors.js";

// Chatwoot 4.13 and later sign an API inbox's webhooks with the inbox's own secret
// (lib/webhooks/trigger.rb, reference section 6d): X-Chatwoot-Timestamp (Unix seconds, taken as the
// webhook is sent) and X-Chatwoot-Signature, "sha256=" and the hex HMAC-SHA256 of
// "{timestamp}.{raw body}". The address's own secret is no secret from Chatwoot's agents, who see
// the inbox's webhook URL; the inbox's secret is shown only to Chatwoot's administrators. A
// timestamp more than SIGNATURE_TOLERANCE_S from the gateway's clock, either way, is refused, so a
// captured webhook cannot be replayed later; within the window a replay records nothing new (each
// agent message is recorded once by its Chatwoot id).

/** Five minutes, as Stripe's webhooks allow: Chatwoot signs as it sends, so this covers clocks that are apart and a slow network. */
export const SIGNATURE_TOLERANCE_S = 300;

const refused = (message: string) => new ServiceError("UNAUTHORIZED", message);

/**
 * Checks a webhook's signature with the bridge's inbox secret: "signed" when it is good; "unsigned"
 * for a bridge without a secret while the operator accepts unsigned webhooks (CHATWOOT_ALLOW_UNSIGNED).
 * Refuses (401) anything else.
 */
export function checkSignature(secret: string | null, headers: Headers, raw: Buffer, now: Date, allowUnsigned: boolean): "signed" | "unsigned" {
  if (secret === null) {
    if (allowUnsigned) return "unsigned";
    throw refused(
      "This bridge holds no webhook secret of its inbox, so its webhooks cannot be verified: connect again with an administrator's access token (Chatwoot 4.13 or later), or the operator accepts unsigned webhooks with CHATWOOT_ALLOW_UNSIGNED.",
    );
  }
  const signature = /^sha256=([0-9a-f]{64})$/i.exec(headers.get("x-chatwoot-signature")?.trim() ?? "")?.[1];
  const timestamp = headers.get("x-chatwoot-timestamp")?.trim() ?? "";
  if (!signature || !/^\d{1,12}$/.test(timestamp)) {
    throw refused("The webhook is not signed (X-Chatwoot-Signature sha256=…, X-Chatwoot-Timestamp): this inbox's webhooks are signed with its secret.");
  }
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_S) {
    throw refused(`X-Chatwoot-Timestamp is more than ${SIGNATURE_TOLERANCE_S} seconds from now: a webhook replayed later, or a clock that is off.`);
  }
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(raw).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, "hex"))) {
    throw refused("X-Chatwoot-Signature does not match the body (the inbox's secret was reset in Chatwoot? Connect again to take the new one).");
  }
  return "signed";
}
