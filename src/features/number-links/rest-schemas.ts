import { z } from "zod";
import { LINK_STATES } from "./connection-view.js";
import { accessToken, credentialsRule, linkChannel, numberName, pairingPhone, phoneNumberId, signupCode, wabaId } from "./link-input.js";

// The connection routes' bodies and answers (see core/rest/schemas.ts for how the facade uses them);
// the bodies' rules are link-input.ts's.

export const connectBody = z
  .strictObject({
    name: numberName.meta({ description: "A label for the number." }),
    channel: linkChannel.optional(),
    warm_up: z.boolean().optional().meta({ description: "Start a warm-up when it links (default true); false: the number is not new." }),
    phone_number_id: phoneNumberId.optional().meta({ description: "whatsapp-cloud: the phone number id Meta shows for the number." }),
    waba_id: wabaId.optional().meta({ description: "whatsapp-cloud: its WhatsApp Business Account id." }),
    access_token: accessToken.optional().meta({ description: "whatsapp-cloud: a system-user access token; stored like other secrets and never shown again." }),
    signup_code: signupCode.optional().meta({ description: "whatsapp-cloud: instead of a token, the code Meta's Embedded Signup handed back (GET /embedded-signup)." }),
  })
  .check(credentialsRule({ channel: "channel", phoneNumberId: "phone_number_id", wabaId: "waba_id", accessToken: "access_token", signupCode: "signup_code" }))
  .meta({ id: "ConnectAccountInput" });

export const pairingBody = z
  .strictObject({ phone_number: pairingPhone.meta({ description: "The number of the phone to link, in international form." }) })
  .meta({ id: "PairingCodeInput" });

export const connectionShape = z
  .object({
    account_id: z.number().int().positive(),
    name: z.string(),
    channel: z.string(),
    state: z.enum(LINK_STATES).meta({ description: "WAHA's session status (CREATING before the session exists); OPERATOR: added by the operator." }),
    status: z.string().meta({ description: "The number's status: connected once linked (it is then listed by GET /accounts)." }),
    phone_number: z.string().nullable().meta({ description: "Null until the phone is linked." }),
    qr: z.string().nullable().meta({ description: "While SCAN_QR_CODE: the value to show as a QR code; GET /accounts/{id}/qr gives it as a PNG." }),
    qr_changed_at: z.string().nullable(),
    pairing_code: z.string().nullable().meta({ description: "The code asked for with POST /accounts/{id}/pairing-code, to type on the phone." }),
    pairing_phone: z.string().nullable(),
    error: z.string().nullable().meta({ description: "Why the last attempt failed: number_taken, other_phone, not_started." }),
    verified_name: z.string().nullable().meta({ description: "A Cloud API number's display name as Meta verified it." }),
    quality: z.string().nullable().meta({ description: "Meta's quality rating (GREEN, YELLOW, RED)." }),
    messaging_tier: z.number().int().nullable().meta({ description: "Meta's messaging limit: unique recipients in 24 hours; null: none held." }),
  })
  .meta({ id: "AccountConnection" });

export const connectionResponse = z.object({ success: z.literal(true), connection: connectionShape }).meta({ id: "AccountConnectionResponse" });

export const removedResponse = z.object({ success: z.literal(true), account_id: z.number().int().positive(), removed_at: z.string() }).meta({ id: "RemovedAccountResponse" });

export const qrQuery = z.strictObject({
  format: z.enum(["image", "raw"]).optional().meta({ description: 'image (default): a PNG; raw: JSON `{"value": …}` to draw yourself.' }),
});
