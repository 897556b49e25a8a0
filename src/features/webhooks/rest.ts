import type { z } from "zod";
import type { MessageEventType, RestReplayWebhookDeliveryMutation, RestWebhookEndpointsQuery } from "../../gql/graphql.js";
import { newEndpointFromRest, type WebhookEventType } from "./endpoint-input.js";
import { route } from "../../core/rest/route.js";
import * as webhookShapes from "./rest-schemas.js";
import {
  CreateWebhookEndpointOperation,
  DeleteWebhookEndpointOperation,
  ReplayWebhookDeliveryOperation,
  SetWebhookEndpointEnabledOperation,
  WebhookDeliveriesOperation,
  WebhookEndpointsOperation,
} from "./operations.js";

// Webhook endpoints and their delivery log on the REST facade, over the same GraphQL operations
// as /graphql. REST names event types as the webhook payload does (`message.status`); GraphQL
// names them as enum values (`STATUS`).

const graphqlEventType: Record<WebhookEventType, MessageEventType> = {
  "message.status": "STATUS",
  "message.delivered": "DELIVERED",
  "message.read": "READ",
  "message.received": "RECEIVED",
  "account.status_changed": "ACCOUNT_STATUS_CHANGED",
  "contact.erased": "CONTACT_ERASED",
};
const restEventType = Object.fromEntries(Object.entries(graphqlEventType).map(([rest, gql]) => [gql, rest])) as Record<MessageEventType, WebhookEventType>;

const toGraphQLEvents = (events: readonly WebhookEventType[]) => events.map((e) => graphqlEventType[e]);

/** An endpoint and a delivery as the prepared operations select them (one selection each, shared by every route). */
type EndpointData = RestWebhookEndpointsQuery["webhookEndpoints"][number];
type DeliveryData = RestReplayWebhookDeliveryMutation["replayWebhookDelivery"]["delivery"];

const webhook = (e: EndpointData) => ({ id: Number(e.id), url: e.url, events: e.events.map((t) => restEventType[t]), enabled: e.enabled, created_at: e.createdAt });

const delivery = (d: DeliveryData) => ({
  id: Number(d.id),
  webhook_id: Number(d.endpointId),
  event_id: d.eventId,
  event_type: restEventType[d.eventType],
  message_id: d.messageId == null ? null : Number(d.messageId),
  inbound_message_id: d.inboundMessageId == null ? null : Number(d.inboundMessageId),
  status: d.status,
  attempts: d.attempts,
  response_status: d.responseStatus ?? null,
  last_error: d.lastError ?? null,
  next_attempt_at: d.nextAttemptAt ?? null,
  payload: JSON.parse(d.payload) as Record<string, unknown>,
  created_at: d.createdAt,
  delivered_at: d.deliveredAt ?? null,
});

const setEnabled = (enabled: boolean) =>
  route({
    method: "POST",
    path: enabled ? /^\/webhooks\/([^/]+)\/enable$/ : /^\/webhooks\/([^/]+)\/disable$/,
    doc: {
      path: enabled ? "/webhooks/{id}/enable" : "/webhooks/{id}/disable",
      operationId: enabled ? "enableWebhook" : "disableWebhook",
      summary: enabled ? "Turn a webhook on again" : "Turn a webhook off",
      description: enabled
        ? "New events are queued for it again from now on (events in between are not sent)."
        : "No new events are queued for it while it is off; deliveries already queued finish as usual.",
      tag: "Webhooks",
      errors: ["NOT_FOUND"],
    },
    answer: webhookShapes.webhookResponse,
    operation: SetWebhookEndpointEnabledOperation,
    variables: ([id]) => ({ id: id ?? "", enabled }),
    respond: ({ setWebhookEndpointEnabled: { endpoint } }) => ({ success: true as const, webhook: webhook(endpoint) }),
  });

