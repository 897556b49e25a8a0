import { route, renamed, type AnyRoute } from "../../core/rest/route.js";
import * as shapes from "./rest-schemas.js";
import { singleSendFromRest } from "../../core/input/send-input.js";

/** What a bulk send takes besides its recipients: the same options as a single send. */
export { restContentRules, sendOptions } from "./rest-schemas.js";
import { CancelMessageOperation, MessageStatusOperation, RetryMessageOperation, SendMessageOperation } from "./operations.js";

// Single messages on the REST facade. Each route maps the spec's snake_case body (already
// validated against its schema by the router) onto one prepared GraphQL operation, which runs
// through the same yoga instance as /graphql, and maps the answer back.

/** Fields a single and a bulk send share, REST name to GraphQL name. */
export const optionFields = {
  message: "text",
  template: "template",
  image_url: "imageUrl",
  account_id: "accountId",
  send_at: "sendAt",
  valid_for_seconds: "validForSeconds",
  priority: "priority",
  media: "media",
  location: "location",
  contacts: "contacts",
  reaction: "reaction",
  interactive: "interactive",
  whatsapp_template: "whatsappTemplate",
  fallback_template: "fallbackTemplate",
};
const sendFields = { to: "to", variables: "variables", outside_window: "outsideWindow", ...optionFields };

/** POST /send. */
export const sendRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: /^\/send$/,
    doc: {
      path: "/send",
      operationId: "sendMessage",
      summary: "Send one message",
      description:
        "Delivered within the request: the answer says `sent`, or the request fails with CHANNEL_ERROR (502) carrying the failed message. " +
        "With a future `send_at` (or `outside_window: queue` while the send window is closed) it is queued instead: the allowance is taken now and the answer is `pending` with its `send_at`.",
      tag: "Sending",
      body: shapes.sendBody,
      idempotent: true,
      errors: [
        "NO_CONNECTED_NUMBER",
        "MONTHLY_LIMIT_REACHED",
        "ACCOUNT_LIMIT_REACHED",
        "OUTSIDE_SEND_WINDOW",
        "RECIPIENT_OPTED_OUT",
        "IDEMPOTENCY_KEY_REUSED",
        "IDEMPOTENCY_KEY_IN_PROGRESS",
        "CHANNEL_ERROR",
      ],
    },
    answer: shapes.sendResponse,
    operation: SendMessageOperation,
    variables: (_, body) => ({ input: renamed(body, sendFields) as never }),
    checked: ({ input }) => singleSendFromRest(input),
    respond: ({ sendMessage: { message } }) => ({
      success: true as const,
      message_id: Number(message.id),
      to: message.to,
      status: message.status,
      ...(message.dueAt ? { send_at: message.dueAt } : {}),
    }),
  }),
];

/** A message's status, and retrying a failed one. */
export const messageRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: /^\/messages\/([^/]+)$/,
    doc: { path: "/messages/{id}", operationId: "getMessage", summary: "A message's status", tag: "Messages", errors: ["NOT_FOUND"] },
    answer: shapes.messageResponse,
    operation: MessageStatusOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ message: m }) => ({
      id: Number(m.id),
      to: m.to,
      status: m.status,
      sent_at: m.sentAt ?? null,
      error: m.error ?? null,
      kind: m.kind,
      delivered_at: m.deliveredAt ?? null,
      read_at: m.readAt ?? null,
    }),
  }),
  route({
    method: "POST",
    path: /^\/messages\/([^/]+)\/retry$/,
    doc: {
      path: "/messages/{id}/retry",
      operationId: "retryMessage",
      summary: "Queue a failed message again",
      tag: "Messages",
      idempotent: true,
      errors: ["NOT_FOUND", "MESSAGE_NOT_FAILED", "RECIPIENT_OPTED_OUT", "MONTHLY_LIMIT_REACHED", "NO_CONNECTED_NUMBER", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_PROGRESS"],
    },
    answer: shapes.sendResponse,
    operation: RetryMessageOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ retryMessage: { message } }) => ({ success: true as const, message_id: Number(message.id), to: message.to, status: message.status }),
  }),
];

/** Cancelling a message that has not started sending. */
export const cancelMessageRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: /^\/messages\/([^/]+)\/cancel$/,
    doc: {
      path: "/messages/{id}/cancel",
      operationId: "cancelMessage",
      summary: "Cancel a message that has not started sending",
      description:
        "A queued or scheduled message becomes `failed` with error `cancelled`, and its allowance is given back; one a worker holds but has not handed to the provider is cancelled as the worker lets go of it, and the answer waits for that. " +
        "One already in the provider's hands, sent or failed is left as it is (`cancelled: false`; `in_flight: true` if it had still not ended when the answer came); cancelling twice is harmless.",
      tag: "Messages",
      errors: ["NOT_FOUND"],
    },
    answer: shapes.cancelMessageResponse,
    operation: CancelMessageOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ cancelMessage: { cancelled, inFlight, message } }) => ({
      success: true as const,
      message_id: Number(message.id),
      cancelled,
      in_flight: inFlight,
      status: message.status,
      error: message.error ?? null,
    }),
  }),
];
