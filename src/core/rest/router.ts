import { originOf } from "../auth/console-session.js";
import type { ExecutionResult, GraphQLSchema } from "graphql";
import type { GraphQLServer, GraphQLServerContext } from "../graphql/server.js";
import { rateLimitHeaders } from "../graphql/server.js";
import { shown } from "../http/request-guard.js";
import type { ServiceDeps } from "../deps.js";
import type { Principal } from "../principal.js";
import { admitRequest, apiKeyFromRequest } from "../auth/auth.js";
import { ServiceError } from "../errors.js";
import { UNAVAILABLE_HEADERS } from "../unavailable.js";
import type { RateDecision } from "../auth/rate-limit.js";
import { fieldErrors, plainIssueMessage } from "../input/validation.js";
import { isRestError, restError, restErrorFromGraphQL, restErrorOfService, type RestError, withBillingUrl } from "./errors.js";
import type { AnyRoute, Body, OperationRoute } from "./route.js";
import { serveStream } from "./stream.js";
import { routeIndexOf } from "./route-index.js";
import { openApiDocument } from "./openapi.js";
import { routeScopes } from "./route-scopes.js";
import { requireScope } from "../auth/scope-check.js";
import type { FieldAccess } from "../graphql/field-scope.js";
import { docsPage, docsSecurityHeaders, serveDocsAsset } from "./docs-page.js";
import { csvBody, csvFieldNames, isCsv } from "./csv-body.js";
import { WRITTEN, type RestAnswer, type RestRequest } from "./node-exchange.js";

// The REST facade's request path, in this order: the route (404, 405); the body's type, size and
// JSON (415, 413, INVALID_JSON: it could not be passed on at all); the key and the rate limit
// (401, 403, 429); then the body and query string against the route's own schema (422 naming each
// bad or unknown field). Only then does the route's GraphQL operation run, with the caller already
// admitted, so nothing reaches a resolver that the published document would refuse. A stream
// route takes the same path up to there, then runs its service and pipes the bytes (stream.ts).

export const REST_PREFIX = "/api/v1";

const json = (status: number, body: unknown, headers: Record<string, string> = {}): RestAnswer => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8", ...headers },
  body: JSON.stringify(body),
});

/** A 503 (the database or Redis away) tells the caller when to try again. */
const errorAnswer = (e: RestError, headers: Record<string, string> = {}) => json(e.status, e.body, e.status === 503 ? { ...UNAVAILABLE_HEADERS, ...headers } : headers);

/** A path as written in a message: bounded, so an answer never echoes a huge path back. */

/** The route serving `path` (after the prefix): HEAD is answered as GET without a body. */
function match(routes: AnyRoute[], method: string, path: string): { route: AnyRoute; params: string[] } | { allow: string[] } | undefined {
  const candidates = routeIndexOf(routes).matching(path);
  if (candidates.length === 0) return undefined;
  const route = candidates.find((r) => r.method === method || (method === "HEAD" && r.method === "GET"));
  if (!route) return { allow: candidates.flatMap((r) => (r.method === "GET" ? ["GET", "HEAD"] : [r.method])) };
  return { route, params: (route.path.exec(path) ?? []).slice(1) };
}

/**
 * The metrics label of a path: its route's template (`/api/v1/messages/:id`), or undefined when
 * no route serves it, so labels stay a fixed set whatever paths callers invent.
 */
export function restRouteTemplate(routes: AnyRoute[], pathname: string): string | undefined {
  const path = pathname.slice(REST_PREFIX.length).replace(/\/+$/, "") || "/";
  if (path === "/openapi.json" || path === "/docs") return `${REST_PREFIX}${path}`;
  if (path.startsWith("/docs/assets/")) return `${REST_PREFIX}/docs/assets`;
  const route = routeIndexOf(routes).matching(path)[0];
  return route && `${REST_PREFIX}${route.doc.path.replace(/\{(\w+)\}/g, ":$1")}`;
}

function decodeParams(raw: string[]): string[] | RestError {
  try {
    return raw.map((p) => decodeURIComponent(p));
  } catch {
    return restError("BAD_REQUEST", "The path is not valid percent-encoding.");
  }
}

/** The body of a route that takes one: JSON (or CSV where the route says so), within the size limit, an object. */
async function readBody(request: RestRequest, route: AnyRoute, search: URLSearchParams, maxBytes: number): Promise<{ body: Body; csv: boolean } | RestError> {
  const type = request.headers.get("content-type") ?? "";
  const csv = route.doc.csv !== undefined && isCsv(type);
  if (!csv && !/^application\/json\s*(;|$)/i.test(type)) {
    const accepted = route.doc.csv ? "JSON or CSV, sent with Content-Type: application/json or text/csv" : "JSON, sent with Content-Type: application/json";
    return restError("UNSUPPORTED_MEDIA_TYPE", `The body must be ${accepted}${type ? ` (not ${shown(type)})` : ""}.`);
  }
  const bytes = await request.readBody(maxBytes);
  if (!bytes) return restError("PAYLOAD_TOO_LARGE", `The body may be at most ${maxBytes} bytes.`);
  if (csv) {
    const body = csvBody(bytes, search, route.doc.csv!);
    return isRestError(body) ? body : { body, csv };
  }
  try {
    const body: unknown = JSON.parse(bytes.toString("utf8") || "null");
    if (body && typeof body === "object" && !Array.isArray(body)) return { body: body as Body, csv };
  } catch {
    // reported below
  }
  return restError("INVALID_JSON", "The body must be a JSON object.");
}

