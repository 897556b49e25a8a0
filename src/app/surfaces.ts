import type http from "node:http";
import type { Logger } from "pino";
import { createServerAdapter } from "@whatwg-node/server";
import type { Config } from "../core/config.js";
import type { Database } from "../core/db/database.js";
import type { ServiceDeps } from "../core/deps.js";
import type { GraphQLServer } from "../core/graphql/server.js";
import { GRAPHIQL_ASSETS, serveGraphiQLAsset } from "../core/graphql/graphiql.js";
import { createRestHandler, REST_PREFIX, restRouteTemplate } from "../core/rest/router.js";
import { restError } from "../core/rest/errors.js";
import { isUnavailable, unavailableError, UNAVAILABLE_HEADERS } from "../core/unavailable.js";
import { sendError, UNMATCHED_ROUTE, type Surface } from "../core/http/server.js";
import type { StaticAnswer } from "../core/http/static-assets.js";
import { createAdminHandler } from "../features/admin/admin-routes.js";
import { createOperatorSessionHandler, OPERATOR_SESSION_PATH } from "../features/admin/operator-session-routes.js";
import { createViewAsHandler, OPERATOR_VIEW_AS_PATH } from "../features/admin/view-as-route.js";
import { createHealthHandler, OPERATOR_HEALTH_PATH } from "../features/admin/health-route.js";
import { OPERATOR_CONSOLE_ASSETS, OPERATOR_CONSOLE_PATH, operatorConsoleAsset, operatorConsolePage } from "../features/operator-console/index.js";
import { createReceiptHandler, RECEIPT_PATHS } from "../features/inbound/receipt-routes.js";
import { applyWahaSessionEvents } from "../features/number-links/index.js";
import { CHATWOOT_WEBHOOK_PATH, createChatwootReceiver } from "../features/chatwoot/index.js";
import { checkReadiness } from "../features/operations/readiness.js";
import { CALLBACK_PATH, handleCallback, handleStripeWebhook, handleWebhook, STRIPE_WEBHOOK_PATH, WEBHOOK_PATH } from "../features/billing/index.js";
import { routes } from "./rest-routes.js";
import {
  CONSOLE_ASSETS,
  CONSOLE_EXPORTS_PATH,
  CONSOLE_INVOICES_PATH,
  CONSOLE_LINK_PATH,
  CONSOLE_PATH,
  CONSOLE_SESSION_PATH,
  CONSOLE_TWO_FACTOR_CONFIRM_PATH,
  CONSOLE_TWO_FACTOR_PATH,
  consoleAsset,
  consolePage,
  createConsoleSessionHandler,
  createExportDownloadHandler,
  createInvoiceDownloadHandler,
  createStaffHandler,
} from "../features/console/index.js";
import { Response } from "../core/http/fetch-api.js";
import { restRequestOf, writeAnswer, WRITTEN, type RestAnswer } from "../core/rest/node-exchange.js";
import { createGraphQLPostHandler } from "../core/http/graphql-post.js";
import { BodyCutShort } from "../core/http/body.js";

// What each listener serves, path by path: the API (REST, GraphQL, GraphiQL's assets, provider
// callbacks), the probes, and the operator's surfaces (on the admin listener when there is one).

/** A handler's unexpected failure in the documented error shape, logged: 503 for a dependency away, else 500. */
function faultAnswer(log: Logger, err: unknown): RestAnswer & { body: string } {
  const json = { "content-type": "application/json; charset=utf-8" };
  if (isUnavailable(err)) {
    // The database or Redis is away (restarting): the caller retries; not a bug of ours.
    log.warn({ err }, "request refused: a dependency is unavailable");
    const e = restError("SERVICE_UNAVAILABLE", unavailableError().message);
    return { status: e.status, headers: { ...json, ...UNAVAILABLE_HEADERS }, body: JSON.stringify(e.body) };
  }
  log.error({ err }, "request failed");
  const e = restError("INTERNAL_ERROR", "Unexpected error.");
  return { status: e.status, headers: json, body: JSON.stringify(e.body) };
}

/** A Fetch handler whose unexpected failure is answered by `faultAnswer`. */
function errorHandler<C>(log: Logger, handler: (req: Request, context: C) => Promise<Response>) {
  return async (request: Request, context: C): Promise<Response> => {
    try {
      return await handler(request, context);
    } catch (err) {
      const a = faultAnswer(log, err);
      return new Response(a.body, { status: a.status, headers: a.headers });
    }
  };
}

