import { z } from "zod";
import { errorStatus, type ErrorCode } from "../errors.js";
import { IDEMPOTENCY_KEY_PATTERN } from "../input/idempotency-key.js";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "../unavailable.js";
import { releaseVersion } from "../runtime/paths.js";
import { errorResponse as errorShape, pathParameters } from "./schemas.js";
import { Components, unresolvedRefs } from "./openapi-components.js";
import type { AnyRoute } from "./route.js";
import type { Scope } from "../auth/scopes.js";
import type { FieldAccess } from "../graphql/field-scope.js";

// The OpenAPI 3.1 document of the REST facade, printed from the routes themselves: their zod
// shapes become the JSON Schemas (draft 2020-12, which 3.1 uses; openapi-components.ts), and each
// route's doc entry says its path, errors and headers. Nothing here restates a field.

/** Errors any request can get: a malformed one, a refused key, the rate limit, an unknown query parameter, a fault. */
const everyRequestErrors: ErrorCode[] = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "ACCOUNT_SUSPENDED",
  "SUBSCRIPTION_EXPIRED",
  "INSUFFICIENT_SCOPE",
  "REQUEST_TIMEOUT",
  "HEADERS_TOO_LARGE",
  "RATE_LIMITED",
  "VALIDATION_ERROR",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
];
/** Errors of a request with a body, before the key is read. */
const bodyErrors: ErrorCode[] = ["UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE", "INVALID_JSON"];
/**
 * Statuses the HTTP parser's guard may answer before any route runs (request-guard.ts), so
 * without a request id or rate-limit headers: a request that is not HTTP, headers too large, a
 * body that never arrives.
 */
const beforeAnyRoute = new Set([400, 408, 431]);

const idOf = (schema: z.ZodType) => {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error("A route's body and answer need an id (.meta({ id })), so generated clients name their types");
  return id;
};

/** On every answer of an authenticated request: required on successes, on errors only when a key was admitted. */
const rateHeaders = (required: boolean) => ({
  "RateLimit-Limit": { required, description: "Requests the key may burst (its plan's bucket size).", schema: { type: "integer" } },
  "RateLimit-Remaining": { required, description: "Requests left in the bucket now.", schema: { type: "integer" } },
  "RateLimit-Reset": { required, description: "Seconds until the bucket is full again.", schema: { type: "integer" } },
});
const requestId = (required: boolean) => ({ "X-Request-Id": { required, description: "This request's id, also on every log line of it.", schema: { type: "string" } } });
const retryAfter = (description: string) => ({ "Retry-After": { required: true, description, schema: { type: "integer", minimum: 0 } } });
const retryAfterOf: Partial<Record<number, string>> = {
  429: "Seconds to wait (RATE_LIMITED).",
  503: `Seconds to wait before trying again (${UNAVAILABLE_RETRY_AFTER_SECONDS}).`,
};

/** The answer of one HTTP status, listing the codes that share it. */
function errorResponse(status: number, codes: ErrorCode[], components: Components) {
  const wait = retryAfterOf[status];
  // RATE_LIMITED is not the only 429: an exhausted allowance has no Retry-After.
  const waitHeader = wait && (status !== 429 || codes.every((c) => c === "RATE_LIMITED")) ? retryAfter(wait) : {};
  const note = status === 429 && codes.includes("RATE_LIMITED") && codes.length > 1 ? " Only RATE_LIMITED carries `Retry-After`." : "";
  return {
    description: codes.map((c) => `\`${c}\``).join(", ") + note,
    headers: { ...rateHeaders(false), ...requestId(!beforeAnyRoute.has(status)), ...waitHeader },
    content: { "application/json": { schema: components.use(errorShape, "output") } },
  };
}

const byStatus = (codes: Iterable<ErrorCode>) => {
  const grouped = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) grouped.set(errorStatus[code], [...(grouped.get(errorStatus[code]) ?? []), code]);
  return grouped;
};

/** The errors every operation can get, one shared response per status (`#/components/responses/Error401`). */
const sharedStatuses = byStatus(everyRequestErrors);

/**
 * An operation's error answers by status: a status where the operation adds nothing to what every
 * request can get refers to the shared response; the others list their own codes.
 */
function errorResponses(own: ErrorCode[], components: Components, shared: Record<string, unknown>): Record<string, unknown> {
  const statuses = byStatus([...own, ...everyRequestErrors]);
  return Object.fromEntries(
    [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]): [string, unknown] => {
        if (codes.length !== sharedStatuses.get(status)?.length) return [String(status), errorResponse(status, codes, components)];
        shared[`Error${status}`] ??= errorResponse(status, codes, components);
        return [String(status), { $ref: `#/components/responses/Error${status}` }];
      }),
  );
}

