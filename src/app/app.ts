import http from "node:http";
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createServerAdapter } from "@whatwg-node/server";
import type { Logger } from "pino";
import type { Config } from "../core/config.js";
import { createLogger } from "../core/logger.js";
import type { Database } from "../core/db/database.js";
import { openServiceDatabase } from "../core/db/startup.js";
import { adminInfoPath } from "../core/db/data-dir-lock.js";
import type { ServiceDeps } from "../core/deps.js";
import { createRuntime } from "./runtime.js";
import { seedDemoTenant } from "../features/admin/demo-seed.js";
import type { SimulatorChannel } from "../core/channels/simulator.js";
import { createGraphQLServer } from "../core/graphql/server.js";
import { schema } from "./schema.js";
import { routes } from "./rest-routes.js";
import { GRAPHIQL_ASSETS, serveGraphiQLAsset } from "../core/graphql/graphiql.js";
import { createRestHandler, REST_PREFIX, restRouteTemplate } from "../core/rest/router.js";
import { restError } from "../core/rest/errors.js";
import { createAdminHandler } from "../features/admin/admin-routes.js";
import { createReceiptHandler, RECEIPT_PATHS } from "../features/inbound/receipt-routes.js";
import { attachGraphQLWebSocket } from "../features/live/websocket.js";
import { checkReadiness } from "../features/operations/readiness.js";
import { isUnavailable, unavailableError, UNAVAILABLE_HEADERS } from "../core/unavailable.js";
import { createListener, sendError, UNMATCHED_ROUTE, type Surface } from "../core/http/server.js";
import { AUTH_CHANNEL, QueueSignal } from "../core/queue/queue-signal.js";
import { forgetCachedKeys } from "../core/auth/key-cache.js";

export interface App {
  deps: ServiceDeps;
  database: Database;
  channel: SimulatorChannel;
  /** Printed once, on the first start of an empty embedded database. */
  demoKey: string | undefined;
  adminToken: string;
  /** Listens on the configured host and port (0: any free port); resolves to the base URL. */
  listen(): Promise<string>;
  /** The admin listener's base URL once listening, when ADMIN_PORT is set. */
  adminUrl: string | undefined;
  close(): Promise<void>;
}

function errorHandler<C>(log: Logger, handler: (req: Request, context: C) => Promise<Response>) {
  return async (request: Request, context: C): Promise<Response> => {
    try {
      return await handler(request, context);
    } catch (err) {
      if (isUnavailable(err)) {
        // The database or Redis is away (restarting): the caller retries; not a bug of ours.
        log.warn({ err }, "request refused: a dependency is unavailable");
        const e = restError("SERVICE_UNAVAILABLE", unavailableError().message);
        return Response.json(e.body, { status: e.status, headers: UNAVAILABLE_HEADERS });
      }
      log.error({ err }, "request failed");
      const e = restError("INTERNAL_ERROR", "Unexpected error.");
      return Response.json(e.body, { status: e.status });
    }
  };
}

const exactly = (path: string) => (pathname: string) => (pathname === path ? path : undefined);

const baseUrl = (server: http.Server, host: string) => {
  const { port } = server.address() as AddressInfo;
  return `http://${host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host}:${port}`;
};

function listenOn(server: http.Server, port: number, host: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(baseUrl(server, host)));
  });
}