/** The REST facade on Node's request and response (node-exchange.ts), its failures answered by `faultAnswer`. */
function restSurfaceHandler(log: Logger, handler: ReturnType<typeof createRestHandler>) {
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    let answer: RestAnswer | typeof WRITTEN;
    try {
      answer = await handler(restRequestOf(req, res));
    } catch (err) {
      if (err instanceof BodyCutShort) return void log.debug("request closed before its body ended");
      answer = faultAnswer(log, err);
    }
    writeAnswer(res, answer);
  };
}

/** A GET (or HEAD) answered from `answer`; any other method is 405. For the files and pages served as they are. */
const onlyGet = (answer: (req: http.IncomingMessage, pathname: string) => StaticAnswer) => (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
  if (req.method !== "GET" && req.method !== "HEAD") return sendError(res, "METHOD_NOT_ALLOWED", "Use GET.", { allow: "GET, HEAD" });
  const a = answer(req, pathname);
  res.writeHead(a.status, a.headers).end(req.method === "HEAD" ? undefined : a.body);
};

const exactly = (path: string) => (pathname: string) => (pathname === path ? path : undefined);

const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

export interface SurfaceParts {
  config: Config;
  deps: ServiceDeps;
  database: Database;
  log: Logger;
  yoga: GraphQLServer;
  adminToken: string;
  /** Keeps a request's work until it ends, so shutdown can wait for it. */
  track: (work: unknown) => void;
}

/** `/healthz` (alive) and `/readyz` (the database, migrations and Redis answer). */
export function probeSurfaces({ deps, track }: SurfaceParts): Surface[] {
  return [
    { claims: exactly("/healthz"), handle: (_, res) => json(res, 200, { status: "ok" }) },
    {
      claims: exactly("/readyz"),
      handle: (_, res) => track(checkReadiness(deps).then(({ ready, checks }) => json(res, ready ? 200 : 503, { status: ready ? "ready" : "not ready", checks }))),
    },
  ];
}

/** The operator console's page and files, `/admin/session`, `/admin/view-as`, `/admin/health`, `/admin/commands` and `/metrics`. */
export function operatorSurfaces({ config, deps, log, adminToken, track }: SurfaceParts): Surface[] {
  const admin = createServerAdapter<{ req: http.IncomingMessage }>(
    errorHandler(log, createAdminHandler(deps, adminToken, { ...config, clock: deps.clock, services: deps }, config.maxBodyBytes)),
  );
  const operatorSession = createServerAdapter(errorHandler(log, createOperatorSessionHandler(deps)));
  const viewAs = createServerAdapter(errorHandler(log, createViewAsHandler(deps, config.consoleUrl)));
  const health = createServerAdapter(errorHandler(log, createHealthHandler(deps)));
  return [
    {
      claims: (p) => (p === OPERATOR_CONSOLE_PATH || p === `${OPERATOR_CONSOLE_PATH}/` ? OPERATOR_CONSOLE_PATH : undefined),
      handle: onlyGet((req) => operatorConsolePage(req.headers["accept-language"])),
    },
    { claims: (p) => (p.startsWith(`${OPERATOR_CONSOLE_ASSETS}/`) ? OPERATOR_CONSOLE_ASSETS : undefined), handle: onlyGet((_, pathname) => operatorConsoleAsset(pathname)) },
    { claims: exactly(OPERATOR_SESSION_PATH), handle: (req, res) => track(operatorSession(req, res)) },
    { claims: exactly(OPERATOR_VIEW_AS_PATH), handle: (req, res) => track(viewAs(req, res)) },
    { claims: exactly(OPERATOR_HEALTH_PATH), handle: (req, res) => track(health(req, res)) },
    { claims: (p) => (p === "/admin/commands" ? p : p.startsWith("/admin/") ? UNMATCHED_ROUTE : undefined), handle: (req, res) => track(admin(req, res)) },
    {
      claims: exactly("/metrics"),
      handle: (_, res) => track(deps.metrics.registry.metrics().then((text) => res.writeHead(200, { "content-type": deps.metrics.registry.contentType }).end(text))),
    },
  ];
}

