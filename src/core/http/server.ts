import http from "node:http";
import type { Logger } from "pino";
import { endRequestSpan, idsOf, startRequestSpan, type Tracing } from "../runtime/tracing.js";
import type { Metrics } from "../runtime/metrics.js";
import { restError } from "../rest/errors.js";
import type { ErrorCode } from "../errors.js";
import { corsPolicy } from "./cors.js";
import { withRequestId } from "./request-id.js";
import { parseTrustedProxies } from "./client-address.js";
import { answerClientErrors, malformedRequest, shown } from "./request-guard.js";
import { closeConnectionsLingering } from "./lingering-close.js";

// One HTTP listener: requests refused when malformed, given an id, CORS headers, a metrics sample
// and one log line, then handed to the surfaces it serves. The main listener and the optional
// admin listener are both made here, so both hold the same rules.

/** The label of requests no surface serves: one value, whatever paths callers invent. */
export const UNMATCHED_ROUTE = "unmatched";
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A part of the server: which paths are its, their metrics label, and how it answers. */
export interface Surface {
  /** The label for `pathname` when this surface serves it (a route template, never a raw path), else undefined. */
  claims(pathname: string): string | undefined;
  handle(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): void | Promise<unknown>;
}

/** Paths nobody needs to see in the request log on every scrape and probe. */
const quiet = new Set(["/healthz", "/readyz", "/metrics"]);

export function sendError(res: http.ServerResponse, code: ErrorCode, message: string, headers: Record<string, string> = {}): void {
  const e = restError(code, message);
  res.writeHead(e.status, { "content-type": "application/json; charset=utf-8", ...headers }).end(JSON.stringify(e.body));
}

export function createListener(options: {
  log: Logger;
  metrics: Metrics;
  corsOrigins: readonly string[];
  /** TRUSTED_PROXIES: whose X-Forwarded-For names the client (client-address.ts). */
  trustedProxies: readonly string[];
  surfaces: Surface[];
  notFound: string;
  /** When tracing is on: a server span for each request (core/runtime/tracing.ts). */
  tracing?: Tracing | undefined;
}): http.Server {
  const { log, metrics, surfaces } = options;
  const proxies = parseTrustedProxies(options.trustedProxies);
  const cors = corsPolicy(options.corsOrigins);
  // Without a Host header the request is refused below, in the error shape, rather than by Node with no body.
  const server = http.createServer({ requireHostHeader: false }, (req, res) => {
    const started = performance.now();
    // The path only: a query string may carry an api_key.
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    let route = UNMATCHED_ROUTE;
    const span = options.tracing && startRequestSpan(options.tracing, req);
    res.once("finish", () => {
      const method = METHODS.has(req.method ?? "") ? req.method! : "other";
      metrics.httpDuration.observe({ method, route, status: String(res.statusCode) }, (performance.now() - started) / 1000);
      if (span) endRequestSpan(span, method, route, res.statusCode);
      // A route whose path holds a secret (its label says `{secret}`) is logged by its label.
      if (!quiet.has(pathname))
        log.info(
          { method: req.method, path: route.includes("{secret}") ? route : pathname.slice(0, 512), status: res.statusCode, ms: Math.round(performance.now() - started) },
          "request",
        );
    });
    void withRequestId(
      req,
      res,
      proxies,
      () => {
        const malformed = malformedRequest(req);
        // The connection is not kept: what follows a malformed request cannot be trusted to be framed right.
        if (malformed) return sendError(res, "BAD_REQUEST", malformed, { connection: "close" });
        let serving: Surface | undefined;
        for (const surface of surfaces) {
          const label = surface.claims(pathname);
          if (label === undefined) continue;
          [route, serving] = [label, surface];
          break;
        }
        if (cors.apply(req, res)) return;
        if (serving) return serving.handle(req, res, pathname);
        sendError(res, "NOT_FOUND", `Nothing at ${shown(pathname)}. ${options.notFound}`);
      },
      span && idsOf(span),
    );
  });
  answerClientErrors(server);
  closeConnectionsLingering(server);
  server.keepAliveTimeout = 65_000;
  return server;
}