/** Query parameters as an object for the route's schema; a name given twice is refused, not picked. */
function readQuery(params: URLSearchParams): { values: Record<string, string>; repeated: Record<string, string> } {
  const values: Record<string, string> = {};
  const repeated: Record<string, string> = {};
  for (const [name, value] of params) {
    // The key is a credential, read by authentication, not a parameter of the route.
    if (name === "api_key") continue;
    if (Object.hasOwn(values, name)) repeated[name] = "must be given once";
    values[name] = value;
  }
  return { values, repeated };
}

/** The body and query string as the route's schemas parse them, or 422 naming every bad field. */
function validateInput(route: AnyRoute, body: Body, search: URLSearchParams): { body: Body; query: Body } | RestError {
  // Without a prototype, so that an unknown field named `__proto__` is kept like any other and refuses the request.
  const fields = Object.create(null) as Record<string, string>;
  let parsedBody: Body = {};
  if (route.doc.body) {
    const r = route.doc.body.safeParse(body, { error: plainIssueMessage });
    if (r.success) parsedBody = r.data as Body;
    else Object.assign(fields, fieldErrors(r.error));
  }
  const { values, repeated } = readQuery(search);
  let parsedQuery: Body = {};
  if (route.doc.query) {
    const r = route.doc.query.safeParse(values, { error: plainIssueMessage });
    if (r.success) parsedQuery = r.data;
    else Object.assign(fields, fieldErrors(r.error));
  } else {
    for (const name of Object.keys(values)) fields[name] = "is not a parameter of this request";
  }
  Object.assign(fields, repeated);
  if (Object.keys(fields).length) {
    const names = Object.keys(fields);
    return restError("VALIDATION_ERROR", `Invalid ${names.length === 1 ? "field" : "fields"}: ${names.join(", ")}.`, fields);
  }
  return { body: parsedBody, query: parsedQuery };
}

/** The API's own description: no key needed, no rate limit, nothing from the database. */
function serveDocumentation(routes: AnyRoute[], scopes: ReadonlyMap<AnyRoute, FieldAccess>, path: string): RestAnswer | undefined {
  if (path === "/openapi.json") return json(200, openApiDocument(routes, scopes));
  if (path === "/docs") return { status: 200, headers: { "content-type": "text/html; charset=utf-8", ...docsSecurityHeaders }, body: docsPage };
  if (path.startsWith("/docs/assets/")) {
    const asset = serveDocsAsset(`${REST_PREFIX}${path}`);
    return { status: asset.status, headers: asset.headers, body: asset.body };
  }
  return undefined;
}

/** A validation error about a CSV request, with its fields named by sheet row and column. */
function inSheetTerms(csv: Body, e: RestError): RestError {
  const fields = e.body.error.fields;
  if (!fields) return e;
  const named = csvFieldNames(csv, fields);
  return { status: e.status, body: { ...e.body, error: { ...e.body.error, message: `Invalid CSV: ${Object.keys(named).join("; ")}.`, fields: named } } };
}

/**
 * Runs a route's prepared operation through yoga's envelop, as the websocket path does: the same
 * context, the admission and timing plugins, error masking and resolvers, but no HTTP round trip
 * (no Request to build, no body to encode and parse again, no Response to read back). The
 * documents are the published ones, validated against the schema when they were generated
 * (`npm run generate:check`), so only variables are checked here, by execute.
 */
function executorOf(yoga: GraphQLServer) {
  return async (route: OperationRoute, variables: unknown, serverContext: GraphQLServerContext): Promise<ExecutionResult> => {
    const enveloped = yoga.getEnveloped(serverContext);
    const contextValue: unknown = await enveloped.contextFactory();
    const result: unknown = await enveloped.execute({
      schema: enveloped.schema as GraphQLSchema,
      document: route.operation,
      variableValues: variables as Record<string, unknown>,
      contextValue,
    });
    return result as ExecutionResult;
  };
}

/**
 * The variables as JSON would carry them: a field set to undefined is absent, so GraphQL reports
 * a required one as missing rather than coercing `undefined`, and the service's typed input sees
 * what GraphQL sees.
 */
function definedOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(definedOnly);
  if (value === null || typeof value !== "object") return value;
  // Entries, not assignment: a caller's `__proto__` key stays a field like any other.
  const defined: Array<[string, unknown]> = [];
  for (const [name, v] of Object.entries(value)) if (v !== undefined) defined.push([name, definedOnly(v)]);
  return Object.fromEntries(defined);
}

/**
 * The REST facade over `routes` (the features' own, gathered in src/app/rest-routes.ts), on Node's
 * request and response (node-exchange.ts): a stream route writes to the response itself, so that a
 * cut answer can destroy the connection, and answers `written`.
 */
/**
 * Admits a request to a route: its key and rate limit, and the route's scope, before the input is
 * checked (a caller without the scope learns nothing about it). A public route (sign-up) admits
 * anyone; its service throttles what it must.
 */
async function admitRoute(
  deps: ServiceDeps,
  request: RestRequest,
  access: FieldAccess,
): Promise<{ principal: Principal | undefined; limits: Record<string, string> } | { refusal: RestError; limits: Record<string, string> }> {
  if (access === "public") return { principal: undefined, limits: {} };
  let decision: RateDecision | undefined;
  try {
    const principal = await admitRequest(deps, apiKeyFromRequest(request.headers, request.url), (d) => (decision = d), true);
    requireScope(principal, access);
    return { principal, limits: decision ? rateLimitHeaders(decision) : {} };
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    return { refusal: restErrorOfService(err), limits: decision ? rateLimitHeaders(decision) : {} };
  }
}

/** Retry-After for a refusal that says when to come back (a service's own throttle, as sign-up's). */
function retryAfterOf(errors: readonly { extensions?: Record<string, unknown> }[]): Record<string, string> {
  const wait = errors[0]?.extensions?.retryAfter;
  return typeof wait === "number" ? { "retry-after": String(wait) } : {};
}

export function createRestHandler(yoga: GraphQLServer, deps: ServiceDeps, routes: AnyRoute[]) {
  const execute = executorOf(yoga);
  const scopes = routeScopes(yoga.getEnveloped({}).schema as GraphQLSchema, routes);
  return async (request: RestRequest): Promise<RestAnswer | typeof WRITTEN> => {
    const { url } = request;
    const errorResponse = (e: RestError, headers: Record<string, string> = {}) => errorAnswer(withBillingUrl(e, deps.config.consoleUrl ?? originOf(url, request.headers)), headers);
    const path = url.pathname.slice(REST_PREFIX.length).replace(/\/+$/, "") || "/";
    const documentation = request.method === "GET" || request.method === "HEAD" ? serveDocumentation(routes, scopes, path) : undefined;
    if (documentation) return documentation;
    const matched = match(routes, request.method, path);
    if (!matched) return errorResponse(restError("NOT_FOUND", `No route ${request.method} ${shown(url.pathname)}.`));
    if ("allow" in matched) {
      const allow = matched.allow.join(", ");
      return errorResponse(restError("METHOD_NOT_ALLOWED", `Use ${allow} for ${shown(url.pathname)}.`), { allow });
    }
    const { route } = matched;
    const params = decodeParams(matched.params);
    if (isRestError(params)) return errorResponse(params);
    let body: Body = {};
    let csv: Body | undefined;
    if (route.doc.body) {
      const read = await readBody(request, route, url.searchParams, deps.config.maxBodyBytes);
      if (isRestError(read)) return errorResponse(read);
      body = read.body;
      if (read.csv) csv = read.body;
    }
    const sheet = (e: RestError) => (csv ? inSheetTerms(csv, e) : e);

    const admitted = await admitRoute(deps, request, scopes.get(route)!);
    if ("refusal" in admitted) return errorResponse(admitted.refusal, admitted.limits);
    const { principal, limits } = admitted;
    // A CSV request's query string is part of its body (read above).
    const input = validateInput(route, body, csv ? new URLSearchParams() : url.searchParams);
    if (isRestError(input)) return errorResponse(sheet(input), limits);
    if (route.kind === "stream") {
      // A stream route always states a scope, so its caller was admitted.
      if (!principal) throw new Error(`${route.doc.path}: a stream route needs a scope`);
      const answer = await serveStream(deps, route, { params, query: input.query, principal, limits, head: request.method === "HEAD", res: request.res });
      return answer === WRITTEN || "headers" in answer ? answer : errorResponse(answer, limits);
    }

    const variables = definedOnly(route.variables(params, input.body, input.query));
    const result = await execute(route, variables, {
      admitted: principal,
      idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
      checkedInput: route.checked?.(variables),
      origin: originOf(url, request.headers),
    });
    if (result.errors?.length) return errorResponse(sheet(restErrorFromGraphQL(result.errors.map((e) => e.toJSON()))), { ...limits, ...retryAfterOf(result.errors) });
    return json(route.status ?? 200, route.respond(result.data), limits);
  };
}
