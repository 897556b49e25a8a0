import { print } from "graphql";
import { rateLimitHeaders } from "../http/graphql.js";
import { readBodyWithin } from "../http/body.js";
import { admitRequest, apiKeyFromRequest } from "../services/auth.js";
import { ServiceError } from "../services/errors.js";
import { UNAVAILABLE_HEADERS } from "../services/unavailable.js";
import { fieldErrors, plainIssueMessage } from "../services/validation.js";
import { restError, restErrorFromGraphQL } from "./errors.js";
import { routes } from "./routes.js";
import { docsPage, docsSecurityHeaders, openApiDocument, serveDocsAsset } from "./openapi.js";
// The REST facade's request path, in this order: the route (404, 405); the body's type, size and
// JSON (415, 413, INVALID_JSON: it could not be passed on at all); the key and the rate limit
// (401, 403, 429); then the body and query string against the route's own schema (422 naming each
// bad or unknown field). Only then does the route's GraphQL operation run, with the caller already
// admitted, so nothing reaches a resolver that the published document would refuse.
export const REST_PREFIX = "/api/v1";
export { routes };
const printed = new Map(routes.map((r) => [r.operation, print(r.operation)]));
const json = (status, body, headers = {}) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
/** A 503 (the database or Redis away) tells the caller when to try again. */
const errorResponse = (e, headers = {}) => json(e.status, e.body, e.status === 503 ? { ...UNAVAILABLE_HEADERS, ...headers } : headers);
/** A path as written in a message: bounded, so an answer never echoes a huge path back. */
const shown = (path) => (path.length > 200 ? `${path.slice(0, 200)}…` : path);
/** The route serving `path` (after the prefix): HEAD is answered as GET without a body. */
function match(method, path) {
    const candidates = routes.filter((r) => r.path.test(path));
    if (candidates.length === 0)
        return undefined;
    const route = candidates.find((r) => r.method === method || (method === "HEAD" && r.method === "GET"));
    if (!route)
        return { allow: candidates.flatMap((r) => (r.method === "GET" ? ["GET", "HEAD"] : [r.method])) };
    return { route, params: (route.path.exec(path) ?? []).slice(1) };
}
/**
 * The metrics label of a path: its route's template (`/api/v1/messages/:id`), or undefined when
 * no route serves it, so labels stay a fixed set whatever paths callers invent.
 */
