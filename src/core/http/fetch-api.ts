import { Request as FetchRequest, Response as FetchResponse } from "@whatwg-node/fetch";

/**
 * The Fetch classes our Fetch handlers answer with (every surface but the REST facade, which
 * writes Node's response itself: rest/node-exchange.ts): @whatwg-node's, the ones yoga and
 * @whatwg-node/server use. The server adapter writes such a Response's string body to the socket
 * in one call; Node's own Response would be read back through a web stream first (a ReadableStream,
 * a reader and a TextEncoder per answer). ESLint keeps the globals out of src/ (no-restricted-globals).
 */

/** A Headers object (Node's or the ponyfill's), rather than a record or a list of pairs. */
const isHeadersObject = (headers: HeadersInit | undefined): headers is globalThis.Headers => typeof (headers as { get?: unknown } | undefined)?.get === "function";

/**
 * The init with headers of its own. The ponyfill writes into the header record it is given
 * (`Response.json` adds content-type and content-length unless present), so a shared constant
 * such as a no-store record would carry one answer's Content-Length into the next. A Headers
 * object is taken as the caller's own and is not copied.
 */
export function ownedInit(init: ResponseInit | undefined): ResponseInit | undefined {
  if (!init) return init;
  const { headers } = init;
  if (!headers || isHeadersObject(headers)) return { ...init };
  if (Array.isArray(headers)) return { ...init, headers: headers.map(([name, value]) => [name, value] as [string, string]) };
  return { ...init, headers: { ...headers } };
}

export class Response extends FetchResponse {
  constructor(body?: BodyInit | null, init?: ResponseInit) {
    super(body, ownedInit(init));
  }

  /** As the standard's: a JSON body, `application/json` unless the init names a type. */
  static override json(data: unknown, init?: ResponseInit): Response {
    return new Response(JSON.stringify(data), withJsonType(ownedInit(init) ?? {}));
  }
}

const JSON_TYPE = "application/json; charset=utf-8";

/** `init` (already owned) with a JSON content type unless it names one; the length is the constructor's. */
function withJsonType(init: ResponseInit): ResponseInit {
  const { headers } = init;
  if (isHeadersObject(headers)) {
    if (!headers.has("content-type")) headers.set("content-type", JSON_TYPE);
    return init;
  }
  if (Array.isArray(headers)) {
    return headers.some(([name]) => name.toLowerCase() === "content-type") ? init : { ...init, headers: [...headers, ["content-type", JSON_TYPE]] };
  }
  const record = headers ?? {};
  return Object.keys(record).some((name) => name.toLowerCase() === "content-type") ? init : { ...init, headers: { ...record, "content-type": JSON_TYPE } };
}

export const Request = FetchRequest;
export type Request = globalThis.Request;