/** REST under /api/v1, GraphQL and GraphiQL's assets, the providers' callbacks, and `/` to GraphiQL. */
export function apiSurfaces({ deps, log, yoga, track }: SurfaceParts): Surface[] {
  const rest = restSurfaceHandler(log, createRestHandler(yoga, deps, routes));
  const graphql = createGraphQLPostHandler(yoga, deps);
  const receipts = createServerAdapter(errorHandler(log, createReceiptHandler(deps, applyWahaSessionEvents)));
  const chatwoot = createServerAdapter(errorHandler(log, createChatwootReceiver(deps)));
  const billing = (handler: typeof handleWebhook) => (req: http.IncomingMessage, res: http.ServerResponse) =>
    track(handler(deps, req, res).catch((err: unknown) => writeAnswer(res, faultAnswer(log, err))));
  return [
    // The plans on sale are public (no key), so they are served before the REST facade claims the path.
    { claims: exactly(WEBHOOK_PATH), handle: billing(handleWebhook) },
    { claims: exactly(CALLBACK_PATH), handle: billing(handleCallback) },
    { claims: exactly(STRIPE_WEBHOOK_PATH), handle: billing(handleStripeWebhook) },
    {
      claims: (p) => (p === REST_PREFIX || p.startsWith(`${REST_PREFIX}/`) ? (restRouteTemplate(routes, p) ?? UNMATCHED_ROUTE) : undefined),
      handle: (req, res) => track(rest(req, res)),
    },
    { claims: exactly("/graphql"), handle: (req, res) => track(graphql(req, res)) },
    { claims: (p) => (p.startsWith(`${GRAPHIQL_ASSETS}/`) ? GRAPHIQL_ASSETS : undefined), handle: onlyGet((_, pathname) => serveGraphiQLAsset(pathname)) },
    { claims: (p) => RECEIPT_PATHS.find((r) => r === p), handle: (req, res) => track(receipts(req, res)) },
    // The template, not the path, names the route in logs and metrics: the path holds the bridge's secret.
    { claims: (p) => (p.startsWith(`${CHATWOOT_WEBHOOK_PATH}/`) ? `${CHATWOOT_WEBHOOK_PATH}/{secret}` : undefined), handle: (req, res) => track(chatwoot(req, res)) },
    ...consoleSurfaces(deps, log, track),
    { claims: exactly("/"), handle: (_, res) => res.writeHead(302, { location: "/graphql" }).end() },
  ];
}

/** The console: its page, its hashed files, its sign-in, exports' files and invoices' PDFs (features/console). */
function consoleSurfaces(deps: ServiceDeps, log: Logger, track: (work: unknown) => void): Surface[] {
  const session = createServerAdapter(errorHandler(log, createConsoleSessionHandler(deps)));
  const staff = createServerAdapter(errorHandler(log, createStaffHandler(deps)));
  const downloads = createServerAdapter(errorHandler(log, createExportDownloadHandler(deps)));
  const invoices = createServerAdapter(errorHandler(log, createInvoiceDownloadHandler(deps)));
  const staffPaths = [CONSOLE_LINK_PATH, CONSOLE_TWO_FACTOR_PATH, CONSOLE_TWO_FACTOR_CONFIRM_PATH];
  return [
    // The template, not the path, names the route in logs and metrics.
    { claims: (p) => (p.startsWith(`${CONSOLE_EXPORTS_PATH}/`) ? `${CONSOLE_EXPORTS_PATH}/{id}/download` : undefined), handle: (req, res) => track(downloads(req, res)) },
    { claims: (p) => (p.startsWith(`${CONSOLE_INVOICES_PATH}/`) ? `${CONSOLE_INVOICES_PATH}/{id}/pdf` : undefined), handle: (req, res) => track(invoices(req, res)) },
    { claims: exactly(CONSOLE_SESSION_PATH), handle: (req, res) => track(session(req, res)) },
    { claims: (p) => staffPaths.find((s) => s === p), handle: (req, res) => track(staff(req, res)) },
    { claims: (p) => (p.startsWith(`${CONSOLE_ASSETS}/`) ? CONSOLE_ASSETS : undefined), handle: onlyGet((_, pathname) => consoleAsset(pathname)) },
    {
      claims: (p) => (p === CONSOLE_PATH || p === `${CONSOLE_PATH}/` ? CONSOLE_PATH : undefined),
      handle: onlyGet((req) => consolePage(req.headers["accept-language"], deps.config.signup.mode)),
    },
  ];
}
