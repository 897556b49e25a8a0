import { z } from "zod";
import { numbersOrRecipients, priority, recipientList, recipientNumbers } from "../../core/input/send-input.js";
import { messageId, normalised, skipReason, timestamp, status, failure, idParam, pageLimit } from "../../core/rest/schemas.js";
import { restContentRules, sendOptions } from "../messages/rest.js";

// The bulk and batch routes' bodies, query strings and answers (see core/rest/schemas.ts for how the facade uses them).

export const sendBulkBody = z
  .strictObject({ numbers: recipientNumbers.optional(), recipients: recipientList.optional(), ...sendOptions })
  .check(restContentRules, numbersOrRecipients)
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
  // An object or list (a content kind) travels as its JSON text; csv-body.ts parses it, and the
  // body schema then checks it as it checks a JSON body's.
  if (inner instanceof z.ZodObject || inner instanceof z.ZodArray || inner instanceof z.ZodPipe) {
    return z
      .string()
      .optional()
      .meta({ contentMediaType: "application/json", description: `${description ?? "As in the JSON body"}, as JSON text (URL-encoded).` });
  }
  return inner.optional().meta({ ...(description ? { description } : {}) });
}

/** POST /send-bulk with a CSV body: everything but the recipients, in the query string (csv-body.ts). */
export const sendBulkCsvQuery = z.strictObject(Object.fromEntries(Object.entries(sendOptions).map(([name, field]) => [name, queryForm(field)])));

export const sendBulkResponse = z
  .object({
    success: z.literal(true),
    queued: z.number().int().nonnegative(),
    status: z.literal("processing"),
    batch_id: z.number().int().positive(),
    send_at: timestamp.nullable().meta({ description: "When the batch starts, if it was scheduled; null: now." }),
    messages: z.array(z.object({ message_id: messageId, to: normalised })),
    skipped: z.array(z.object({ to: normalised, reason: skipReason })).meta({
      description:
        "Numbers left out because they opted out (a stop word), you suppressed them, or their customer-service window is closed (outside_window): not queued, not charged.",
    }),
  })
  .meta({ id: "SendBulkResponse" });

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

export const cancelBatchResponse = z
  .object({
    success: z.literal(true),
    batch_id: z.number().int().positive(),
    cancelled: count.meta({ description: "Messages this request cancelled." }),
    in_flight: count.meta({
      description: "Messages in the provider's hands that had not ended when the cancel stopped waiting (at most CHANNEL_TIMEOUT_MS): they may still go out. Normally 0.",
    }),
    counts: batchCounts.meta({ description: "The batch afterwards: what was already sending or ended is counted as it is." }),
  })
  .meta({ id: "CancelBatchResponse" });

export const batchesQuery = z.strictObject({
  state: z.enum(["scheduled", "running", "finished"]).optional().meta({ description: "Only batches in this state." }),
  limit: pageLimit("Batches per page, 0 to 100 (default 20)."),
  cursor: idParam("The previous page's `next_cursor`.").optional(),
});
