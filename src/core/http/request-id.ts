import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type http from "node:http";
import { clientAddress } from "./client-address.js";
import { runInSpan, type TraceIds } from "../runtime/trace-context.js";

// A request id on every log line of a request, without passing it through every function: the
// logger's mixin reads it from the async context the request runs in.

/** Where a request came from, as the audit log records it with each change it makes. */
export interface RequestOrigin {
  requestId: string;
  /** The client's address: the peer's, or through TRUSTED_PROXIES the one they forward for (client-address.ts). */
  address: string | undefined;
  userAgent: string | undefined;
}

const current = new AsyncLocalStorage<RequestOrigin>();

/** The id of the request this code runs for, if any. */
export const currentRequestId = (): string | undefined => current.getStore()?.requestId;

/** The request this code runs for, if any (none in a worker or the admin CLI). */
export const currentRequestOrigin = (): RequestOrigin | undefined => current.getStore();

/** A caller's own X-Request-Id is kept when it is short and plain; otherwise a new one is made. */
function requestIdOf(req: http.IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
}

/** Runs `handle` with the request's id (and its span, when traced) in context, and answers the id in X-Request-Id. */
export function withRequestId<T>(req: http.IncomingMessage, res: http.ServerResponse, trustedProxies: Parameters<typeof clientAddress>[2], handle: () => T, trace?: TraceIds): T {
  const requestId = requestIdOf(req);
  res.setHeader("x-request-id", requestId);
  const agent = req.headers["user-agent"];
  return current.run(
    {
      requestId,
      address: clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies),
      userAgent: typeof agent === "string" ? agent.slice(0, 512) : undefined,
    },
    () => runInSpan(trace, handle),
  );
}
