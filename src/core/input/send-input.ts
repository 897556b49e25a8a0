import { z } from "zod";
import { MAX_BULK_NUMBERS } from "./limits.js";
import { normalizePhoneNumber, PHONE_PROBLEM } from "./phone.js";
import { parseInput, STORABLE_TEXT_PROBLEM, storableText } from "./validation.js";
import { contentFields, contentRules, type TemplateMessageInput } from "../content/content-input.js";
import { carriesCredentials, CREDENTIALS_PROBLEM } from "./public-address.js";

// The fields of a send, defined once: the services validate GraphQL input with them, and the REST
// facade validates its bodies with them (src/core/rest/schemas.ts) and prints them into the OpenAPI
// document. Each limit lives here.

export const MAX_TEXT_CODE_POINTS = 4000;
export const MAX_URL_LENGTH = 2048;
/** Longer than any way of writing a phone number, short enough that nobody parses megabytes. */
export const MAX_PHONE_INPUT_LENGTH = 64;

const codePoints = (s: string) => [...s].length;

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
    } catch {
      return false;
    }
  }, "must be an absolute http(s) URL")
  .meta({ format: "uri", maxLength: MAX_URL_LENGTH });

/**
 * The spec's image link. Plain http stays allowed (the spec's callers send such links and both
 * providers fetch them); where it leads is checked when a send or template is accepted
 * (refuseInwardLink), as for media links.
 */
export const imageUrl = httpUrl
  .refine((s) => !carriesCredentials(s), CREDENTIALS_PROBLEM)
  .meta({
    description:
      "Optional http(s) image to send with the text. It must lead to a public address: not loopback, private, link-local or otherwise internal, and without a user name or password.",
  });

export const accountId = z
  .number()
  .int("must be an integer")
  .positive("must name one of your connected accounts")
  .max(2_147_483_647, "must name one of your connected accounts")
  .meta({ description: "Optional sender number (account id); otherwise the gateway picks one with room." });

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

export const MAX_VARIABLES = 50;
export const MAX_VARIABLE_LENGTH = 1000;
/** 35 days: the furthest ahead a send may be scheduled, and the longest validity. */
export const MAX_SCHEDULE_SECONDS = 35 * 86_400;

export const variableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "must be a placeholder name: a letter or _, then letters, digits or _ (at most 64)");

/** A placeholder's value: text (numbers are taken as their text), at most MAX_VARIABLE_LENGTH characters. */
const variableValue = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(
    z
      .string()
      .refine(storableText, STORABLE_TEXT_PROBLEM)
      .refine((s) => codePoints(s) <= MAX_VARIABLE_LENGTH, `must be at most ${MAX_VARIABLE_LENGTH} characters`),
  );

export const variables = z
  .record(variableName, variableValue)
  .refine((v) => Object.keys(v).length <= MAX_VARIABLES, `must hold at most ${MAX_VARIABLES} variables`)
  .meta({ description: "Values of the text's {{placeholders}}, by name.", examples: [{ name: "Sara", code: "A17" }] });

export const templateName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "must be a template name: lowercase letters, digits, _ and - (at most 64)")
  .meta({ description: "A template of yours, by name.", examples: ["order_ready"] });

/** An instant as this API takes one: ISO 8601 with its offset. */
export const isoInstant = z.iso.datetime({ offset: true, message: "must be an ISO 8601 time with its offset, such as 2026-12-01T09:00:00+03:00" });

export const sendAt = isoInstant.meta({
  description: `When to send (ISO 8601 with offset), at most ${MAX_SCHEDULE_SECONDS / 86_400} days ahead; a past time means now.`,
  examples: ["2026-12-01T09:00:00+03:00"],
});

export const validForSeconds = z
  .number()
  .int("must be an integer")
  .min(60, "must be at least 60")
  .max(MAX_SCHEDULE_SECONDS, `must be at most ${MAX_SCHEDULE_SECONDS}`)
  .meta({ description: "How long a queued message may wait, counted from its send time, before it fails with `expired` (default: MESSAGE_TTL_SECONDS)." });

export const priority = z
  .enum(["high", "normal"])
  .meta({ description: "Within one sender number, high messages go before normal ones (default: single sends high, bulk normal)." });

export const outsideWindow = z
  .enum(["refuse", "queue"])
  .meta({ description: "An immediate send while your send window is closed: refused with OUTSIDE_SEND_WINDOW (default), or queued until it opens." });

export const recipient = z.object({ to: phoneNumber, variables: variables.optional() });

export const recipientList = z
  .array(recipient)
  .min(1, "must hold at least one recipient")
  .max(MAX_BULK_NUMBERS, `must hold at most ${MAX_BULK_NUMBERS} recipients`)
  .meta({ description: "Recipients with their own placeholder values (instead of `numbers`); duplicates after normalisation are sent once, with the first one's values." });

/** What a send says besides its recipients, shared by single and bulk sends. */
const common = {
  text: messageText.nullish(),
  template: templateName.nullish(),
  imageUrl: imageUrl.nullish(),
  accountId: accountId.nullish(),
  sendAt: sendAt.nullish(),
  validForSeconds: validForSeconds.nullish(),
  priority: priority.nullish(),
  ...contentFields,
};

/**
 * Exactly one of two fields (reported under the first). Checked even when other fields are bad,
 * so a request learns every problem at once.
 */
export const exactlyOne = (first: string, second: string, problems: { neither: string; both: string }) =>
  z.superRefine<Record<string, unknown>>(
    (input, ctx) => {
      const given = [input[first], input[second]].filter((v) => v !== null && v !== undefined).length;
      if (given !== 1) ctx.addIssue({ code: "custom", path: [first], message: given === 0 ? problems.neither : problems.both, input: input[first] });
    },
    { when: () => true },
  );

