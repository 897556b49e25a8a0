import { z } from "zod";
import { normalizePhoneNumber } from "../../core/input/phone.js";
import { parseInput, STORABLE_TEXT_PROBLEM, storableText } from "../../core/input/validation.js";

// What a tenant says when it connects a number or asks for a pairing code, with the rules written
// once: GraphQL's arguments are checked here (parseConnect, parsePairingPhone), and the REST bodies
// (rest-schemas.ts) are built from the same rules.

export const LINK_CHANNELS = ["waha", "simulator", "whatsapp-cloud"] as const;

export const linkChannel = z.enum(LINK_CHANNELS).meta({
  description:
    "waha: a WhatsApp session on one of the operator's WAHA servers (QR code or pairing code); simulator: a simulated phone (development); whatsapp-cloud: a Cloud API number, by its credentials. Left out: whatsapp-cloud when credentials are given, else simulator on a gateway whose CHANNEL_DRIVER is simulator, else waha.",
});

/** Meta's ids are digits. */
const metaId = (what: string) => z.string().regex(/^\d{1,32}$/, `must be the ${what} Meta shows (digits)`);
export const phoneNumberId = metaId("phone number id");
export const wabaId = metaId("WhatsApp Business Account id");
export const accessToken = z
  .string()
  .min(20, "must be a system-user access token")
  .max(2048, "is too long for an access token")
  .regex(/^[\x21-\x7e]+$/, "must be a token (no spaces)");
export const signupCode = z
  .string()
  .min(1, "must not be empty")
  .max(2048, "is too long")
  .regex(/^[\x21-\x7e]+$/, "must be the code Embedded Signup handed back");

/** A Cloud API number's credentials: a system-user token, or Embedded Signup's code to exchange for one. */
export interface CloudCredentials {
  phoneNumberId: string;
  wabaId: string;
  accessToken?: string | undefined;
  signupCode?: string | undefined;
}
export const numberName = z.string().trim().min(1, "must not be empty").max(100, "may be at most 100 characters").refine(storableText, STORABLE_TEXT_PROBLEM);
export const pairingPhone = z
  .string()
  .max(32, "must be a phone number")
  .transform((raw, ctx) => normalizePhoneNumber(raw) ?? (ctx.addIssue({ code: "custom", message: "must be a phone number in international form" }), z.NEVER));

export interface ConnectInput {
  channel?: (typeof LINK_CHANNELS)[number] | undefined;
  name: string;
  /** A Cloud API number's credentials (channel whatsapp-cloud). */
  cloud?: CloudCredentials | undefined;
  /** Start a warm-up when the number links (default); false: the tenant says the number is not new. */
  warmUp: boolean;
}

/** Credentials go with a Cloud number only, and one of a token or a signup code with them. */
export const credentialsRule = (names: { channel: string; phoneNumberId: string; wabaId: string; accessToken: string; signupCode: string }) =>
  z.superRefine<Record<string, unknown>>((r, ctx) => {
    const given = [names.phoneNumberId, names.wabaId, names.accessToken, names.signupCode].filter((n) => r[n] != null);
    const cloud = r[names.channel] === "whatsapp-cloud" || (r[names.channel] == null && given.length > 0);
    if (!cloud) {
      for (const n of given) ctx.addIssue({ code: "custom", path: [n], message: "is only for a whatsapp-cloud number", input: r[n] });
      return;
    }
    for (const n of [names.phoneNumberId, names.wabaId])
      if (r[n] == null) ctx.addIssue({ code: "custom", path: [n], message: "is required for a whatsapp-cloud number", input: undefined });
    if ((r[names.accessToken] == null) === (r[names.signupCode] == null)) {
      ctx.addIssue({ code: "custom", path: [names.accessToken], message: `give either ${names.accessToken} or ${names.signupCode}`, input: r[names.accessToken] });
    }
  });

const connectSchema = z
  .object({
    channel: linkChannel.nullish(),
    name: numberName,
    warmUp: z.boolean().nullish(),
    phoneNumberId: phoneNumberId.nullish(),
    wabaId: wabaId.nullish(),
    accessToken: accessToken.nullish(),
    signupCode: signupCode.nullish(),
  })
  .check(credentialsRule({ channel: "channel", phoneNumberId: "phoneNumberId", wabaId: "wabaId", accessToken: "accessToken", signupCode: "signupCode" }));

function connectInput(c: z.output<typeof connectSchema>): ConnectInput {
  const cloud =
    c.phoneNumberId && c.wabaId ? { phoneNumberId: c.phoneNumberId, wabaId: c.wabaId, accessToken: c.accessToken ?? undefined, signupCode: c.signupCode ?? undefined } : undefined;
  return { channel: c.channel ?? (cloud ? "whatsapp-cloud" : undefined), name: c.name, warmUp: c.warmUp ?? true, cloud };
}

/** A connection's input checked by its rules; errors name GraphQL's fields. */
export const parseConnect = (raw: unknown): ConnectInput => connectInput(parseInput(connectSchema, raw));

/** A connection's input from a body its REST schema checked, renamed to GraphQL's names. */
export const connectFromRest = (checked: unknown): ConnectInput => connectInput(checked as z.output<typeof connectSchema>);

/** The phone number a pairing code is for, in international digits. */
export const parsePairingPhone = (raw: unknown): string => parseInput(z.object({ phoneNumber: pairingPhone }), raw).phoneNumber;
