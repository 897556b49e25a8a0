import * as shapes from "../core/rest/schemas.js";
import { route, pick, type AnyRoute } from "../core/rest/route.js";
import { webhookRoutes } from "../features/webhooks/rest.js";
import { templateRoutes } from "../features/campaigns/template-rest.js";
import { contactRoutes } from "../features/contacts/rest.js";
import { inboundRoutes } from "../features/inbound/rest.js";
import { campaignRoutes, batchSummary } from "../features/batches/rest.js";
import {
  AccountsOperation,
  BalanceOperation,
  BatchOperation,
  MessageStatusOperation,
  RetryMessageOperation,
  SendBulkOperation,
  SendMessageOperation,
} from "../features/messages/operations.js";

// The REST facade's routes. Each one maps the spec's snake_case body (already validated against
// its schema by router.ts) onto one prepared GraphQL operation, which runs through the same yoga
// instance as /graphql (so resolvers, limits and errors are shared), and maps the answer back.

const optionFields = {
  message: "text",
  template: "template",
  image_url: "imageUrl",
  account_id: "accountId",
  send_at: "sendAt",
  valid_for_seconds: "validForSeconds",
  priority: "priority",
};
const sendFields = { to: "to", variables: "variables", outside_window: "outsideWindow", ...optionFields };
const bulkFields = { numbers: "numbers", recipients: "recipients", ...optionFields };

export const routes: AnyRoute[] = [
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
      errors: ["NO_CONNECTED_NUMBER", "MONTHLY_LIMIT_REACHED", "ACCOUNT_LIMIT_REACHED", "OUTSIDE_SEND_WINDOW", "RECIPIENT_OPTED_OUT", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_PROGRESS", "CHANNEL_ERROR"],
    },
    answer: shapes.sendResponse,
    operation: SendMessageOperation,
    variables: (_, body) => ({ input: pick(body, sendFields) as never }),
    respond: ({ sendMessage: { message } }) => ({
      success: true as const,
      message_id: Number(message.id),
      to: message.to,
      status: message.status,
      ...(message.dueAt ? { send_at: message.dueAt } : {}),
    }),
  }),
  route({
    method: "POST",
    path: /^\/send-bulk$/,
    doc: {
      path: "/send-bulk",
      operationId: "sendBulk",
      summary: "Queue one text for many numbers",
      description:
        "Takes the allowance for every number at once (all or nothing) and queues the messages; follow them with GET /batches/{id}. " +
        "`recipients` carry each number's placeholder values; a gap in any refuses the whole request (422, each gap named). " +
        "A CSV body (Content-Type: text/csv; a header row `to` plus variable columns; `message` or `template` and the other fields as query parameters) is read as `recipients`, and errors name `row N, column X`.",
      tag: "Sending",
      body: shapes.sendBulkBody,
      csv: shapes.sendBulkCsvQuery,
      idempotent: true,
      errors: ["NO_CONNECTED_NUMBER", "MONTHLY_LIMIT_REACHED", "ACCOUNT_LIMIT_REACHED", "RECIPIENT_OPTED_OUT", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_PROGRESS"],
    },
    answer: shapes.sendBulkResponse,
    operation: SendBulkOperation,
    variables: (_, body) => ({ input: pick(body, bulkFields) as never }),
    respond: ({ sendBulk: b }) => ({
      success: true as const,
      queued: b.queued,
      // The spec's word for a batch just queued; GraphQL says the same in `status`.
      status: "processing" as const,
      batch_id: Number(b.batchId),
      send_at: b.sendAt ?? null,
      messages: b.messages.map((m) => ({ message_id: Number(m.id), to: m.to })),
      skipped: b.skipped,
    }),
  }),
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
  route({
    method: "GET",
    path: /^\/batches\/([^/]+)$/,
    doc: { path: "/batches/{id}", operationId: "getBatch", summary: "A bulk batch's progress and messages", tag: "Messages", errors: ["NOT_FOUND"] },
    answer: shapes.batchResponse,
    operation: BatchOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ batch: b }) => ({
      ...batchSummary(b),
      messages: b.messages.map((m) => ({ message_id: Number(m.id), to: m.to, status: m.status, sent_at: m.sentAt ?? null, error: m.error ?? null })),
    }),
  }),
  route({
    method: "GET",
    path: /^\/accounts$/,
    doc: { path: "/accounts", operationId: "listAccounts", summary: "Your sender numbers and their counts", tag: "Account", errors: [] },
    answer: shapes.accountsResponse,
    operation: AccountsOperation,
    variables: () => ({}),
    respond: ({ accounts }) => ({
      accounts: accounts.map((a) => ({
        id: a.id,
        name: a.name,
        phone_number: a.phoneNumber,
        status: a.status,
        today_sent: a.todaySent,
        month_sent: a.monthSent,
        daily_limit: a.dailyLimit,
        monthly_limit: a.monthlyLimit,
      })),
    }),
  }),
  route({
    method: "GET",
    path: /^\/balance$/,
    doc: { path: "/balance", operationId: "getBalance", summary: "Plan, allowance and connected numbers", tag: "Account", errors: [] },
    answer: shapes.balanceResponse,
    operation: BalanceOperation,
    variables: () => ({}),
    respond: ({ balance: b }) => ({ plan: b.plan, subscription_ends: b.subscriptionEnds, messages: b.messages, accounts: b.accounts }),
  }),
  ...campaignRoutes,
  ...webhookRoutes,
  ...templateRoutes,
  ...contactRoutes,
  ...inboundRoutes,
];
