import { z } from "zod";
import { AccountStatus, MessageStatus } from "../../generated/prisma/enums.js";
import { errorStatus, type ErrorCode } from "../errors.js";
import { MAX_PHONE_INPUT_LENGTH, accountId, imageUrl, messageText, outsideWindow, numbersOrRecipients, phoneNumber, priority, recipientList, recipientNumbers, sendAt, templateName, textOrTemplate, validForSeconds, variables } from "../send-input.js";

// The REST facade's bodies, query strings and answers as zod schemas. router.ts validates every
// body and query string with them before anything runs (unknown fields refused), types each
// route's answer by them (so the compiler holds the code to the documented shape), and openapi.ts
// prints them as the OpenAPI document's JSON Schemas. The fields and their limits are the
// services' own (send-input.ts), so REST, GraphQL and the document cannot disagree.

export const messageId = z.number().int().positive().meta({ description: "Message id (64-bit; exact as a JSON number below 2^53).", examples: [42] });
const normalised = z.string().regex(/^\d{8,15}$/).meta({ description: "The number in international digits.", examples: ["966501234567"] });
/** Why a number may not be sent to (docs/two-way-messaging.md, "Who may be sent to"). */
const consentReason = z.enum(["opted_out", "suppressed"]);
export const timestamp = z.iso.datetime({ offset: true }).meta({ description: "ISO 8601 with the service time zone's offset." });
const status = z.enum(MessageStatus).meta({ id: "MessageStatus", description: "pending: queued; sending: with the channel; sent; failed (see `error`)." });
const failure = z.string().nullable().meta({ description: "Why a failed message failed, one of the stable texts in docs/rest-api.md (Errors); null otherwise.", examples: ["recipient_not_on_whatsapp"] });

/** What single and bulk sends both take besides their recipients (exactly one of `message` and `template`). */
const sendOptions = {
  message: messageText.optional().meta({ description: "Message text (with an image: its caption), with optional {{placeholders}}; required unless `template` is given." }),
  template: templateName.optional(),
  image_url: imageUrl.nullable().optional(),
  account_id: accountId.nullable().optional(),
  send_at: sendAt.nullable().optional(),
  valid_for_seconds: validForSeconds.nullable().optional(),
  priority: priority.nullable().optional(),
};

export const sendBody = z
  .strictObject({ to: phoneNumber, ...sendOptions, variables: variables.optional(), outside_window: outsideWindow.optional() })
  .check(textOrTemplate("message"))
  .meta({ id: "SendRequest" });

export const sendBulkBody = z
  .strictObject({ numbers: recipientNumbers.optional(), recipients: recipientList.optional(), ...sendOptions })
  .check(textOrTemplate("message"), numbersOrRecipients)
  .meta({ id: "SendBulkRequest", description: "Give `numbers`, or `recipients` with their own placeholder values; and `message` or `template`." });

/**
 * A field as a query parameter: never null (a query string cannot say null), optional, with the
 * description of whichever layer carries it.
 */
function queryForm(field: z.ZodType): z.ZodType {
  let inner = field;
  let description = z.globalRegistry.get(field)?.description;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
    inner = inner.unwrap() as z.ZodType;
    description ??= z.globalRegistry.get(inner)?.description;
  }
  return inner.optional().meta({ ...(description ? { description } : {}) });
}

/** POST /send-bulk with a CSV body: everything but the recipients, in the query string (csv-body.ts). */
export const sendBulkCsvQuery = z.strictObject(Object.fromEntries(Object.entries(sendOptions).map(([name, field]) => [name, queryForm(field)])));

export const sendResponse = z
  .object({
    success: z.literal(true),
    message_id: messageId,
    to: normalised,
    status,
    send_at: timestamp.optional().meta({ description: "Only for a message queued for later (a future send_at, or outside_window queue): when it is due." }),
  })
  .meta({ id: "SendResponse" });

export const sendBulkResponse = z
  .object({
    success: z.literal(true),
    queued: z.number().int().nonnegative(),
    status: z.literal("processing"),
    batch_id: z.number().int().positive(),
    send_at: timestamp.nullable().meta({ description: "When the batch starts, if it was scheduled; null: now." }),
    messages: z.array(z.object({ message_id: messageId, to: normalised })),
    skipped: z
      .array(z.object({ to: normalised, reason: consentReason }))
      .meta({ description: "Numbers left out because they opted out (a stop word) or you suppressed them: not queued, not charged." }),
  })
  .meta({ id: "SendBulkResponse" });

export const messageResponse = z
  .object({
    id: messageId,
    to: normalised,
    status,
    sent_at: timestamp.nullable(),
    error: failure,
    delivered_at: timestamp.nullable().meta({ description: "When the channel reported it delivered (channels with receipts)." }),
    read_at: timestamp.nullable().meta({ description: "When the channel reported it read." }),
  })
  .meta({ id: "Message" });

