import { z } from "zod";
import { MessageStatus } from "../../generated/prisma/enums.js";
import { errorStatus, type ErrorCode } from "../errors.js";
import { MAX_PHONE_INPUT_LENGTH, templateName } from "../input/send-input.js";

// The REST facade's bodies, query strings and answers are zod schemas: each feature's own in its
// folder (`rest-schemas.ts`, `schemas.ts`), the pieces they share here (ids, timestamps, a
// message's status, paging, the error shape, path parameters). router.ts validates every body and
// query string with them before anything runs (unknown fields refused), types each route's answer
// by them (so the compiler holds the code to the documented shape), and openapi.ts prints them as
// the OpenAPI document's JSON Schemas. The fields and their limits are the services' own
// (send-input.ts), so REST, GraphQL and the document cannot disagree.

export const messageId = z
  .number()
  .int()
  .positive()
  .meta({ description: "Message id (64-bit; exact as a JSON number below 2^53).", examples: [42] });

export const normalised = z
  .string()
  .regex(/^(\d{8,15}|erased)$/)
  .meta({ description: "The number in international digits; `erased` once you erased the contact (POST /contacts/{number}/erase).", examples: ["966501234567"] });

/** Why a number may not be sent to (docs/two-way-messaging.md, "Who may be sent to"). */
export const consentReason = z.enum(["opted_out", "suppressed"]);
/** Why a bulk send left a number out: consent, or a closed customer-service window. */
export const skipReason = z.enum(["opted_out", "suppressed", "outside_window"]);

export const timestamp = z.iso.datetime({ offset: true }).meta({ description: "ISO 8601 with the service time zone's offset." });

export const status = z.enum(MessageStatus).meta({ id: "MessageStatus", description: "pending: queued; sending: with the channel; sent; failed (see `error`)." });

export const failure = z
  .string()
  .nullable()
  .meta({ description: "Why a failed message failed, one of the stable texts in docs/rest-api.md (Errors); null otherwise.", examples: ["recipient_not_on_whatsapp"] });

export const idParam = (description: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,18}$/, "must be an id: digits, not starting with 0")
    .meta({ description });

export const pageLimit = (description: string) =>
  z
    .string()
    .regex(/^\d{1,3}$/, "must be a whole number from 0 to 100")
    .transform(Number)
    .pipe(z.number().int().min(0).max(100))
    .optional()
    .meta({ description });

/** A query parameter that is true or false, written as the words. */
export const queryFlag = (description: string) =>
  z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .pipe(z.boolean())
    .optional()
    .meta({ description });

const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export const errorResponse = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional().meta({ description: "Validation errors only: each bad field, as the caller wrote it, and what is wrong." }),
    }),
    message_id: messageId.optional().meta({ description: "CHANNEL_ERROR only: the message that failed." }),
    to: normalised.optional(),
    status: z.literal("failed").optional(),
    reason: consentReason.optional().meta({ description: "RECIPIENT_OPTED_OUT only: the contact opted out (a stop word), or you suppressed the number." }),
    skipped: z
      .array(z.object({ to: normalised, reason: skipReason }))
      .optional()
      .meta({ description: "RECIPIENT_OPTED_OUT on /send-bulk only: every number, each opted out or suppressed." }),
    scope: z.string().optional().meta({ description: "INSUFFICIENT_SCOPE only: the scope the operation needs." }),
    billing_url: z
      .string()
      .optional()
      .meta({ description: "MONTHLY_LIMIT_REACHED, SUBSCRIPTION_EXPIRED and ACCOUNT_SUSPENDED only: the console's billing page, where the business upgrades, tops up or pays." }),
  })
  .meta({ id: "Error" });

/** The schema of each path parameter, by its name in the route's path (`/messages/{id}`). */
const contactNumber = z
  .string()
  .min(1)
  .max(MAX_PHONE_INPUT_LENGTH)
  .meta({ description: "The contact's number, in any accepted spelling (0501234567, 966501234567, +966 50 123 4567)." });

export const pathParameters: Record<string, z.ZodType> = {
  id: idParam("Its id."),
  name: templateName,
  phone: contactNumber,
  number: contactNumber,
};
