import { z } from "zod";
import { errorStatus, type ErrorCode } from "../services/errors.js";
import { IDEMPOTENCY_KEY_PATTERN } from "../services/idempotency.js";
import { staticAssets, vendoredAssets } from "../http/static-assets.js";
import { releaseVersion } from "../paths.js";
import { namedSchemas } from "./schemas.js";
import type { AnyRoute } from "./route.js";

// The OpenAPI 3.1 document of the REST facade, printed from the routes themselves: their zod
// shapes (schemas.ts) become the JSON Schemas (draft 2020-12, which 3.1 uses), and each route's
// doc entry says its path, errors and headers. Nothing here restates a field.


/** Errors any request can get: a malformed one, a refused key, the rate limit, an unknown query parameter. */
const everyRequestErrors: ErrorCode[] = ["BAD_REQUEST", "UNAUTHORIZED", "ACCOUNT_SUSPENDED", "SUBSCRIPTION_EXPIRED", "RATE_LIMITED", "VALIDATION_ERROR", "INTERNAL_ERROR"];
/** Errors of a request with a body, before the key is read. */
const bodyErrors: ErrorCode[] = ["UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE", "INVALID_JSON"];

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const idOf = (schema: z.ZodType) => {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error("A route's body and answer need an id (.meta({ id }))");
  return id;
};

/** On every answer of an authenticated request: required on successes, on errors only when a key was admitted. */
const rateHeaders = (required: boolean) => ({
  "RateLimit-Limit": { required, description: "Requests the key may burst (its plan's bucket size).", schema: { type: "integer" } },
  "RateLimit-Remaining": { required, description: "Requests left in the bucket now.", schema: { type: "integer" } },
  "RateLimit-Reset": { required, description: "Seconds until the bucket is full again.", schema: { type: "integer" } },
  "X-Request-Id": { required: true, description: "This request's id, also on every log line of it.", schema: { type: "string" } },
});
const retryAfter = { "Retry-After": { description: "Seconds to wait (RATE_LIMITED).", schema: { type: "integer" } } };

/** One response per HTTP status, listing the codes that share it. */
function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.map((c) => `\`${c}\``).join(", "),
        headers: { ...rateHeaders(false), ...(status === 429 ? retryAfter : {}) },
        content: { "application/json": { schema: ref("Error") } },
      },
    ]),
  );
}

/** A query parameter as it is written: a string, whatever the route reads it as. */
function queryParameter(name: string, schema: z.ZodType) {
  const { $schema: _, description, ...printed } = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  return { name, in: "query", required: !schema.safeParse(undefined).success, ...(description ? { description } : {}), schema: printed };
}

function operation(r: AnyRoute) {
  // Ids are digits; other path parameters (a template's name) are any text.
  const params = [...r.doc.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: m[1] === "id" ? { type: "string", pattern: "^\\d+$" } : { type: "string" } }));
  for (const [name, schema] of Object.entries(r.doc.query?.shape ?? {})) params.push(queryParameter(name, schema as z.ZodType) as never);
  if (r.doc.idempotent) {
    params.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "1 to 255 printable ASCII characters, chosen by you per logical request. The same key with the same request within 24 hours gets the first answer again and nothing is sent twice; with another request it is IDEMPOTENCY_KEY_REUSED.",
      schema: { type: "string", pattern: IDEMPOTENCY_KEY_PATTERN.source },
    } as never);
  }
  return {
    operationId: r.doc.operationId,
    summary: r.doc.summary,
    ...(r.doc.description ? { description: r.doc.description } : {}),
    tags: [r.doc.tag],
    ...(params.length ? { parameters: params } : {}),
    ...(r.doc.body ? { requestBody: { required: true, content: { "application/json": { schema: ref(idOf(r.doc.body)) } } } } : {}),
    responses: {
      "200": { description: "Done.", headers: rateHeaders(true), content: { "application/json": { schema: ref(idOf(r.answer)) } } },
      ...errorResponses([...r.doc.errors, ...(r.doc.body ? bodyErrors : []), ...everyRequestErrors]),
    },
  };
}

let built: object | undefined;

/** The document, built once. */
export function openApiDocument(routes: AnyRoute[]): object {
  if (built) return built;
  const registry = z.registry<{ id: string }>();
  for (const schema of namedSchemas) registry.add(schema, { id: idOf(schema) });
  const { schemas } = z.toJSONSchema(registry, { target: "draft-2020-12", uri: (id) => `#/components/schemas/${id}` }) as { schemas: Record<string, Record<string, unknown>> };
  // Each component is printed as a document of its own; inside the OpenAPI document it is not.
  for (const schema of Object.values(schemas)) delete schema.$schema;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) (paths[r.doc.path] ??= {})[r.method.toLowerCase()] = operation(r);
  built = {
    openapi: "3.1.1",
    info: {
      title: "Messaging gateway REST API",
      version: releaseVersion,
      description:
        "Send WhatsApp-style text and image messages from your connected numbers. Every request needs an API key: `Authorization: Bearer <key>`, `X-API-Key: <key>` or `?api_key=<key>`. The same operations, and live status, are on GraphQL at /graphql.",
    },
    servers: [{ url: "/api/v1" }],
    security: [{ bearer: [] }, { apiKeyHeader: [] }, { apiKeyQuery: [] }],
    tags: [
      { name: "Sending", description: "Single and bulk sends." },
      { name: "Messages", description: "Status of messages and batches, and retries." },
      { name: "Account", description: "Your numbers and your plan." },
      { name: "Webhooks", description: "Endpoints your message events are POSTed to, signed; and the log of what was sent to them." },
      { name: "Templates", description: "Named message texts with {{placeholders}}, sent with `template` and each recipient's `variables`." },
      { name: "Contacts", description: "The numbers you exchange messages with, who may not be sent to (opt-outs, suppression list), and the stop words contacts opt out with." },
      { name: "Inbound", description: "Messages contacts sent to your numbers (also as the message.received webhook and the inboundMessages subscription)." },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The API key as a Bearer token." },
        apiKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key" },
        apiKeyQuery: { type: "apiKey", in: "query", name: "api_key" },
      },
    },
  };
  return built;
}

const swagger = vendoredAssets("swagger-ui-dist");
export const DOCS_ASSETS = `/api/v1/docs/assets/${swagger.version}`;

// Started from a file of its own, so the page needs no inline script.
const startScript = `window.ui = SwaggerUIBundle({ url: "/api/v1/openapi.json", dom_id: "#docs", deepLinking: true, presets: [SwaggerUIBundle.presets.apis], layout: "BaseLayout" });\n`;

export const serveDocsAsset = staticAssets(DOCS_ASSETS, { ...swagger.files, "start.js": { text: startScript } });

/** GET /api/v1/docs: Swagger UI, served from this server (no CDN), on the document above. */
export const docsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Messaging gateway REST API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${DOCS_ASSETS}/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="${DOCS_ASSETS}/swagger-ui-bundle.js"></script>
<script src="${DOCS_ASSETS}/start.js"></script>
</body>
</html>`;

/** Only this server's own files; swagger's styles set inline style attributes. */
export const docsSecurityHeaders = {
  "content-security-policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
};