/** The query parameters a schema reads; arrays are comma-separated (`status=sent,failed`). */
function queryParameters(query: z.ZodObject, components: Components, note = "") {
  return Object.entries(query.shape).map(([name, field]) => {
    const { description, ...schema } = components.use(field as z.ZodType, "output");
    const text = `${note}${typeof description === "string" ? description : ""}`;
    return {
      name,
      in: "query",
      required: !(field as z.ZodType).safeParse(undefined).success,
      ...(text ? { description: text } : {}),
      ...(schema.type === "array" ? { style: "form", explode: false } : {}),
      schema,
    };
  });
}

function pathParametersOf(path: string, components: Components) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name = ""]) => {
    const schema = pathParameters[name];
    if (!schema) throw new Error(`The path parameter {${name}} of ${path} has no schema in pathParameters`);
    const { description, ...printed } = components.use(schema, "input");
    return { name, in: "path", required: true, description, schema: printed };
  });
}

const idempotencyKeyHeader = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "1 to 255 printable ASCII characters, chosen by you per logical request. The same key with the same request within 24 hours gets the first answer again and nothing is sent twice; with another request it is IDEMPOTENCY_KEY_REUSED.",
  schema: { type: "string", pattern: IDEMPOTENCY_KEY_PATTERN.source },
};

const csvDescription =
  "A sheet, UTF-8: a header row with `to` and one column per placeholder, then one recipient per row. The rest of the request (`message` or `template`, `send_at`…) goes in the query string. Errors name `row N, column X` (the header is row 1).";

function requestBody(r: AnyRoute, components: Components) {
  if (!r.doc.body) return {};
  const content: Record<string, unknown> = { "application/json": { schema: components.use(r.doc.body, "input") } };
  if (r.doc.csv) content["text/csv"] = { schema: { type: "string", description: csvDescription }, example: "to,name\n0501234567,Sara\n0551234567,Omar\n" };
  return { requestBody: { required: true, content } };
}

/** The success answer (200, or 202 for work that goes on): the route's JSON shape, or a stream route's bytes, whatever their type. */
function success(r: AnyRoute, components: Components, access: FieldAccess) {
  // A public operation is throttled per address, not by a key's bucket: its headers may be absent.
  const headers = { ...rateHeaders(access !== "public"), ...requestId(true) };
  if (r.kind === "stream") {
    const own = Object.fromEntries(Object.entries(r.answerHeaders).map(([name, { type, ...h }]) => [name, { ...h, schema: { type } }]));
    return { description: r.answerDescription, headers: { ...own, ...headers }, content: { "*/*": { schema: { type: "string", format: "binary" } } } };
  }
  idOf(r.answer);
  return {
    description: r.status === 202 ? "Accepted: the work goes on after the answer." : "Done.",
    headers,
    content: { "application/json": { schema: components.use(r.answer, "output") } },
  };
}

/** The key's schemes, each naming the scope the operation needs (OpenAPI 3.1 lets any scheme list them). */
const securityOf = (scope: Scope) => [{ bearer: [scope] }, { apiKeyHeader: [scope] }, { apiKeyQuery: [scope] }];

/** What an operation says of its key: the scope it needs, or that it needs none (sign-up). */
const accessDoc = (access: FieldAccess) =>
  access === "public"
    ? { note: "Needs no key: anyone may call it (it is throttled per client address).", security: [], "x-required-scopes": [] }
    : { note: `Needs the scope \`${access}\` (403 \`INSUFFICIENT_SCOPE\` without it).`, security: securityOf(access), "x-required-scopes": [access] };

function operation(r: AnyRoute, access: FieldAccess, components: Components, shared: Record<string, unknown>) {
  const { note, ...security } = accessDoc(access);
  const parameters = [
    ...pathParametersOf(r.doc.path, components),
    ...(r.doc.query ? queryParameters(r.doc.query, components) : []),
    ...(r.doc.csv ? queryParameters(r.doc.csv, components, "With a `text/csv` body only (with JSON, give it in the body). ") : []),
    ...(r.doc.idempotent ? [idempotencyKeyHeader] : []),
  ];
  return {
    operationId: r.doc.operationId,
    summary: r.doc.summary,
    description: `${r.doc.description ? `${r.doc.description}\n\n` : ""}${note}`,
    tags: [r.doc.tag],
    ...security,
    ...(parameters.length ? { parameters } : {}),
    ...requestBody(r, components),
    responses: {
      [r.kind !== "stream" && r.status ? String(r.status) : "200"]: success(r, components, access),
      ...errorResponses([...r.doc.errors, ...(r.doc.body ? bodyErrors : [])], components, shared),
    },
  };
}

