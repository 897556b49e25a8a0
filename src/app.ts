import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createServerAdapter } from "@whatwg-node/server";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import { createLogger } from "./logger.js";
import { openDatabase, type Database } from "./db/database.js";
import type { ServiceDeps } from "./services/deps.js";
import { createRuntime } from "./runtime.js";
import { seedDemoTenant } from "./services/demo-seed.js";
import type { SimulatorChannel } from "./channels/simulator.js";
import { createGraphQLServer } from "./http/graphql.js";
import { GRAPHIQL_ASSETS, serveGraphiQLAsset } from "./http/graphiql.js";
import { createRestHandler, REST_PREFIX } from "./rest/router.js";
import { restError } from "./rest/errors.js";
import { createAdminHandler } from "./http/admin.js";
import { createWebhookHandler } from "./http/webhooks.js";
import { attachGraphQLWebSocket } from "./http/websocket.js";
import { checkReadiness } from "./services/readiness.js";
import { withRequestId } from "./http/request-id.js";
import { routeLabel } from "./metrics.js";

export interface App {
  deps: ServiceDeps;
  database: Database;
  channel: SimulatorChannel;
  /** Printed once, on the first start of an empty embedded database. */
  demoKey: string | undefined;
  adminToken: string;
  /** Listens on the configured host and port (0: any free port); resolves to the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** Where a running embedded-database server tells the admin CLI how to reach it. */
export const adminInfoPath = (dataDir: string) => path.join(dataDir, "admin.json");

function errorHandler(log: Logger, handler: (req: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    try {
      return await handler(request);
    } catch (err) {
      log.error({ err }, "request failed");
      const e = restError("INTERNAL_ERROR", "Unexpected error.");
      return Response.json(e.body, { status: e.status });
    }
  };
}

export async function createApp(config: Config, options: { log?: Logger } = {}): Promise<App> {
  const log = options.log ?? createLogger(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax });
  try {
    const applied = await database.migrate();
    if (applied.length) log.info({ applied }, "database migrations applied");
  } catch (err) {
    await database.close();
    throw err;
  }

  const { deps, worker, webhooks: webhookDispatcher, housekeeper, channels } = createRuntime(config, database, log);
  const { clock } = deps;
  const demoKey = config.seedDemo ? await seedDemoTenant(database.prisma, clock) : undefined;

  const yoga = createGraphQLServer(deps, { demoKey });
  const rest = createServerAdapter(errorHandler(log, createRestHandler(yoga, config.maxBodyBytes)));
  const adminToken = config.adminToken ?? randomBytes(24).toString("base64url");
  const admin = createServerAdapter(errorHandler(log, createAdminHandler(database.prisma, adminToken, config)));
  const webhooks = createServerAdapter(errorHandler(log, createWebhookHandler(deps)));

  // Requests still being handled, awaited at shutdown before the database closes: a client that
  // hung up does not stop its request from finishing.
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: unknown) => {
    const p = Promise.resolve(work).catch((err: unknown) => log.error({ err }, "request handler failed"));
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  const server = http.createServer((req, res) => {
    const started = performance.now();
    // The path only: a query string may carry an api_key.
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    res.once("finish", () => {
      const route = routeLabel(pathname);
      deps.metrics.httpDuration.observe({ method: req.method ?? "", route, status: String(res.statusCode) }, (performance.now() - started) / 1000);
      if (pathname !== "/healthz" && pathname !== "/readyz" && pathname !== "/metrics") {
        log.info({ method: req.method, path: pathname, status: res.statusCode, ms: Math.round(performance.now() - started) }, "request");
      }
    });
    withRequestId(req, res, () => route(req, res, pathname));
  });
  const route = (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
    if (pathname.startsWith(`${REST_PREFIX}/`)) return track(rest(req, res));
    if (pathname === "/graphql") return track(yoga(req, res));
    if (pathname.startsWith(`${GRAPHIQL_ASSETS}/`) && (req.method === "GET" || req.method === "HEAD")) {
      const asset = serveGraphiQLAsset(pathname);
      res.writeHead(asset.status, asset.headers).end(req.method === "HEAD" ? undefined : asset.body);
      return;
    }
    if (pathname.startsWith("/admin/")) return track(admin(req, res));
    if (pathname.startsWith("/webhooks/")) return track(webhooks(req, res));
    if (pathname === "/readyz") {
      return track(
        checkReadiness(deps).then(({ ready, checks }) => {
          res.writeHead(ready ? 200 : 503, { "content-type": "application/json" }).end(JSON.stringify({ status: ready ? "ready" : "not ready", checks }));
        }),
      );
    }
    if (pathname === "/metrics") {
      return track(
        deps.metrics.registry.metrics().then((text) => {
          res.writeHead(200, { "content-type": deps.metrics.registry.contentType }).end(text);
        }),
      );
    }
    if (pathname === "/healthz") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
      return;
    }
    if (pathname === "/") {
      res.writeHead(302, { location: "/graphql" }).end();
      return;
    }
    const e = restError("NOT_FOUND", `Nothing at ${pathname}. The REST API is under ${REST_PREFIX}, GraphQL at /graphql.`);
    res.writeHead(e.status, { "content-type": "application/json" }).end(JSON.stringify(e.body));
  };
  server.keepAliveTimeout = 65_000;
  const websockets = attachGraphQLWebSocket(server, yoga, deps);
  deps.metrics.countConnections = () => websockets.connections;
  deps.metrics.countFanoutGroups = () => websockets.fanoutGroups;

  const embeddedOnDisk = !config.databaseUrl && !config.dataDir.startsWith("memory://");
  let closing: Promise<void> | undefined;

  return {
    deps,
    database,
    channel: channels.simulator,
    demoKey,
    adminToken,
    async listen() {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(config.port, config.host, () => resolve());
      });
      const { port } = server.address() as AddressInfo;
      const url = `http://${config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host}:${port}`;
      if (embeddedOnDisk) {
        fs.writeFileSync(adminInfoPath(config.dataDir), JSON.stringify({ url, token: adminToken, pid: process.pid }), { mode: 0o600 });
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
        await Promise.all([worker.stop(), webhookDispatcher.stop(), housekeeper.stop()]);
        await websockets.close();
        // Stop accepting, let running requests finish, then drop the kept-alive sockets.
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await Promise.allSettled([...inFlight]);
        server.closeAllConnections();
        await closed;
        if (embeddedOnDisk) fs.rmSync(adminInfoPath(config.dataDir), { force: true });
        await deps.events.close();
        await deps.rateLimiter.close();
        await deps.subscriptionSlots.close();
        await database.close();
      })();
      return closing;
    },
  };
}
