import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type http from "node:http";

// A request id on every log line of a request, without passing it through every function: the
// logger's mixin reads it from the async context the request runs in.

const current = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request this code runs for, if any. */
export const currentRequestId = (): string | undefined => current.getStore()?.requestId;

/** A caller's own X-Request-Id is kept when it is short and plain; otherwise a new one is made. */
function requestIdOf(req: http.IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
}

/** Runs `handle` with the request's id in context, and answers it in X-Request-Id. */
export function withRequestId<T>(req: http.IncomingMessage, res: http.ServerResponse, handle: () => T): T {
  const requestId = requestIdOf(req);
  res.setHeader("x-request-id", requestId);
  return current.run({ requestId }, handle);
}
