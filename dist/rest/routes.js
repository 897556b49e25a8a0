import * as shapes from "./schemas.js";
import { route, pick } from "./route.js";
import { webhookRoutes } from "./webhook-routes.js";
import { AccountsOperation, BalanceOperation, BatchOperation, MessageStatusOperation, RetryMessageOperation, SendBulkOperation, SendMessageOperation, } from "./operations.js";
// The REST facade's routes. Each one maps the spec's snake_case body (already validated against
// its schema by router.ts) onto one prepared GraphQL operation, which runs through the same yoga
// instance as /graphql (so resolvers, limits and errors are shared), and maps the answer back.
const sendFields = { to: "to", message: "text", image_url: "imageUrl", account_id: "accountId" };
const bulkFields = { numbers: "numbers", message: "text", image_url: "imageUrl", account_id: "accountId" };
export const routes = [
    route({
        method: "POST",
        path: /^\/send$/,
        doc: {
            path: "/send",
            operationId: "sendMessage",
            summary: "Send one message",
            description: "Delivered within the request: the answer says `sent`, or the request fails with CHANNEL_ERROR (502) carrying the failed message.",
            tag: "Sending",
            body: shapes.sendBody,
            idempotent: true,
            errors: ["NO_CONNECTED_NUMBER", "MONTHLY_LIMIT_REACHED", "ACCOUNT_LIMIT_REACHED", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_PROGRESS", "CHANNEL_ERROR"],
        },
        answer: shapes.sendResponse,
        operation: SendMessageOperation,
        variables: (_, body) => ({ input: pick(body, sendFields) }),
        respond: ({ sendMessage: { message } }) => ({ success: true, message_id: Number(message.id), to: message.to, status: message.status }),
    }),
    route({
        method: "POST",
        path: /^\/send-bulk$/,
        doc: {
            path: "/send-bulk",
            operationId: "sendBulk",
            summary: "Queue one text for many numbers",
            description: "Takes the allowance for every number at once (all or nothing) and queues the messages; follow them with GET /batches/{id}.",
            tag: "Sending",
            body: shapes.sendBulkBody,
            idempotent: true,
            errors: ["NO_CONNECTED_NUMBER", "MONTHLY_LIMIT_REACHED", "ACCOUNT_LIMIT_REACHED", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_PROGRESS"],
        },
        answer: shapes.sendBulkResponse,
        operation: SendBulkOperation,
        variables: (_, body) => ({ input: pick(body, bulkFields) }),
        respond: ({ sendBulk: b }) => ({
            success: true,
            queued: b.queued,
            // The spec's word for a batch just queued; GraphQL says the same in `status`.
            status: "processing",
            batch_id: Number(b.batchId),
            messages: b.messages.map((m) => ({ message_id: Number(m.id), to: m.to })),
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
            errors: ["NOT_FOUND", "MESSAGE_NOT_FAILED", "MONTHLY_LIMIT_REACHED", "NO_CONNECTED_NUMBER", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_PROGRESS"],
        },
        answer: shapes.sendResponse,
        operation: RetryMessageOperation,
        variables: ([id]) => ({ id: id ?? "" }),
        respond: ({ retryMessage: { message } }) => ({ success: true, message_id: Number(message.id), to: message.to, status: message.status }),
    }),
    route({
        method: "GET",
        path: /^\/batches\/([^/]+)$/,
        doc: { path: "/batches/{id}", operationId: "getBatch", summary: "A bulk batch's progress and messages", tag: "Messages", errors: ["NOT_FOUND"] },
        answer: shapes.batchResponse,
        operation: BatchOperation,
        variables: ([id]) => ({ id: id ?? "" }),
        respond: ({ batch: b }) => ({
            id: Number(b.id),
            status: b.finished ? "completed" : "processing",
            total: b.total,
            created_at: b.createdAt,
            counts: b.counts,
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
    ...webhookRoutes,
];
//# sourceMappingURL=routes.js.map