import { z } from "zod";
import { AccountStatus, MessageStatus, WebhookDeliveryStatus } from "../generated/prisma/enums.js";
import { errorStatus } from "../services/errors.js";
import { webhookEventTypes } from "../services/webhooks.js";
import { accountId, httpUrl, imageUrl, messageText, phoneNumber, recipientNumbers } from "../services/send-input.js";
// The REST facade's bodies, query strings and answers as zod schemas. router.ts validates every
// body and query string with them before anything runs (unknown fields refused), types each
// route's answer by them (so the compiler holds the code to the documented shape), and openapi.ts
// prints them as the OpenAPI document's JSON Schemas. The fields and their limits are the
// services' own (send-input.ts), so REST, GraphQL and the document cannot disagree.
const messageId = z.number().int().positive().meta({ description: "Message id (64-bit; exact as a JSON number below 2^53).", examples: [42] });
const normalised = z.string().regex(/^\d{8,15}$/).meta({ description: "The number in international digits.", examples: ["966501234567"] });
const timestamp = z.iso.datetime({ offset: true }).meta({ description: "ISO 8601 with the service time zone's offset." });
const status = z.enum(MessageStatus).meta({ id: "MessageStatus", description: "pending: queued; sending: with the channel; sent; failed (see `error`)." });
const failure = z.string().nullable().meta({ description: "Why a failed message failed, one of the stable texts in the README; null otherwise.", examples: ["recipient_not_on_whatsapp"] });
export const sendBody = z
    .strictObject({ to: phoneNumber, message: messageText, image_url: imageUrl.nullable().optional(), account_id: accountId.nullable().optional() })
    .meta({ id: "SendRequest" });
export const sendBulkBody = z
    .strictObject({
    numbers: recipientNumbers,
    message: messageText,
    image_url: imageUrl.nullable().optional(),
    account_id: accountId.nullable().optional(),
})
    .meta({ id: "SendBulkRequest" });
export const sendResponse = z
    .object({ success: z.literal(true), message_id: messageId, to: normalised, status })
    .meta({ id: "SendResponse" });
export const sendBulkResponse = z
    .object({
    success: z.literal(true),
    queued: z.number().int().nonnegative(),
    status: z.literal("processing"),
    batch_id: z.number().int().positive(),
    messages: z.array(z.object({ message_id: messageId, to: normalised })),
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
export const batchResponse = z
    .object({
    id: z.number().int().positive(),
    status: z.enum(["processing", "completed"]).meta({ description: "completed once no message waits or is being sent." }),
    total: z.number().int().nonnegative(),
    created_at: timestamp,
    counts: z.object({ pending: z.number().int(), sending: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
    messages: z.array(z.object({ message_id: messageId, to: normalised, status, sent_at: timestamp.nullable(), error: failure })),
})
    .meta({ id: "Batch" });
export const accountsResponse = z
    .object({
    accounts: z.array(z.object({
        id: z.number().int().positive(),
        name: z.string(),
        phone_number: normalised,
        status: z.enum(AccountStatus),
        today_sent: z.number().int().nonnegative(),
        month_sent: z.number().int().nonnegative(),
        daily_limit: z.number().int().nonnegative(),
        monthly_limit: z.number().int().nonnegative(),
    })),
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
const eventType = z.enum(webhookEventTypes).meta({ id: "WebhookEventType", description: "message.status: the status changed; message.delivered / message.read: the channel's receipts." });
const webhookId = z.number().int().positive().meta({ examples: [3] });
export const webhookCreateBody = z
    .strictObject({
    url: httpUrl.meta({ description: "Where to POST events; it may not point to loopback, private or link-local addresses.", examples: ["https://example.com/hooks/gateway"] }),
    events: z.array(eventType).max(10).optional().meta({ description: "Event types to send; omitted or empty: all." }),
})
    .meta({ id: "CreateWebhookRequest" });
const webhookEndpoint = z
    .object({
    id: webhookId,
    url: z.string(),
    events: z.array(eventType).meta({ description: "The event types sent here; empty: all of them." }),
    enabled: z.boolean().meta({ description: "While false, no new events are queued for it." }),
    created_at: timestamp,
})
    .meta({ id: "Webhook" });
export const webhooksResponse = z.object({ webhooks: z.array(webhookEndpoint) }).meta({ id: "Webhooks" });
export const webhookResponse = z.object({ success: z.literal(true), webhook: webhookEndpoint }).meta({ id: "WebhookResponse" });
export const webhookCreatedResponse = z
    .object({
    success: z.literal(true),
    webhook: webhookEndpoint,
    secret: z.string().regex(/^whsec_/).meta({ description: "The signing secret, shown only in this answer: store it with the receiver." }),
})
    .meta({ id: "WebhookCreated" });
const webhookDelivery = z
    .object({
    id: z.number().int().positive(),
    webhook_id: webhookId,
    event_id: z.string().meta({ description: "The X-Event-Id header: the same for every attempt and replay of one event." }),
    event_type: eventType,
    message_id: messageId,
    status: z.enum(WebhookDeliveryStatus).meta({ description: "pending: waiting for an attempt; sending: being sent now; delivered: answered 2xx; failed: every attempt failed." }),
    attempts: z.number().int().nonnegative(),
    response_status: z.number().int().nullable().meta({ description: "HTTP status of the last attempt; null when it got no answer." }),
    last_error: z.string().nullable(),
    next_attempt_at: timestamp.nullable().meta({ description: "When a pending delivery is tried next." }),
    payload: z.record(z.string(), z.unknown()).meta({ description: "The JSON body, as POSTed." }),
    created_at: timestamp,
    delivered_at: timestamp.nullable(),
})
    .meta({ id: "WebhookDelivery" });
export const webhookDeliveriesResponse = z
    .object({
    deliveries: z.array(webhookDelivery).meta({ description: "Newest first." }),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next (older) page; null on the last page." }),
})
    .meta({ id: "WebhookDeliveries" });
const idParam = (description) => z.string().regex(/^[1-9]\d{0,18}$/, "must be an id: digits, not starting with 0").meta({ description });
export const webhookDeliveriesQuery = z.strictObject({
    webhook_id: idParam("Only this endpoint's deliveries.").optional(),
    message_id: idParam("Only this message's events.").optional(),
    status: z
        .string()
        .transform((list) => list.split(",").map((state) => state.trim()))
        .pipe(z.array(z.enum(WebhookDeliveryStatus)))
        .optional()
        .meta({ description: "Only deliveries in these states, comma-separated: pending, sending, delivered, failed." }),
    limit: z
        .string()
        .regex(/^\d{1,3}$/, "must be a whole number from 0 to 100")
        .transform(Number)
        .pipe(z.number().int().min(0).max(100))
        .optional()
        .meta({ description: "Deliveries per page, 0 to 100 (default 20)." }),
    cursor: idParam("The previous page's `next_cursor`.").optional(),
});
export const webhookReplayResponse = z.object({ success: z.literal(true), delivery: webhookDelivery }).meta({ id: "WebhookReplay" });
const errorCodes = Object.keys(errorStatus);
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
})
    .meta({ id: "Error" });
/** Every schema with an id, so the document refers to each once. */
export const namedSchemas = [status, sendBody, sendBulkBody, sendResponse, sendBulkResponse, messageResponse, batchResponse, accountsResponse, balanceResponse, errorResponse,
    eventType, webhookCreateBody, webhookEndpoint, webhooksResponse, webhookResponse, webhookCreatedResponse, webhookDelivery, webhookDeliveriesResponse, webhookReplayResponse];
//# sourceMappingURL=schemas.js.map