export function restRouteTemplate(pathname) {
    const path = pathname.slice(REST_PREFIX.length).replace(/\/+$/, "") || "/";
    if (path === "/openapi.json" || path === "/docs")
        return `${REST_PREFIX}${path}`;
    if (path.startsWith("/docs/assets/"))
        return `${REST_PREFIX}/docs/assets`;
    const route = routes.find((r) => r.path.test(path));
    return route && `${REST_PREFIX}${route.doc.path.replace(/\{(\w+)\}/g, ":$1")}`;
}
function decodeParams(raw) {
    try {
        return raw.map((p) => decodeURIComponent(p));
    }
    catch {
        return restError("BAD_REQUEST", "The path is not valid percent-encoding.");
    }
}
/** The body of a route that takes one: JSON, within the size limit, an object. */
async function readJsonObject(request, maxBytes) {
    const type = request.headers.get("content-type") ?? "";
    if (!/^application\/json\s*(;|$)/i.test(type)) {
        return restError("UNSUPPORTED_MEDIA_TYPE", `The body must be JSON, sent with Content-Type: application/json${type ? ` (not ${shown(type)})` : ""}.`);
    }
    const bytes = await readBodyWithin(request, maxBytes);
    if (!bytes)
        return restError("PAYLOAD_TOO_LARGE", `The body may be at most ${maxBytes} bytes.`);
    try {
        const body = JSON.parse(bytes.toString("utf8") || "null");
        if (body && typeof body === "object" && !Array.isArray(body))
            return body;
    }
    catch {
        // reported below
    }
    return restError("INVALID_JSON", "The body must be a JSON object.");
}
/** Query parameters as an object for the route's schema; a name given twice is refused, not picked. */
function readQuery(params) {
    const values = {};
    const repeated = {};
    for (const [name, value] of params) {
        // The key is a credential, read by authentication, not a parameter of the route.
        if (name === "api_key")
            continue;
        if (Object.hasOwn(values, name))
            repeated[name] = "must be given once";
        values[name] = value;
    }
    return { values, repeated };
}
/** The body and query string as the route's schemas parse them, or 422 naming every bad field. */
function validateInput(route, body, search) {
    const fields = {};
    let parsedBody = {};
    if (route.doc.body) {
        const r = route.doc.body.safeParse(body, { error: plainIssueMessage });
        if (r.success)
            parsedBody = r.data;
        else
            Object.assign(fields, fieldErrors(r.error));
    }
    const { values, repeated } = readQuery(search);
    let parsedQuery = {};
    if (route.doc.query) {
        const r = route.doc.query.safeParse(values, { error: plainIssueMessage });
        if (r.success)
            parsedQuery = r.data;
        else
            Object.assign(fields, fieldErrors(r.error));
    }
    else {
        for (const name of Object.keys(values))
            fields[name] = "is not a parameter of this request";
    }
    Object.assign(fields, repeated);
    if (Object.keys(fields).length) {
        const names = Object.keys(fields);
        return restError("VALIDATION_ERROR", `Invalid ${names.length === 1 ? "field" : "fields"}: ${names.join(", ")}.`, fields);
    }
    return { body: parsedBody, query: parsedQuery };
}
/** The API's own description: no key needed, no rate limit, nothing from the database. */
function serveDocumentation(path) {
    if (path === "/openapi.json")
        return json(200, openApiDocument(routes));
    if (path === "/docs")
        return new Response(docsPage, { headers: { "content-type": "text/html; charset=utf-8", ...docsSecurityHeaders } });
    if (path.startsWith("/docs/assets/")) {
        const asset = serveDocsAsset(`${REST_PREFIX}${path}`);
        return new Response(typeof asset.body === "string" ? asset.body : new Uint8Array(asset.body), { status: asset.status, headers: asset.headers });
    }
    return undefined;
}
const isRestError = (v) => "status" in v && "body" in v && typeof v.status === "number";
export function createRestHandler(yoga, deps) {
    return async (request) => {
        const url = new URL(request.url);
        const path = url.pathname.slice(REST_PREFIX.length).replace(/\/+$/, "") || "/";
        const documentation = request.method === "GET" || request.method === "HEAD" ? serveDocumentation(path) : undefined;
        if (documentation)
            return documentation;
        const matched = match(request.method, path);
        if (!matched)
            return errorResponse(restError("NOT_FOUND", `No route ${request.method} ${shown(url.pathname)}.`));
        if ("allow" in matched) {
            const allow = matched.allow.join(", ");
            return errorResponse(restError("METHOD_NOT_ALLOWED", `Use ${allow} for ${shown(url.pathname)}.`), { allow });
        }
        const { route } = matched;
        const params = decodeParams(matched.params);
        if (isRestError(params))
            return errorResponse(params);
        let body = {};
        if (route.doc.body) {
            const read = await readJsonObject(request, deps.config.maxBodyBytes);
            if (isRestError(read))
                return errorResponse(read);
            body = read;
        }
        let decision;
        let principal;
        try {
            principal = await admitRequest(deps, apiKeyFromRequest(request.headers, url), (d) => (decision = d));
        }
        catch (err) {
            if (!(err instanceof ServiceError))
                throw err;
            return errorResponse(restError(err.code, err.message), decision ? rateLimitHeaders(decision) : {});
        }
        const limits = decision ? rateLimitHeaders(decision) : {};
        const input = validateInput(route, body, url.searchParams);
        if (isRestError(input))
            return errorResponse(input, limits);
        // Only the caller's idempotency key travels; the caller is already admitted.
        const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
        const idempotencyKey = request.headers.get("idempotency-key");
        if (idempotencyKey !== null)
            headers.set("idempotency-key", idempotencyKey);
        const response = await yoga.fetch(new URL("/graphql", url), { method: "POST", headers, body: JSON.stringify({ query: printed.get(route.operation), variables: route.variables(params, input.body, input.query) }) }, { fromRestFacade: true, admitted: principal });
        const result = (await response.json());
        if (result.errors?.length)
            return errorResponse(restErrorFromGraphQL(result.errors), limits);
        return json(200, route.respond(result.data), limits);
    };
}
//# sourceMappingURL=router.js.map