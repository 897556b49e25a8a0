import { z } from "zod";
import { normalizePhoneNumber } from "../../core/input/phone.js";
import { parseInput, STORABLE_TEXT_PROBLEM, storableText } from "../../core/input/validation.js";

// What a tenant says when it connects a number or asks for a pairing code, with the rules written
// once: GraphQL's arguments are checked here (parseConnect, parsePairingPhone), and the REST bodies
// (rest-schemas.ts) are built from the same rules.

export const LINK_CHANNELS = ["waha", "simulator"] as const;

export const linkChannel = z.enum(LINK_CHANNELS).meta({
  description:
    "waha: a WhatsApp session on one of the operator's WAHA servers; simulator: a simulated phone (development). Left out: simulator on a gateway whose CHANNEL_DRIVER is simulator, else waha.",
});
export const numberName = z.string().trim().min(1, "must not be empty").max(100, "may be at most 100 characters").refine(storableText, STORABLE_TEXT_PROBLEM);
export const pairingPhone = z
  .string()
  .max(32, "must be a phone number")
  .transform((raw, ctx) => normalizePhoneNumber(raw) ?? (ctx.addIssue({ code: "custom", message: "must be a phone number in international form" }), z.NEVER));

export interface ConnectInput {
  channel?: (typeof LINK_CHANNELS)[number] | undefined;
  name: string;
  /** Start a warm-up when the number links (default); false: the tenant says the number is not new. */
  warmUp: boolean;
}

const connectSchema = z.object({ channel: linkChannel.nullish(), name: numberName, warmUp: z.boolean().nullish() });

const connectInput = (c: z.output<typeof connectSchema>): ConnectInput => ({ channel: c.channel ?? undefined, name: c.name, warmUp: c.warmUp ?? true });

/** A connection's input checked by its rules; errors name GraphQL's fields. */
export const parseConnect = (raw: unknown): ConnectInput => connectInput(parseInput(connectSchema, raw));

/** A connection's input from a body its REST schema checked, renamed to GraphQL's names. */
export const connectFromRest = (checked: unknown): ConnectInput => connectInput(checked as z.output<typeof connectSchema>);

/** The phone number a pairing code is for, in international digits. */
export const parsePairingPhone = (raw: unknown): string => parseInput(z.object({ phoneNumber: pairingPhone }), raw).phoneNumber;
