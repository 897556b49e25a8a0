import { z } from "zod";
import { normalizePhoneNumber } from "./phone.js";
import { validationError } from "./errors.js";

export const MAX_TEXT_CODE_POINTS = 4000;
export const MAX_BULK_NUMBERS = 500;

const codePoints = (s: string) => [...s].length;

const text = z
  .string({ error: "is required and must be a string" })
  .refine((s) => s.trim().length > 0, "must not be empty")
  .refine((s) => codePoints(s) <= MAX_TEXT_CODE_POINTS, `must be at most ${MAX_TEXT_CODE_POINTS} characters`);

const imageUrl = z
  .string({ error: "must be a string" })
  .max(2048, "must be at most 2048 characters")
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, "must be an absolute http(s) URL")
  .nullish();

const accountId = z
  .number({ error: "must be an integer" })
  .int("must be an integer")
  .positive("must name one of your connected accounts")
  .max(2_147_483_647, "must name one of your connected accounts")
  .nullish();

const phone = z
  .string({ error: "is required and must be a string" })
  .transform((raw, ctx) => {
    const n = normalizePhoneNumber(raw);
    if (!n) {
      ctx.addIssue({ code: "custom", message: "must be a mobile number such as 05XXXXXXXX or 9665XXXXXXXX" });
      return z.NEVER;
    }
    return n;
  });

const singleSchema = z.object({ to: phone, text, imageUrl, accountId });

const bulkSchema = z.object({
  numbers: z
    .array(z.unknown(), { error: "is required and must be an array of phone numbers" })
    .min(1, "must hold at least one number")
    .max(MAX_BULK_NUMBERS, `must hold at most ${MAX_BULK_NUMBERS} numbers`),
  text,
  imageUrl,
  accountId,
});

export interface SingleSendInput {
  to: string;
  text: string;
  imageUrl: string | null;
  accountId: number | null;
}

export interface BulkSendInput {
  numbers: string[];
  text: string;
  imageUrl: string | null;
  accountId: number | null;
}

/** Errors are keyed by the input's own field names (GraphQL's camelCase); list entries as `numbers[3]`. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const [key, ...rest] = issue.path;
    const name = key === undefined ? "input" : String(key);
    fields[rest.length ? `${name}[${rest.join("][")}]` : name] ??= issue.message;
  }
  return fields;
}

export function parseSingleSend(raw: unknown): SingleSendInput {
  const r = singleSchema.safeParse(raw);
  if (!r.success) throw validationError(fieldErrors(r.error));
  return { to: r.data.to, text: r.data.text, imageUrl: r.data.imageUrl ?? null, accountId: r.data.accountId ?? null };
}

/** Validates a bulk request; every bad number is reported by its index, and duplicates collapse. */
export function parseBulkSend(raw: unknown): BulkSendInput {
  const r = bulkSchema.safeParse(raw);
  const fields = r.success ? {} : fieldErrors(r.error);
  const numbers = new Set<string>();
  const entries = r.success ? r.data.numbers : (raw as { numbers?: unknown } | null)?.numbers;
  if (Array.isArray(entries) && entries.length <= MAX_BULK_NUMBERS) {
    entries.forEach((entry: unknown, i) => {
      const parsed = phone.safeParse(entry);
      if (parsed.success) numbers.add(parsed.data);
      else fields[`numbers[${i}]`] = parsed.error.issues[0]?.message ?? "is not a valid number";
    });
  }
  if (!r.success || Object.keys(fields).length) throw validationError(fields);
  return { numbers: [...numbers], text: r.data.text, imageUrl: r.data.imageUrl ?? null, accountId: r.data.accountId ?? null };
}
