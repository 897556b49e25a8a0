import { z } from "zod";
import { WebhookDeliveryStatus } from "../../generated/prisma/enums.js";
import { MAX_URL_LENGTH, httpUrl } from "../../core/input/send-input.js";
import { idParam, messageId, pageLimit, timestamp } from "../../core/rest/schemas.js";
import { webhookEventTypes } from "./endpoint-input.js";
import { webhookUrl } from "./webhook-addresses.js";

// The webhook routes' bodies, query strings and answers (see core/rest/schemas.ts for how they are
// used). A new endpoint's URL is checked by the service's own rule (webhook-addresses.ts), said as
// it says it, and then by the API's common link rule, which also refuses spaces and control
// characters; the service takes what this check made of the body.

const eventType = z.enum(webhookEventTypes).meta({
  id: "WebhookEventType",
  description:
    "message.status: the status changed; message.delivered / message.read: the channel's receipts; message.received: a contact sent a message to one of your numbers; account.status_changed: one of your numbers changed state (docs/number-health.md); contact.erased: you erased a contact (docs/privacy.md).",
});
const webhookId = z
  .number()
  .int()
  .positive()
  .meta({ examples: [3] });

export const webhookCreateBody = z
  .strictObject({
    url: webhookUrl.pipe(httpUrl).meta({
      // What the link rule says of itself (a pipe prints only what goes in).
      type: "string",
      maxLength: MAX_URL_LENGTH,
      format: "uri",
      description: "Where to POST events; it may not point to loopback, private or link-local addresses.",
      examples: ["https://example.com/hooks/gateway"],
    }),
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
    secret: z
      .string()
      .regex(/^whsec_/)
      .meta({ description: "The signing secret, shown only in this answer: store it with the receiver." }),
  })
  .meta({ id: "WebhookCreated" });

const webhookDelivery = z
  .object({
    id: z.number().int().positive(),
    webhook_id: webhookId,
    event_id: z.string().meta({ description: "The X-Event-Id header: the same for every attempt and replay of one event." }),
    event_type: eventType,
    message_id: messageId.nullable().meta({ description: "The message the event is about; null for message.received." }),
    inbound_message_id: z.number().int().positive().nullable().meta({ description: "message.received only: the inbound message." }),
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

export const webhookDeliveriesQuery = z.strictObject({
  webhook_id: idParam("Only this endpoint's deliveries.").optional(),
  message_id: idParam("Only this message's events.").optional(),
  status: z
    .string()
    .transform((list) => list.split(",").map((state) => state.trim()))
    .pipe(z.array(z.enum(WebhookDeliveryStatus)))
    .optional()
    .meta({ description: "Only deliveries in these states, comma-separated: pending, sending, delivered, failed." }),
  limit: pageLimit("Deliveries per page, 0 to 100 (default 20)."),
  cursor: idParam("The previous page's `next_cursor`.").optional(),
});

export const webhookReplayResponse = z.object({ success: z.literal(true), delivery: webhookDelivery }).meta({ id: "WebhookReplay" });
