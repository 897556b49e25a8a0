import { print } from "graphql";
import type { ExecutionResult } from "graphql";
import type { GraphQLServer } from "../http/graphql.js";
import { restError, restErrorFromGraphQL, type RestError } from "./errors.js";
import * as shapes from "./schemas.js";
import { readBodyWithin } from "../http/body.js";
import { route, pick, type AnyRoute, type Body } from "./route.js";
import { webhookRoutes } from "./webhook-routes.js";
import { docsPage, docsSecurityHeaders, openApiDocument, serveDocsAsset } from "./openapi.js";
import {
  AccountsOperation,
  BalanceOperation,
  BatchOperation,
  MessageStatusOperation,
  RetryMessageOperation,
  SendBulkOperation,
  SendMessageOperation,
} from "./operations.js";

// The REST facade of the interface spec. Each route only maps the spec's snake_case body onto one
// prepared GraphQL operation, runs it through the same yoga instance as /graphql (so auth,
// validation, resolvers and limits are shared), and maps the answer back.

export const REST_PREFIX = "/api/v1";

const sendFields = { to: "to", message: "text", image_url: "imageUrl", account_id: "accountId" };
const bulkFields = { numbers: "numbers", message: "text", image_url: "imageUrl", account_id: "accountId" };

export const routes: AnyRoute[] = [
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
      errors: ["PAYLOAD_TOO_LARGE", "INVALID_JSON", "VALIDATION_ERROR", "NO_CONNECTED_NUMBER", "MONTHLY_LIMIT_REACHED", "ACCOUNT_LIMIT_REACHED", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_PROGRESS", "CHANNEL_ERROR"],
    },
    answer: shapes.sendResponse,
    operation: SendMessageOperation,
    variables: (_, body) => ({ input: pick(body, sendFields) as never }),
    respond: ({ sendMessage: { message } }) => ({ success: true as const, message_id: Number(message.id), to: message.to, status: message.status }),
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
      errors: ["PAYLOAD_TOO_LARGE", "INVALID_JSON", "VALIDATION_ERROR", "NO_CONNECTED_NUMBER", "MONTHLY_LIMIT_REACHED", "ACCOUNT_LIMIT_REACHED", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_PROGRESS"],
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
    readsBody: false,
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
      id: Number(b.id),
      status: b.finished ? ("completed" as const) : ("processing" as const),
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

const printed = new Map(routes.map((r) => [r.operation, print(r.operation)]));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } });

const errorResponse = (e: RestError) => json(e.status, e.body);

async function readBody(request: Request, maxBytes: number): Promise<Body | RestError> {
  const bytes = await readBodyWithin(request, maxBytes);
  if (!bytes) return restError("PAYLOAD_TOO_LARGE", `The body may be at most ${maxBytes} bytes.`);
  const text = bytes.toString("utf8");
  try {
    const body: unknown = JSON.parse(text || "null");
    if (body && typeof body === "object" && !Array.isArray(body)) return body as Body;
  } catch {
    // reported below
  }
  return restError("INVALID_JSON", "The body must be a JSON object.");
}

/** The API's own description: no key needed, no rate limit, nothing from the database. */
function serveDocumentation(path: string): Response | undefined {
  if (path === "/openapi.json") return json(200, openApiDocument(routes));
  if (path === "/docs") return new Response(docsPage, { headers: { "content-type": "text/html; charset=utf-8", ...docsSecurityHeaders } });
  if (path.startsWith("/docs/assets/")) {
    const asset = serveDocsAsset(`${REST_PREFIX}${path}`);
    return new Response(typeof asset.body === "string" ? asset.body : new Uint8Array(asset.body), { status: asset.status, headers: asset.headers });
  }
  return undefined;
}

export function createRestHandler(yoga: GraphQLServer, maxBodyBytes: number) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.slice(REST_PREFIX.length).replace(/\/+$/, "") || "/";
    const documentation = request.method === "GET" || request.method === "HEAD" ? serveDocumentation(path) : undefined;
    if (documentation) return documentation;
    const matching = routes.filter((r) => r.path.test(path));
    if (matching.length === 0) return errorResponse(restError("NOT_FOUND", `No route ${request.method} ${url.pathname}.`));
    const r = matching.find((m) => m.method === request.method);
    if (!r) {
      const allow = matching.map((m) => m.method).join(", ");
      const res = errorResponse(restError("METHOD_NOT_ALLOWED", `Use ${allow} for ${url.pathname}.`));
      res.headers.set("allow", allow);
      return res;
    }
    let body: Body = {};
    if (r.method === "POST" && r.readsBody !== false) {
      const parsed = await readBody(request, maxBodyBytes);
      if ("status" in parsed && "body" in parsed && typeof parsed.status === "number") return errorResponse(parsed as RestError);
      body = parsed as Body;
    }
    const params = (r.path.exec(path) ?? []).slice(1).map((p) => decodeURIComponent(p));

    // Only the caller's credentials travel to the GraphQL request.
    const internal = new URL("/graphql", url);
    const queryKey = url.searchParams.get("api_key");
    if (queryKey !== null) internal.searchParams.set("api_key", queryKey);
    const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
    for (const name of ["authorization", "x-api-key", "idempotency-key"]) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const response = await yoga.fetch(
      internal,
      { method: "POST", headers, body: JSON.stringify({ query: printed.get(r.operation), variables: r.variables(params, body, url.searchParams) }) },
      { fromRestFacade: true },
    );
    const result = (await response.json()) as ExecutionResult;
    const answer = result.errors?.length ? errorResponse(restErrorFromGraphQL(result.errors)) : json(200, r.respond(result.data));
    // The rate-limit headers the GraphQL request got belong to this answer.
    for (const [name, value] of response.headers) if (name.startsWith("ratelimit-") || name === "retry-after") answer.headers.set(name, value);
    return answer;
  };
}