const count = z.number().int().nonnegative();

export const batchCounts = z
  .object({
    pending: count,
    sending: count,
    sent: count,
    failed: count.meta({ description: "Every failed message, cancelled and expired ones included." }),
    cancelled: count,
    expired: count,
    opted_out: count.meta({ description: "Failed because the recipient opted out after the batch was accepted." }),
    delivered: count.meta({ description: "Sent messages the channel reported delivered." }),
    read: count.meta({ description: "Sent messages the channel reported read." }),
    replies: count.meta({ description: "Inbound messages attributed to the batch's messages (replies within the attribution window)." }),
  })
  .meta({ id: "BatchCounts" });

/** GraphQL's BatchCounts under the REST names. */
export const restCounts = ({ optedOut, ...c }: { optedOut: number; [k: string]: number }) => ({ ...c, opted_out: optedOut }) as z.infer<typeof batchCounts>;

const batchSummary = {
  id: z.number().int().positive(),
  status: z.enum(["processing", "completed"]).meta({ description: "completed once no message waits or is being sent." }),
  state: z.enum(["scheduled", "running", "finished"]).meta({ description: "scheduled: its send time is ahead; running: due and not finished; finished: as completed." }),
  total: count,
  priority,
  send_at: timestamp.nullable().meta({ description: "The send time it was scheduled for; null: at once." }),
  created_at: timestamp,
  first_sent_at: timestamp.nullable(),
  last_sent_at: timestamp.nullable(),
  counts: batchCounts,
};

export const batchResponse = z
  .object({ ...batchSummary, messages: z.array(z.object({ message_id: messageId, to: normalised, status, sent_at: timestamp.nullable(), error: failure })) })
  .meta({ id: "Batch" });

export const batchesResponse = z
  .object({
    batches: z.array(z.object(batchSummary)).meta({ description: "Newest first." }),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next (older) page; null on the last page." }),
  })
  .meta({ id: "Batches" });

export const cancelMessageResponse = z
  .object({
    success: z.literal(true),
    message_id: messageId,
    cancelled: z.boolean().meta({ description: "True when this request cancelled it; false when it had already started sending, ended, or was cancelled before." }),
    status,
    error: failure,
  })
  .meta({ id: "CancelMessageResponse" });

export const cancelBatchResponse = z
  .object({
    success: z.literal(true),
    batch_id: z.number().int().positive(),
    cancelled: count.meta({ description: "Messages this request cancelled." }),
    counts: batchCounts.meta({ description: "The batch afterwards: what was already sending or ended is counted as it is." }),
  })
  .meta({ id: "CancelBatchResponse" });

export const accountsResponse = z
  .object({
    accounts: z.array(
      z.object({
        id: z.number().int().positive(),
        name: z.string(),
        phone_number: normalised,
        status: z.enum(AccountStatus),
        today_sent: z.number().int().nonnegative(),
        month_sent: z.number().int().nonnegative(),
        daily_limit: z.number().int().nonnegative(),
        monthly_limit: z.number().int().nonnegative(),
      }),
    ),
  })
  .meta({ id: "Accounts" });

export const balanceResponse = z
  .object({
    plan: z.string(),
    subscription_ends: z.iso.date().meta({ description: "Last day of the subscription (service time zone); it still counts." }),
    messages: z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() }),
    accounts: z.object({ limit: z.number().int(), connected: z.number().int() }),
  })
  .meta({ id: "Balance" });

export const idParam = (description: string) => z.string().regex(/^[1-9]\d{0,18}$/, "must be an id: digits, not starting with 0").meta({ description });

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

export const batchesQuery = z.strictObject({
  state: z.enum(["scheduled", "running", "finished"]).optional().meta({ description: "Only batches in this state." }),
  limit: pageLimit("Batches per page, 0 to 100 (default 20)."),
  cursor: idParam("The previous page's `next_cursor`.").optional(),
});

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
      .array(z.object({ to: normalised, reason: consentReason }))
      .optional()
      .meta({ description: "RECIPIENT_OPTED_OUT on /send-bulk only: every number, each opted out or suppressed." }),
  })
  .meta({ id: "Error" });

/** The schema of each path parameter, by its name in the route's path (`/messages/{id}`). */
export const pathParameters: Record<string, z.ZodType> = {
  id: idParam("Its id."),
  name: templateName,
  phone: z.string().min(1).max(MAX_PHONE_INPUT_LENGTH).meta({ description: "The contact's number, in any accepted spelling (0501234567, 966501234567, +966 50 123 4567)." }),
};