export const webhookRoutes = [
  route({
    method: "GET",
    path: /^\/webhooks$/,
    doc: { path: "/webhooks", operationId: "listWebhooks", summary: "Your webhook endpoints (never their secrets)", tag: "Webhooks", errors: [] },
    answer: webhookShapes.webhooksResponse,
    operation: WebhookEndpointsOperation,
    variables: () => ({}),
    respond: ({ webhookEndpoints }) => ({ webhooks: webhookEndpoints.map(webhook) }),
  }),
  route({
    method: "POST",
    path: /^\/webhooks$/,
    doc: {
      path: "/webhooks",
      operationId: "createWebhook",
      summary: "Register a URL for your message events",
      description: "The answer carries the endpoint's signing secret, shown only this once. At most 10 endpoints per account.",
      tag: "Webhooks",
      body: webhookShapes.webhookCreateBody,
      errors: [],
    },
    answer: webhookShapes.webhookCreatedResponse,
    operation: CreateWebhookEndpointOperation,
    variables: (_, body) => {
      const { url, events } = body as z.output<typeof webhookShapes.webhookCreateBody>;
      return { input: { url, ...(events ? { events: toGraphQLEvents(events) } : {}) } };
    },
    checked: ({ input }) => newEndpointFromRest({ url: input.url, events: input.events?.map((e) => restEventType[e]) }),
    respond: ({ createWebhookEndpoint: c }) => ({ success: true as const, webhook: webhook(c.endpoint), secret: c.secret }),
  }),
  route({
    method: "DELETE",
    path: /^\/webhooks\/([^/]+)$/,
    doc: {
      path: "/webhooks/{id}",
      operationId: "deleteWebhook",
      summary: "Delete a webhook endpoint",
      description: "Its delivery log goes with it; events still queued for it are dropped.",
      tag: "Webhooks",
      errors: ["NOT_FOUND"],
    },
    answer: webhookShapes.webhookResponse,
    operation: DeleteWebhookEndpointOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ deleteWebhookEndpoint: { endpoint } }) => ({ success: true as const, webhook: webhook(endpoint) }),
  }),
  setEnabled(true),
  setEnabled(false),
  route({
    method: "GET",
    path: /^\/webhook-deliveries$/,
    doc: {
      path: "/webhook-deliveries",
      operationId: "listWebhookDeliveries",
      summary: "What was sent to your webhook endpoints, newest first",
      tag: "Webhooks",
      query: webhookShapes.webhookDeliveriesQuery,
      errors: ["VALIDATION_ERROR", "NOT_FOUND"],
    },
    answer: webhookShapes.webhookDeliveriesResponse,
    operation: WebhookDeliveriesOperation,
    variables: (_, __, query) => {
      const q = query as z.output<typeof webhookShapes.webhookDeliveriesQuery>;
      const filter = {
        ...(q.webhook_id ? { endpointId: q.webhook_id } : {}),
        ...(q.message_id ? { messageId: q.message_id } : {}),
        ...(q.status ? { statuses: q.status } : {}),
      };
      return { first: q.limit, after: q.cursor, filter };
    },
    respond: ({ webhookDeliveries: c }) => ({
      deliveries: c.edges.map((e) => delivery(e.node)),
      next_cursor: c.pageInfo.hasNextPage ? (c.pageInfo.endCursor ?? null) : null,
    }),
  }),
  route({
    method: "POST",
    path: /^\/webhook-deliveries\/([^/]+)\/replay$/,
    doc: {
      path: "/webhook-deliveries/{id}/replay",
      operationId: "replayWebhookDelivery",
      summary: "Send a delivered or failed event again",
      description: "Queued now as a new delivery with the same event id (X-Event-Id), so the receiver can tell it is the same event.",
      tag: "Webhooks",
      errors: ["NOT_FOUND", "DELIVERY_NOT_FINISHED"],
    },
    answer: webhookShapes.webhookReplayResponse,
    operation: ReplayWebhookDeliveryOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ replayWebhookDelivery: { delivery: d } }) => ({ success: true as const, delivery: delivery(d) }),
  }),
];
