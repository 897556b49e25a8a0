import type { ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Logger } from "pino";
import type { ServiceDeps } from "../deps.js";
import type { Principal } from "../principal.js";
import { ServiceError } from "../errors.js";
import { restError, type RestError } from "./errors.js";
import type { StreamRoute } from "./route.js";
import { WRITTEN, type RestAnswer } from "./node-exchange.js";

// How the REST facade answers a stream route: the route's service opens the bytes with the
// admitted caller (a refusal is an ordinary error answer), then they are piped to the caller's
// connection with backpressure, so the server holds a few buffers of them at a time, never the
// whole. An answer cut short (the source failed, or went past its limit) destroys the connection:
// ending it would tell the caller a truncated file is complete.

export interface StreamRequest {
  /** The query string as the route's `doc.query` parsed it. */
  query?: Record<string, unknown>;
  params: string[];
  principal: Principal;
  /** The rate-limit headers every admitted answer carries. */
  limits: Record<string, string>;
  head: boolean;
  /** Where the bytes go. */
  res: ServerResponse;
}

/** Piped to the Node response; resolves once it is ended or destroyed, so the adapter writes nothing more. */
async function pipeToResponse(res: ServerResponse, body: Readable, headers: Record<string, string>, log: Logger, operationId: string): Promise<typeof WRITTEN> {
  res.writeHead(200, headers);
  try {
    await pipeline(body, res);
  } catch (err) {
    // The caller going away is routine; a source that failed or grew too large is worth a line.
    if (!res.writableFinished && (err as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") {
      log.warn({ route: operationId, reason: err instanceof Error ? err.message : String(err) }, "stream answer cut short");
    }
  }
  return WRITTEN;
}

/** The answer of a stream route, or its error as a RestError for the router to send. */
export async function serveStream(deps: ServiceDeps, route: StreamRoute, request: StreamRequest): Promise<RestAnswer | typeof WRITTEN | RestError> {
  let opened;
  try {
    opened = await route.open(deps, request.principal, request.params, request.query ?? {});
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    return restError(err.code, err.message, err.fields);
  }
  const headers = { ...opened.headers, ...request.limits };
  if (request.head) {
    opened.body.destroy();
    return { status: 200, headers };
  }
  return pipeToResponse(request.res, opened.body, headers, deps.log, route.doc.operationId);
}
