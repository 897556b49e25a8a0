import { randomBytes, randomInt } from "node:crypto";
import type http from "node:http";

// The shapes, errors, field selection, paging and template checks of the Graph API stand-in
// (test/kit/graph-api.ts). Reference: test/kit/references/waha-sessions-and-graph.md section B,
// from Meta's OpenAPI for the WhatsApp Business Platform (facebook/openapi `business-messaging-api_v23.0.yaml`,
// commit ecba623b4aba6ae770185b074ed77ed5acef22f7, info.version v23.0) and the Python business SDK
// (facebook/facebook-python-business-sdk commit 94914f9dabd06f0a5cbed72b5824ee45e407cbe7, v25.0).

export interface GraphWaba {
  id: string;
  name: string;
  phoneNumbers: GraphPhoneNumber[];
  templates: GraphTemplate[];
  subscribed: boolean;
}

/** M-OAS `PhoneNumberInfo` and `WhatsAppBusinessAccountPhoneNumber` (B.1, B.2); M-OAS has both `NA` and `UNKNOWN` for quality. */
export interface GraphPhoneNumber {
  id: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: "GREEN" | "YELLOW" | "RED" | "NA" | "UNKNOWN";
  /** The deprecated per-number limit, answered up to v23.0 (B.1). */
  messaging_limit_tier: string;
  /** The business portfolio's limit, answered from v24.0 (B.1; M-SDK enum); absent: not answered. */
  whatsapp_business_manager_messaging_limit?: string;
  code_verification_status?: string;
  name_status?: string;
}

/** The template node (B.3). */
export interface GraphTemplate {
  id: string;
  name: string;
  language: string;
  category: "MARKETING" | "UTILITY" | "AUTHENTICATION";
  status: string;
  components: unknown[];
  quality_score?: { score: string; date: number };
  rejected_reason?: string;
}

export type Incoming = { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown };
export type Reply = { status: number; body: unknown };

export interface GraphState {
  /** The stand-in's own address, for the `next`/`previous` links of paging. */
  url: string;
  appId: string;
  appSecret: string;
  wabas: Map<string, GraphWaba>;
  /** token → the WABA ids it reaches */
  tokens: Map<string, Set<string>>;
  /** Embedded Signup code → the token it is exchanged for; `usedCodes` were exchanged already. */
  codes: Map<string, string>;
  usedCodes: Set<string>;
  /** The bodies of every message sent through `/{phone-number-id}/messages`. */
  sent: unknown[];
  /** Tokens that have expired (test/kit/graph-api-awkward.ts). */
  expired: Set<string>;
  /** Runs after a request is answered in the stand-in's state and before the answer is sent. */
  beforeAnswer?: (req: Incoming, reply: Reply) => Promise<void>;
}

/** Like the reference's `AXsgnV2Cm3ZMGF3dF_cfYIn`: 23 characters, base64url. */
const fbtraceId = () => `A${randomBytes(17).toString("base64url").slice(0, 22)}`;

/** `GraphAPIError` (B.6): {error: {message, type, code, error_subcode?, fbtrace_id}}. */
export function graphError(status: number, error: { message: string; type: string; code: number; error_subcode?: number }): Reply {
  return { status, body: { error: { ...error, fbtrace_id: fbtraceId() } } };
}

/** B.6's 401 examples, word for word. */
export const invalidToken = () => graphError(401, { message: "Invalid OAuth access token", type: "OAuthException", code: 190, error_subcode: 463 });
export const missingToken = () => graphError(401, { message: "An access token is required to request this resource", type: "OAuthException", code: 104 });

/**
 * An object the token cannot reach. The reference gives only `code: 100` for 400s; the message,
 * type `GraphMethodException` and `error_subcode: 33` are Graph's usual wording, not from the reference.
 */
export function noSuchObject(method: string, id: string): Reply {
  const message = `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`;
  return graphError(400, { message, type: "GraphMethodException", code: 100, error_subcode: 33 });
}

/** A bad parameter: code 100 (B.6); the type `OAuthException` and the wordings are assumed. */
export const invalidParameter = (message: string, subcode?: number) =>
  graphError(400, { message, type: "OAuthException", code: 100, ...(subcode === undefined ? {} : { error_subcode: subcode }) });

/** A path the stand-in does not serve: code 100 (B.6); the "Unknown path components" wording is assumed. */
export const unknownPath = (pathname: string) => graphError(400, { message: `Unknown path components: ${pathname}`, type: "OAuthException", code: 100 });

