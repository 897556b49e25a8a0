import { z } from "zod";
import { normalizePhoneNumber } from "./phone.js";
import { parseInput, STORABLE_TEXT_PROBLEM, storableText } from "./validation.js";
// The fields of a send, defined once: the services validate GraphQL input with them, and the REST
// facade validates its bodies with them (src/rest/schemas.ts) and prints them into the OpenAPI
// document. Each limit lives here.
export const MAX_TEXT_CODE_POINTS = 4000;
export const MAX_BULK_NUMBERS = 500;
export const MAX_URL_LENGTH = 2048;
/** Longer than any way of writing a phone number, short enough that nobody parses megabytes. */
const MAX_PHONE_INPUT_LENGTH = 64;
const codePoints = (s) => [...s].length;
/** Lengths in Unicode code points (an Arabic letter or an emoji is one), as JSON Schema counts them. */
export const messageText = z
    .string()
    .refine(storableText, STORABLE_TEXT_PROBLEM)
    .refine((s) => s.trim().length > 0, "must not be empty")
    .refine((s) => codePoints(s) <= MAX_TEXT_CODE_POINTS, `must be at most ${MAX_TEXT_CODE_POINTS} characters`)
    .meta({ description: "Message text (with an image: its caption).", minLength: 1, maxLength: MAX_TEXT_CODE_POINTS, examples: ["Hello from the gateway"] });
/**
 * An absolute http(s) URL as the caller wrote it (it is stored and handed to the provider as is),
 * so nothing the URL parser would quietly re-encode: no spaces or control characters.
 */
export const httpUrl = z
    .string()
    .max(MAX_URL_LENGTH)
    .refine((s) => storableText(s) && ![...s].some((c) => c <= " " || c === "\u007f"), "must be an absolute http(s) URL without spaces or control characters")
    .refine((s) => {
    try {
        const u = new URL(s);
        return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
    }
    catch {
        return false;
    }
}, "must be an absolute http(s) URL")
    .meta({ format: "uri", maxLength: MAX_URL_LENGTH });
export const imageUrl = httpUrl.meta({ description: "Optional http(s) image to send with the text." });
export const accountId = z
    .number()
    .int("must be an integer")
    .positive("must name one of your connected accounts")
    .max(2_147_483_647, "must name one of your connected accounts")
    .meta({ description: "Optional sender number (account id); otherwise the gateway picks one with room." });
const PHONE_PROBLEM = "must be a mobile number such as 05XXXXXXXX or 9665XXXXXXXX";
/** A mobile number in any of the accepted spellings; the services store it normalised. */
export const phoneNumber = z
    .string()
    .max(MAX_PHONE_INPUT_LENGTH)
    .refine((s) => normalizePhoneNumber(s) !== undefined, PHONE_PROBLEM)
    .meta({ description: "Mobile number: local (05XXXXXXXX), international (9665XXXXXXXX) or with +.", examples: ["0501234567"] });
/** The same rule as `phoneNumber`, normalised in the same step (one parse per number). */
const normalised = z
    .string()
    .max(MAX_PHONE_INPUT_LENGTH)
    .transform((s, ctx) => normalizePhoneNumber(s) ?? (ctx.addIssue({ code: "custom", message: PHONE_PROBLEM }), z.NEVER));
const numberCount = { min: "must hold at least one number", max: `must hold at most ${MAX_BULK_NUMBERS} numbers` };
export const recipientNumbers = z
    .array(phoneNumber)
    .min(1, numberCount.min)
    .max(MAX_BULK_NUMBERS, numberCount.max)
    .meta({ description: "Recipients; duplicates after normalisation are sent once." });
const singleSchema = z.object({ to: normalised, text: messageText, imageUrl: imageUrl.nullish(), accountId: accountId.nullish() });
const bulkSchema = z.object({ numbers: z.array(normalised).min(1, numberCount.min).max(MAX_BULK_NUMBERS, numberCount.max), text: messageText, imageUrl: imageUrl.nullish(), accountId: accountId.nullish() });
/** Errors name the input's own fields (GraphQL's camelCase); list entries as `numbers[3]`. */
export function parseSingleSend(raw) {
    const input = parseInput(singleSchema, raw);
    return { to: input.to, text: input.text, imageUrl: input.imageUrl ?? null, accountId: input.accountId ?? null };
}
/** Every bad number is reported by its index; duplicates collapse. */
export function parseBulkSend(raw) {
    const input = parseInput(bulkSchema, raw);
    return { numbers: [...new Set(input.numbers)], text: input.text, imageUrl: input.imageUrl ?? null, accountId: input.accountId ?? null };
}
//# sourceMappingURL=send-input.js.map