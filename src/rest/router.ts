import { print } from "graphql";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import type { ExecutionResult } from "graphql";
import type { GraphQLServer } from "../http/graphql.js";
import { restError, restErrorFromGraphQL, type RestError } from "./errors.js";
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
const MAX_BODY_BYTES = 256 * 1024;

type Body = Record<string, unknown>;

interface Route<TData, TVars> {
  method: "GET" | "POST";
  path: RegExp;
  operation: TypedDocumentNode<TData, TVars>;
  /** False for POST routes that take no body. */
  readsBody?: boolean;
  variables(params: string[], body: Body): TVars;
  respond(data: TData): unknown;
}

const route = <TData, TVars>(r: Route<TData, TVars>) => r as unknown as Route<unknown, unknown>;

/** Present fields only: an absent field must reach GraphQL as absent, so "required" is reported. */
const pick = (body: Body, map: Record<string, string>) =>
  Object.fromEntries(Object.entries(map).filter(([rest]) => rest in body).map(([rest, gql]) => [gql, body[rest]]));

const sendFields = { to: "to", message: "text", image_url: "imageUrl", account_id: "accountId" };
const bulkFields = { numbers: "numbers", message: "text", image_url: "imageUrl", account_id: "accountId" };

export const routes = [
  route({
    method: "POST",
    path: /^\/send$/,
    operation: SendMessageOperation,
    variables: (_, body) => ({ input: pick(body, sendFields) as never }),
    respond: ({ sendMessage: { message } }) => ({ success: true, message_id: Number(message.id), to: message.to, status: message.status }),
  }),
  route({
    method: "POST",
    path: /^\/send-bulk$/,
    operation: SendBulkOperation,
    variables: (_, body) => ({ input: pick(body, bulkFields) as never }),
    respond: ({ sendBulk: b }) => ({
      success: true,
      queued: b.queued,
      status: b.status,
      batch_id: Number(b.batchId),
      messages: b.messages.map((m) => ({ message_id: Number(m.id), to: m.to })),
    }),
  }),
  route({
    method: "GET",
    path: /^\/messages\/([^/]+)$/,
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
    operation: RetryMessageOperation,
    readsBody: false,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ retryMessage: { message } }) => ({ success: true, message_id: Number(message.id), to: message.to, status: message.status }),
  }),
  route({
    method: "GET",
    path: /^\/batches\/([^/]+)$/,
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
    operation: BalanceOperation,
    variables: () => ({}),
    respond: ({ balance: b }) => ({ plan: b.plan, subscription_ends: b.subscriptionEnds, messages: b.messages, accounts: b.accounts }),
  }),
];

const printed = new Map(routes.map((r) => [r.operation, print(r.operation)]));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } });

const errorResponse = (e: RestError) => json(e.status, e.body);

async function readBody(request: Request): Promise<Body | RestError> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return restError("PAYLOAD_TOO_LARGE", `The body may be at most ${MAX_BODY_BYTES} bytes.`);
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return restError("PAYLOAD_TOO_LARGE", `The body may be at most ${MAX_BODY_BYTES} bytes.`);
  try {
    const body: unknown = JSON.parse(text || "null");
    if (body && typeof body === "object" && !Array.isArray(body)) return body as Body;
  } catch {
    // reported below
  }
  return restError("INVALID_JSON", "The body must be a JSON object.");
}

export function createRestHandler(yoga: GraphQLServer) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.slice(REST_PREFIX.length).replace(/\/+$/, "") || "/";
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
      const parsed = await readBody(request);
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
    const response = await yoga.fetch(internal, {
      method: "POST",
      headers,
      body: JSON.stringify({ query: printed.get(r.operation), variables: r.variables(params, body) }),
    });
    const result = (await response.json()) as ExecutionResult;
    const answer = result.errors?.length ? errorResponse(restErrorFromGraphQL(result.errors)) : json(200, r.respond(result.data));
    // The rate-limit headers the GraphQL request got belong to this answer.
    for (const [name, value] of response.headers) if (name.startsWith("ratelimit-") || name === "retry-after") answer.headers.set(name, value);
    return answer;
  };
}