const description = [
  "Send WhatsApp messages from your connected numbers. Every request needs an API key: `Authorization: Bearer <key>`, `X-API-Key: <key>` or `?api_key=<key>`. The same operations, and live status, are on GraphQL at /graphql.",
  "",
  "Each operation needs one scope of the key (listed in its `security` and `x-required-scopes`): `messages:send`, `messages:read`, `campaigns:manage`, `contacts:read`, `contacts:manage`, `inbox:read`, `accounts:read`, `accounts:manage`, `webhooks:manage`, `keys:manage`, `users:manage`, `audit:read`, `settings:manage`, `billing:manage`, `billing:read`, `automation:manage`. A key without it gets 403 `INSUFFICIENT_SCOPE` naming the scope in `error.details.scope`, and nothing is done. Keys made before scopes existed hold all of them.",
  "",
  "Every error answer has the `Error` shape, with a stable `error.code`. Besides those listed per operation, any request can get: 404 `NOT_FOUND` for a path no operation serves; 405 `METHOD_NOT_ALLOWED` for a method the path does not serve, with an `Allow` header naming those it does; 431 `HEADERS_TOO_LARGE`; and 503 `SERVICE_UNAVAILABLE` with `Retry-After` while the database or Redis cannot be reached (try again; nothing was done).",
].join("\n");

const tags = [
  { name: "Sending", description: "Single and bulk sends." },
  { name: "Messages", description: "Status of messages and batches, and retries." },
  { name: "Account", description: "Your numbers and your plan." },
  { name: "Webhooks", description: "Endpoints your message events are POSTed to, signed; and the log of what was sent to them." },
  { name: "Templates", description: "Named message texts with {{placeholders}}, sent with `template` and each recipient's `variables`." },
  { name: "Contacts", description: "The numbers you exchange messages with, who may not be sent to (opt-outs, suppression list), and the stop words contacts opt out with." },
  { name: "Inbound", description: "Messages contacts sent to your numbers (also as the message.received webhook and the inboundMessages subscription)." },
  { name: "Keys", description: "API keys with chosen scopes, numbers and expiry; rotation and revocation." },
  { name: "Chatwoot", description: "The tenant's Chatwoot inbox (an API channel inbox) and the numbers it carries." },
  { name: "Users", description: "Staff users who sign in to the console, their roles, and one-time links to choose a password." },
  { name: "Sign-up", description: "A business opens an account by itself, and confirms its address (docs/signup.md); no key needed." },
  { name: "Audit", description: "Who changed what, and every sign-in: the tenant's tamper-evident audit log." },
  { name: "Exports", description: "The tenant's messages or inbound messages for a range of time, as a CSV or NDJSON file a worker writes." },
  { name: "Billing", description: "The plan the business pays for, checkout with a card, plan changes and message top-ups (docs/billing.md)." },
  { name: "Invoices", description: "The tax invoices and credit notes the operator issued to the tenant, as JSON and as a bilingual PDF." },
  {
    name: "Automation",
    description: "Rules that answer contacts' messages without a person: keywords, patterns, first messages, away messages, buttons, handovers (docs/automation.md).",
  },
];

let built: object | undefined;

/** The document, built once; it refuses to build with a `$ref` that leads nowhere. */
export function openApiDocument(routes: AnyRoute[], scopes: ReadonlyMap<AnyRoute, FieldAccess>): object {
  if (built) return built;
  const components = new Components();
  const responses: Record<string, unknown> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) (paths[r.doc.path] ??= {})[r.method.toLowerCase()] = operation(r, scopes.get(r)!, components, responses);
  const doc = {
    openapi: "3.1.1",
    info: { title: "Messaging gateway REST API", version: releaseVersion, description },
    servers: [{ url: "/api/v1", description: "This server." }],
    security: [{ bearer: [] }, { apiKeyHeader: [] }, { apiKeyQuery: [] }],
    tags,
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components.schemas).sort(([a], [b]) => a.localeCompare(b))),
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The API key as a Bearer token." },
        apiKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key" },
        apiKeyQuery: { type: "apiKey", in: "query", name: "api_key" },
      },
    },
  };
  const dangling = unresolvedRefs(doc);
  if (dangling.length) throw new Error(`The OpenAPI document refers to what it does not hold: ${[...new Set(dangling)].join(", ")}`);
  built = doc;
  return built;
}