export async function createApp(config: Config, options: { log?: Logger; embeddedDump?: Blob } = {}): Promise<App> {
  const log = options.log ?? createLogger(config);
  const database = await openServiceDatabase(config, { log, ...(options.embeddedDump ? { embeddedDump: options.embeddedDump } : {}) });

  const { deps, worker, webhooks: webhookDispatcher, housekeeper, channels } = createRuntime(config, database, log);
  const { clock } = deps;
  const demoKey = config.seedDemo ? await seedDemoTenant(database.prisma, clock) : undefined;

  const yoga = createGraphQLServer(deps, schema);
  const rest = createServerAdapter(errorHandler(log, createRestHandler(yoga, deps, routes)));
  const adminToken = config.adminToken ?? randomBytes(24).toString("base64url");
  const admin = createServerAdapter<{ req: http.IncomingMessage }>(errorHandler(log, createAdminHandler(database.prisma, adminToken, config, config.maxBodyBytes)));
  const receipts = createServerAdapter(errorHandler(log, createReceiptHandler(deps)));

  // Requests still being handled, awaited at shutdown before the database closes: a client that
  // hung up does not stop its request from finishing.
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: unknown) => {
    const p = Promise.resolve(work).catch((err: unknown) => log.error({ err }, "request handler failed"));
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

  const probes: Surface[] = [
    { claims: exactly("/healthz"), handle: (_, res) => json(res, 200, { status: "ok" }) },
    {
      claims: exactly("/readyz"),
      handle: (_, res) => track(checkReadiness(deps).then(({ ready, checks }) => json(res, ready ? 200 : 503, { status: ready ? "ready" : "not ready", checks }))),
    },
  ];
  // Operator surfaces: on the admin listener when there is one, else on the main one.
  const operator: Surface[] = [
    { claims: (p) => (p === "/admin/commands" ? p : p.startsWith("/admin/") ? UNMATCHED_ROUTE : undefined), handle: (req, res) => track(admin(req, res)) },
    {
      claims: exactly("/metrics"),
      handle: (_, res) =>
        track(deps.metrics.registry.metrics().then((text) => res.writeHead(200, { "content-type": deps.metrics.registry.contentType }).end(text))),
    },
  ];
  const separateAdmin = config.admin.port !== undefined;
  const api: Surface[] = [
    { claims: (p) => (p === REST_PREFIX || p.startsWith(`${REST_PREFIX}/`) ? (restRouteTemplate(routes, p) ?? UNMATCHED_ROUTE) : undefined), handle: (req, res) => track(rest(req, res)) },
    { claims: exactly("/graphql"), handle: (req, res) => track(yoga(req, res)) },
    {
      claims: (p) => (p.startsWith(`${GRAPHIQL_ASSETS}/`) ? GRAPHIQL_ASSETS : undefined),
      handle: (req, res, pathname) => {
        if (req.method !== "GET" && req.method !== "HEAD") return sendError(res, "METHOD_NOT_ALLOWED", "Use GET.", { allow: "GET, HEAD" });
        const asset = serveGraphiQLAsset(pathname);
        res.writeHead(asset.status, asset.headers).end(req.method === "HEAD" ? undefined : asset.body);
      },
    },
    { claims: (p) => RECEIPT_PATHS.find((r) => r === p), handle: (req, res) => track(receipts(req, res)) },
    ...probes,
    ...(separateAdmin ? [] : operator),
    { claims: exactly("/"), handle: (_, res) => res.writeHead(302, { location: "/graphql" }).end() },
  ];
  const server = createListener({ log, metrics: deps.metrics, corsOrigins: config.corsOrigins, surfaces: api, notFound: `The REST API is under ${REST_PREFIX}, GraphQL at /graphql.` });
  const adminServer = separateAdmin
    ? createListener({ log, metrics: deps.metrics, corsOrigins: [], surfaces: [...operator, ...probes], notFound: "This listener serves /admin/commands, /metrics, /healthz and /readyz." })
    : undefined;
  // Another process changed a key, tenant, plan or send window (a trigger announces it): the
  // cached keys go (key-cache.ts). The embedded database has no other process.
  const authSignal = database.connection && config.authCacheMs > 0 ? new QueueSignal(database.prisma, database.connection, log, AUTH_CHANNEL) : undefined;
  authSignal?.listen(() => forgetCachedKeys(database.prisma));
  const websockets = attachGraphQLWebSocket(server, yoga, deps);
  deps.metrics.countConnections = () => websockets.connections;
  deps.metrics.countFanoutGroups = () => websockets.fanoutGroups;

  let adminUrl: string | undefined;
  const embeddedOnDisk = !config.databaseUrl && !config.dataDir.startsWith("memory://");
  // This process holds the data directory's lock now, so an admin.json here was left by a server
  // that did not stop cleanly (SIGKILL, a crash): replaced at listen, and until then not trusted.
  if (embeddedOnDisk && fs.existsSync(adminInfoPath(config.dataDir))) {
    log.warn({ path: adminInfoPath(config.dataDir) }, "removing admin.json left by a server that did not stop cleanly");
    fs.rmSync(adminInfoPath(config.dataDir), { force: true });
  }
  let closing: Promise<void> | undefined;

  return {
    deps,
    database,
    channel: channels.simulator,
    demoKey,
    adminToken,
    get adminUrl() {
      return adminUrl;
    },
    async listen() {
      const url = await listenOn(server, config.port, config.host);
      if (adminServer) adminUrl = await listenOn(adminServer, config.admin.port ?? 0, config.admin.host);
      if (embeddedOnDisk) {
        fs.writeFileSync(adminInfoPath(config.dataDir), JSON.stringify({ url: adminUrl ?? url, token: adminToken, pid: process.pid }), { mode: 0o600 });
      }
      if (config.worker.enabled) {
        worker.start();
        webhookDispatcher.start();
        housekeeper.start();
      }
      return url;
    },
    close() {
      closing ??= (async () => {
        channels.simulator.stopReplies();
        await Promise.all([worker.stop(), webhookDispatcher.stop(), housekeeper.stop()]);
        await websockets.close();
        // Stop accepting, let running requests finish, then drop the kept-alive sockets.
        const listeners = adminServer ? [server, adminServer] : [server];
        const closed = Promise.all(listeners.map((l) => new Promise<void>((resolve) => l.close(() => resolve()))));
        for (const l of listeners) l.closeIdleConnections();
        await Promise.allSettled([...inFlight]);
        for (const l of listeners) l.closeAllConnections();
        await closed;
        if (embeddedOnDisk) fs.rmSync(adminInfoPath(config.dataDir), { force: true });
        await deps.events.close();
        await deps.rateLimiter.close();
        await deps.subscriptionSlots.close();
        await deps.liveAuth.close();
        await authSignal?.close();
        await database.close();
      })();
      return closing;
    },
  };
}
