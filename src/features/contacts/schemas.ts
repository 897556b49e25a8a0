import { z } from "zod";
import { queryFlag } from "../../core/rest/schemas.js";
import { MAX_CONFIRMATION_LENGTH, MAX_SUPPRESSION_IMPORT, numberList } from "./consent.js";
import { MAX_CONTACT_NAME_LENGTH, MAX_CONTACT_SEARCH_LENGTH } from "./contacts.js";
import { MAX_STOP_WORDS, MAX_STOP_WORD_LENGTH } from "./stop-words.js";

// The contact and consent routes' bodies, query string and answers (see schemas.ts for how they
// are used). A list of numbers is checked by the service's own rule (consent.ts): an empty or
// oversized list, or one with no number in it, is refused; other entries that are not numbers are
// skipped and reported in the answer.

const timestamp = z.iso.datetime({ offset: true }).meta({ description: "ISO 8601 with the service time zone's offset." });
const reason = z.enum(["opted_out", "suppressed"]).meta({ description: "opted_out: the contact sent a stop word; suppressed: you opted it out (API or suppression list)." });

export const numbersBody = z
  .strictObject({
    numbers: numberList.meta({
      description: `1 to ${MAX_SUPPRESSION_IMPORT} numbers in any accepted spelling; entries that are not numbers are skipped and reported in \`invalid\`.`,
      examples: [["0501234567", "+966 55 123 4567"]],
    }),
  })
  .meta({ id: "NumbersRequest" });

export const contactNameBody = z
  .strictObject({
    // The service trims it and counts code points, so it alone says what is too long.
    name: z
      .string()
      .nullable()
      .meta({ description: `At most ${MAX_CONTACT_NAME_LENGTH} characters once trimmed; null or blank clears it.`, examples: ["Fatimah"] }),
  })
  .meta({ id: "SetContactNameRequest" });

export const consentSettingsBody = z
  .strictObject({
    use_default_stop_words: z.boolean().optional().meta({ description: "Whether the built-in stop words apply besides your own." }),
    // The service enforces the limits (stop-words.ts: it trims each word and counts words once
    // normalised, so a repeated spelling is not counted). The document states them as JSON Schema
    // can, on the list as written: a bound that is never looser than the service's.
    stop_words: z
      .array(z.string().meta({ minLength: 1, maxLength: MAX_STOP_WORD_LENGTH }))
      .optional()
      .meta({
        description: `Your own stop words, replacing the previous ones: at most ${MAX_STOP_WORDS}, each at most ${MAX_STOP_WORD_LENGTH} characters (spellings that repeat one once normalised are dropped and not counted).`,
        maxItems: MAX_STOP_WORDS,
        examples: [["STOP", "توقف"]],
      }),
    confirmation_text: z
      .string()
      .meta({ maxLength: MAX_CONFIRMATION_LENGTH })
      .nullable()
      .optional()
      .meta({ description: `Sent to a contact who opts out with a stop word (at most ${MAX_CONFIRMATION_LENGTH} characters once trimmed); null or blank: no reply.` }),
  })
  .meta({ id: "ConsentSettingsRequest", description: "Fields left out are unchanged." });

const pageLimit = z
  .string()
  .regex(/^\d{1,3}$/, "must be a whole number from 0 to 100")
  .transform(Number)
  .pipe(z.number().int().min(0).max(100))
  .optional()
  .meta({ description: "Contacts per page, 0 to 100 (default 20)." });

export const contactsQuery = z.strictObject({
  search: z.string().max(MAX_CONTACT_SEARCH_LENGTH).optional().meta({ description: "Part of a name (any case) or of a number (digits, in any spelling)." }),
  opted_out: queryFlag("true: only contacts you may not send to; false: only those you may."),
  limit: pageLimit,
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,18}$/, "must be an id: digits, not starting with 0")
    .optional()
    .meta({ description: "The previous page's `next_cursor`." }),
});

export const contactShape = z
  .object({
    id: z.number().int().positive(),
    phone: z.string().meta({ description: "International digits.", examples: ["966501234567"] }),
    lid: z.string().nullable().meta({ description: "The contact's WhatsApp LID, when a provider gave one." }),
    name: z.string().nullable(),
    first_seen_at: timestamp,
    last_seen_at: timestamp,
    last_inbound_at: timestamp.nullable().meta({ description: "When it last wrote to you." }),
    last_outbound_at: timestamp.nullable().meta({ description: "When you last wrote to it." }),
    opted_out: z.boolean().meta({ description: "True while nothing may be sent to it (RECIPIENT_OPTED_OUT)." }),
    opted_out_at: timestamp.nullable(),
    reason: reason.nullable().meta({ description: "Why it is opted out; null while it is not." }),
    windows: z
      .array(
        z.object({
          account_id: z.number().int().positive().meta({ description: "The number it wrote to." }),
          window_open_until: timestamp.meta({
            description: "24 hours after its last message to that number; past: closed (only template messages go through on numbers with capabilities.customer_window).",
          }),
          open: z.boolean(),
        }),
      )
      .meta({ description: "The customer-service window per number it wrote to." }),
  })
  .meta({ id: "Contact" });

export const contactsResponse = z
  .object({
    contacts: z.array(contactShape).meta({ description: "Newest first." }),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next (older) page; null on the last page." }),
  })
  .meta({ id: "Contacts" });

export const contactResponse = z.object({ success: z.literal(true), contact: contactShape }).meta({ id: "ContactResponse" });

const invalid = z
  .array(z.object({ index: z.number().int().nonnegative().meta({ description: "Its position in `numbers`, from 0." }), value: z.string() }))
  .meta({ description: "Entries that are not numbers messages can be sent to; they were skipped." });

const count = z.number().int().nonnegative();

export const optOutResponse = z
  .object({
    success: z.literal(true),
    opted_out: count.meta({ description: "Numbers opted out by this request." }),
    already: count.meta({ description: "Numbers that were opted out already (they keep their reason and time)." }),
    cancelled: count.meta({ description: "Queued messages to them that were cancelled (failed `opted_out`, allowance given back)." }),
    in_flight: count.meta({ description: "Messages to them already with the provider: they may still arrive." }),
    invalid,
  })
  .meta({ id: "OptOutResult" });

export const optInResponse = z
  .object({
    success: z.literal(true),
    opted_in: count.meta({ description: "Numbers that were opted out and may be sent to again; the others were left as they were." }),
    invalid,
  })
  .meta({ id: "OptInResult" });

export const consentSettingsResponse = z
  .object({
    consent_settings: z.object({
      use_default_stop_words: z.boolean(),
      stop_words: z.array(z.string()).meta({ description: "Your own stop words." }),
      confirmation_text: z.string().nullable().meta({ description: "Sent to a contact who opted out with a stop word; null: no reply." }),
      default_stop_words: z.array(z.string()).meta({ description: "The built-in stop words (Arabic and English)." }),
      effective_stop_words: z.array(z.string()).meta({ description: "What inbound messages are matched against: the defaults (if used) and yours, each once." }),
    }),
  })
  .meta({ id: "ConsentSettings" });
