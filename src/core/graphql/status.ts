import { isAsyncIterable, type Plugin } from "graphql-yoga";
import type { ExecutionResult } from "graphql";
import type { ErrorCode } from "../errors.js";
import { Response } from "../http/fetch-api.js";

// Which HTTP status a GraphQL answer gets, by the media type it is answered in.
//
// The GraphQL-over-HTTP spec lets `application/graphql-response+json` carry the error's own status
// (404 for an unknown message, 422 for a variable that cannot be coerced, 502 for a channel
// failure), but says a server SHOULD answer 200 to every well-formed request under
// `application/json`, whose clients must not rely on a body of another status. The GraphQL-over-SSE
// protocol says the same of an event stream: errors found before execution are `next` events on
// an accepted stream. So under those two, a well-formed request whose errors are about the GraphQL
// request itself is answered 200, and the error's code (always in `extensions.code`) says what
// happened. What keeps its status everywhere is what the request could not be taken in for: no
// valid key, the rate limit, the service away, a fault of ours.

/** Codes about the caller's standing or the server, not the operation: their status holds under every media type. */
const transportCodes: ReadonlySet<unknown> = new Set<ErrorCode>([
  "UNAUTHORIZED",
  "ACCOUNT_SUSPENDED",
  "SUBSCRIPTION_EXPIRED",
  "CSRF_HEADER_REQUIRED",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "NOT_ACCEPTABLE",
  "METHOD_NOT_ALLOWED",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
]);

/** Media types whose answers to well-formed requests are 200 whatever their GraphQL errors. */
const alwaysOk = /^(application\/json|text\/event-stream)\s*(;|$)/i;

/** A well-formed request's result whose errors are all about the operation (none is a transport code). */
function operationErrorsOnly(result: ExecutionResult): boolean {
  const errors = result.errors ?? [];
  return errors.length > 0 && !errors.some((e) => transportCodes.has(e.extensions?.code));
}

/** The status of an answer in `contentType` to a well-formed request whose errors may all be about the operation. */
function statusOf(status: number, aboutOperationOnly: boolean, contentType: string): number {
  return status !== 200 && aboutOperationOnly && alwaysOk.test(contentType) ? 200 : status;
}

/** The status a well-formed request is answered with, in the media type `contentType`. */
export function wellFormedStatus(status: number, result: ExecutionResult, contentType: string): number {
  return statusOf(status, operationErrorsOnly(result), contentType);
}

export function statusByMediaType(): Plugin {
  /** Requests whose parameters passed yoga's checks (the spec's "well-formed request"). */
  const wellFormed = new WeakSet<Request>();
  /** Well-formed requests answered with errors about the operation only. */
  const answeredOk = new WeakSet<Request>();
  return {
    onParams({ request, paramsHandler, setParamsHandler }) {
      // The handler runs only once every onParams hook, yoga's parameter checks included, has
      // passed; those leave `operationName` unchecked, and one that is not a string is malformed.
      setParamsHandler((payload) => {
        if (payload.params.operationName == null || typeof payload.params.operationName === "string") wellFormed.add(request);
        return paramsHandler(payload);
      });
    },
    onResultProcess({ request, result }) {
      if (!wellFormed.has(request) || isAsyncIterable(result) || Array.isArray(result)) return;
      if (operationErrorsOnly(result as ExecutionResult)) answeredOk.add(request);
    },
    onResponse(payload) {
      const { request, response } = payload;
      const status = statusOf(response.status, answeredOk.has(request), response.headers.get("content-type") ?? "");
      if (status !== response.status) payload.setResponse(new Response(response.body, { status, headers: response.headers }));
    },
  };
}
