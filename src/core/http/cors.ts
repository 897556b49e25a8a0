import type http from "node:http";

// Which web pages may call this API from a browser. This service authenticates by API key in a
// header (never a cookie), so credentials are never allowed cross-origin: a page of an allowed
// origin sends its own key, and no page can borrow a visitor's session. By default no other
// origin is allowed; CORS_ORIGINS lists them, or `*` allows any (safe without credentials, but
// it lets any page read the unauthenticated surfaces such as the API document).

const allowedHeaders = "Authorization, X-API-Key, Content-Type, Idempotency-Key, X-Request-Id, X-GraphQL-Yoga-CSRF";
const exposedHeaders = "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id";
const allowedMethods = "GET, HEAD, POST, PUT, DELETE";

export function corsPolicy(origins: readonly string[]) {
  const anyOrigin = origins.includes("*");
  const listed = new Set(origins);
  const allows = (origin: string | undefined): origin is string => origin !== undefined && (anyOrigin || listed.has(origin));
  return {
    /**
     * Sets the CORS headers a request from `Origin` gets, and answers a preflight on its own
     * (true: done). A disallowed origin gets no CORS header at all, so its page cannot read the answer.
     */
    apply(req: http.IncomingMessage, res: http.ServerResponse): boolean {
      const origin = req.headers.origin;
      // The answer depends on Origin whenever a list decides it, so caches must keep them apart.
      if (!anyOrigin && origins.length) res.setHeader("vary", "Origin");
      const preflight = req.method === "OPTIONS" && req.headers["access-control-request-method"] !== undefined;
      if (allows(origin)) {
        res.setHeader("access-control-allow-origin", anyOrigin ? "*" : origin);
        res.setHeader("access-control-expose-headers", exposedHeaders);
      }
      if (!preflight) return false;
      if (allows(origin)) {
        res.setHeader("access-control-allow-methods", allowedMethods);
        res.setHeader("access-control-allow-headers", allowedHeaders);
        res.setHeader("access-control-max-age", "600");
      }
      res.writeHead(204).end();
      return true;
    },
  };
}