export const numbersOrRecipients = exactlyOne("numbers", "recipients", { neither: "is required unless recipients are given", both: "must not be given with recipients" });

const singleSchema = z.object({ to: normalised, variables: variables.nullish(), outsideWindow: outsideWindow.nullish(), ...common }).check(contentRules());

const bulkSchema = z
  .object({
    numbers: z.array(normalised).min(1, numberCount.min).max(MAX_BULK_NUMBERS, numberCount.max).nullish(),
    recipients: z
      .array(z.object({ to: normalised, variables: variables.nullish() }))
      .min(1, "must hold at least one recipient")
      .max(MAX_BULK_NUMBERS, `must hold at most ${MAX_BULK_NUMBERS} recipients`)
      .nullish(),
    ...common,
  })
  .check(contentRules(), numbersOrRecipients);

export interface SendOptions {
  text: string | null;
  template: string | null;
  imageUrl: string | null;
  accountId: number | null;
  sendAt: Date | null;
  validForSeconds: number | null;
  priority: "high" | "normal" | null;
  /** The content kind beyond text, as given (one at most; resolved to RichContent by the messages feature). */
  kinds: ContentKinds;
  /** Sent instead of a free-form message to a contact whose customer-service window is closed. */
  fallbackTemplate: TemplateMessageInput | null;
}

type Parsed = z.output<typeof singleSchema> | z.output<typeof bulkSchema>;
export type ContentKinds = Pick<Parsed, "media" | "location" | "contacts" | "reaction" | "interactive" | "whatsappTemplate">;

export interface SingleSendInput extends SendOptions {
  to: string;
  variables: Record<string, string>;
  outsideWindow: "refuse" | "queue";
}

export interface Recipient {
  to: string;
  variables: Record<string, string>;
  /** Where the caller wrote it (`numbers[3]`, `recipients[3]`), for errors about it. */
  field: string;
}

export interface BulkSendInput extends SendOptions {
  recipients: Recipient[];
  /** Given as `recipients` (with placeholder values) rather than bare `numbers`. */
  personalised: boolean;
}

const options = (input: z.output<typeof singleSchema> | z.output<typeof bulkSchema>): SendOptions => ({
  text: input.text ?? null,
  template: input.template ?? null,
  imageUrl: input.imageUrl ?? null,
  accountId: input.accountId ?? null,
  sendAt: input.sendAt ? new Date(input.sendAt) : null,
  validForSeconds: input.validForSeconds ?? null,
  priority: input.priority ?? null,
  kinds: {
    media: input.media,
    location: input.location,
    contacts: input.contacts,
    reaction: input.reaction,
    interactive: input.interactive,
    whatsappTemplate: input.whatsappTemplate,
  },
  fallbackTemplate: input.fallbackTemplate ?? null,
});

/** A single send's fields as its rules checked them, in the operation's (GraphQL's) names, with `to` normalised. */
export type CheckedSingleSend = z.output<typeof singleSchema>;
/** A bulk send's fields as its rules checked them, in the operation's (GraphQL's) names, numbers normalised. */
export type CheckedBulkSend = z.output<typeof bulkSchema>;

/** The typed input of a single send, from fields its rules already checked. */
export function singleSendInput(input: CheckedSingleSend): SingleSendInput {
  return { ...options(input), to: input.to, variables: input.variables ?? {}, outsideWindow: input.outsideWindow ?? "refuse" };
}

/** The typed input of a bulk send, from fields its rules already checked: every recipient named as written; duplicates collapse onto their first entry. */
export function bulkSendInput(input: CheckedBulkSend): BulkSendInput {
  const listed: Recipient[] = input.recipients
    ? input.recipients.map((r, i) => ({ to: r.to, variables: r.variables ?? {}, field: `recipients[${i}]` }))
    : (input.numbers ?? []).map((to, i) => ({ to, variables: {}, field: `numbers[${i}]` }));
  const seen = new Set<string>();
  return { ...options(input), recipients: listed.filter((r) => !seen.has(r.to) && seen.add(r.to)), personalised: input.recipients != null };
}

// A REST body schema (messages' and batches' rest-schemas.ts) applies these same rules to the
// spec's field names, and keeps numbers as the caller wrote them: an Idempotency-Key's fingerprint
// is of the request as sent. Its output, renamed to these names, becomes typed input here.
const written = (to: string) => normalizePhoneNumber(to) ?? to;

/** A single send from a body its REST schema checked, in these names. */
export function singleSendFromRest(checked: unknown): SingleSendInput {
  const fields = checked as CheckedSingleSend;
  return singleSendInput({ ...fields, to: written(fields.to) });
}

/** A bulk send from a body its REST schema checked, in these names. */
export function bulkSendFromRest(checked: unknown): BulkSendInput {
  const fields = checked as CheckedBulkSend;
  return bulkSendInput({ ...fields, numbers: fields.numbers?.map(written), recipients: fields.recipients?.map((r) => ({ ...r, to: written(r.to) })) });
}

/** Errors name the input's own fields (GraphQL's camelCase); list entries as `numbers[3]`. */
export const parseSingleSend = (raw: unknown): SingleSendInput => singleSendInput(parseInput(singleSchema, raw));

/** Every bad number is reported by its index. */
export const parseBulkSend = (raw: unknown): BulkSendInput => bulkSendInput(parseInput(bulkSchema, raw));