/** The `fields` query parameter as a list, or null when absent/empty. */
export function requestedFields(query: URLSearchParams): string[] | null {
  const names = (query.get("fields") ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  return names.length === 0 ? null : names;
}

/** The fields of `source` named in `names` that it holds (an unset optional field is left out, not sent as null). */
function pick(source: object, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = (source as Record<string, unknown>)[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * The messaging-limit field a phone number has in Graph `version` (B.1, Meta's messaging-limits page, "Via API"):
 * `whatsapp_business_manager_messaging_limit` from v24.0, the deprecated `messaging_limit_tier` up to v23.0. The other
 * one is left out of answers without an error (whether Graph refuses it with code 100 is unconfirmed).
 */
const limitField = (version: string) => (Number(/^v(\d+)\./.exec(version)?.[1]) >= 24 ? "whatsapp_business_manager_messaging_limit" : "messaging_limit_tier");

/**
 * `GET /{Phone-Number-ID}` (B.1): the default fields `id, display_phone_number, verified_name, quality_rating`, plus
 * those of `name_status, code_verification_status` and the version's messaging-limit field asked for in `fields`.
 * Other names in `fields` are left out without an error. Real Graph answers only the asked fields when `fields` is
 * given; this stand-in keeps the defaults too (as briefed).
 */
export function phoneNumberInfo(phone: GraphPhoneNumber, fields: string[] | null, version: string): Record<string, unknown> {
  const extra = (fields ?? []).filter((name) => name === "name_status" || name === "code_verification_status" || name === limitField(version));
  return pick(phone, ["id", "display_phone_number", "verified_name", "quality_rating", ...extra]);
}

/** The fields of the `phone_numbers` edge's list (B.2) that a GraphPhoneNumber holds in `version`; `name_status` is not in that list. */
const edgePhoneFields = (version: string) => ["id", "display_phone_number", "verified_name", "quality_rating", "code_verification_status", limitField(version)];

/**
 * An item of `GET /{WABA-ID}/phone_numbers` (B.2). The reference names no default field set for this edge: without
 * `fields`, all of edgePhoneFields (the v15 sample's fields plus the version's messaging-limit field); with `fields`,
 * `id` and the asked ones. Listed fields the stand-in does not hold (`status`, `country_code`, `account_mode`, …) are
 * left out.
 */
export function edgePhoneNumber(phone: GraphPhoneNumber, fields: string[] | null, version: string): Record<string, unknown> {
  const held = edgePhoneFields(version);
  const names = fields === null ? held : ["id", ...fields.filter((name) => name !== "id" && held.includes(name))];
  return pick(phone, names);
}

/** `GET /{WABA-ID}` (B.2): default fields `id, name`; of the other listed fields the stand-in holds none, so they are left out. */
export const wabaInfo = (waba: GraphWaba) => ({ id: waba.id, name: waba.name });

const TEMPLATE_FIELDS = ["id", "name", "language", "category", "status", "components", "quality_score", "rejected_reason"];

/**
 * An item of `GET /{WABA-ID}/message_templates` (B.3). Without `fields`: all the held ones (the M-OAS example shows
 * `category, components, id, language, name, status`, plus `previous_category` which the stand-in does not hold);
 * with `fields`: `id` and the asked ones.
 */
export function templateItem(template: GraphTemplate, fields: string[] | null): Record<string, unknown> {
  const names = fields === null ? TEMPLATE_FIELDS : ["id", ...fields.filter((name) => name !== "id" && TEMPLATE_FIELDS.includes(name))];
  return pick(template, names);
}

/** An opaque cursor: base64url (no padding, so it needs no escaping in a URL) of the item's index. */
const cursor = (index: number) => Buffer.from(`cursor:${index}`).toString("base64url");

function decodeCursor(value: string): number | null {
  const match = /^cursor:(\d+)$/.exec(Buffer.from(value, "base64url").toString());
  return match ? Number(match[1]) : null;
}

/**
 * One page of `items` by `limit` (default 25: the reference gives none) and the cursors `after`/`before`:
 * `{data, paging: {cursors: {before, after}, previous?, next?}}` (B.2's paging). An empty page is `{data: []}`
 * with no paging, the documented empty form (`GET …/subscribed_apps`); the reference does not show an empty list.
 * The links carry no `access_token` (the token goes in the header). A cursor that does not decode is a 400.
 */
export function page<T>(items: T[], query: URLSearchParams, link: URL): Reply {
  const asked = Number(query.get("limit"));
  const limit = Number.isInteger(asked) && asked > 0 ? asked : 25;
  const after = query.get("after");
  const before = query.get("before");
  const afterIndex = after === null ? null : decodeCursor(after);
  const beforeIndex = before === null ? null : decodeCursor(before);
  if ((after !== null && afterIndex === null) || (before !== null && beforeIndex === null)) return invalidParameter("Invalid parameter: the cursor is not valid");
  const start = afterIndex !== null ? afterIndex + 1 : beforeIndex !== null ? Math.max(0, beforeIndex - limit) : 0;
  const end = Math.min(items.length, beforeIndex !== null && afterIndex === null ? beforeIndex : start + limit);
  const data = items.slice(start, end);
  if (data.length === 0) return { status: 200, body: { data: [] } };
  const to = (name: "after" | "before", value: string) => {
    const url = new URL(link);
    url.searchParams.delete("after");
    url.searchParams.delete("before");
    url.searchParams.set("limit", String(limit));
    url.searchParams.set(name, value);
    return url.toString();
  };
  const paging: Record<string, unknown> = { cursors: { before: cursor(start), after: cursor(end - 1) } };
  if (start > 0) paging.previous = to("before", cursor(start));
  if (end < items.length) paging.next = to("after", cursor(end - 1));
  return { status: 200, body: { data, paging } };
}

/** The distinct `{{n}}` placeholders of a text. */
const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1])).size;

type Component = { type?: unknown; format?: unknown; text?: unknown; example?: { body_text?: unknown; header_text?: unknown } };

/** The examples a component with `{{n}}` placeholders must carry (B.3's example: body_text [[…]], header_text […]). */
function checkExample(component: Component, kind: "BODY" | "HEADER"): string | null {
  const count = typeof component.text === "string" ? placeholders(component.text) : 0;
  if (count === 0) return null;
  const values = kind === "BODY" ? (component.example?.body_text as unknown[] | undefined)?.[0] : component.example?.header_text;
  const field = kind === "BODY" ? "example.body_text" : "example.header_text";
  if (!Array.isArray(values) || values.length !== count) {
    const got = Array.isArray(values) ? values.length : 0;
    return `Invalid parameter: the ${kind} text has ${count} variable(s) and needs ${field} with ${count} sample value(s), got ${got}`;
  }
  return null;
}

/**
 * Checks a `POST /{WABA-ID}/message_templates` body (B.3 `{name, language, category, components}`); answers the
 * message of a 400 naming the problem, or null. Named (`{{first_name}}`) parameters are not checked.
 */
export function templateProblem(body: unknown): string | null {
  const { name, language, category, components } = (body ?? {}) as Record<string, unknown>;
  if (typeof name !== "string" || !/^[a-z0-9_]{1,512}$/.test(name)) return "Invalid parameter: name must be 1 to 512 lower-case letters, digits or underscores";
  if (typeof language !== "string" || language === "") return "Invalid parameter: language is required";
  if (category !== "MARKETING" && category !== "UTILITY" && category !== "AUTHENTICATION") return "Invalid parameter: category must be MARKETING, UTILITY or AUTHENTICATION";
  if (!Array.isArray(components)) return "Invalid parameter: components must be an array";
  const bodies = (components as Component[]).filter((c) => c?.type === "BODY");
  if (bodies.length !== 1) return "Invalid parameter: components must hold exactly one BODY";
  const [text] = bodies;
  if (typeof text?.text !== "string" || text.text === "") return "Invalid parameter: the BODY component needs text";
  const header = (components as Component[]).find((c) => c?.type === "HEADER" && c.format === "TEXT");
  return checkExample(text, "BODY") ?? (header ? checkExample(header, "HEADER") : null);
}

/** A template id like the M-OAS example `1689556908129832`: 16 digits. */
export const newTemplateId = () => `${randomInt(100_000, 1_000_000)}${randomInt(1_000_000_000, 10_000_000_000)}`;

/** A request body: JSON, or form-encoded (Graph takes both; JSON-looking form values such as `components` are parsed). */
export function parseBody(raw: string, contentType: string | undefined): unknown {
  if (raw === "") return undefined;
  if (contentType?.includes("application/x-www-form-urlencoded")) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(raw)) out[key] = /^[[{]/.test(value) ? parseJson(value) : value;
    return out;
  }
  return parseJson(raw);
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
