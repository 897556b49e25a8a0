import type http from "node:http";
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import type { AddressInfo, Socket } from "node:net";
import type { Logger } from "pino";
import type { Config } from "../core/config.js";
import { createLogger } from "../core/runtime/logger.js";
import { settlesWithin } from "../core/runtime/lifecycle.js";
import type { Database } from "../core/db/database.js";
import { openServiceDatabase } from "../core/db/startup.js";
import { adminInfoPath } from "../core/db/data-dir-lock.js";
import type { ServiceDeps } from "../core/deps.js";
import type { SimulatorChannel } from "../core/channels/simulator.js";
import { createGraphQLServer } from "../core/graphql/server.js";
import { REST_PREFIX } from "../core/rest/router.js";
import { createListener } from "../core/http/server.js";
import { AUTH_CHANNEL, QueueSignal } from "../core/queue/queue-signal.js";
import { forgetCachedKeys } from "../core/auth/key-cache.js";
import { seedDemoTenant } from "../features/admin/demo-seed.js";
import { attachGraphQLWebSocket } from "../features/live/websocket.js";
import { createRuntime } from "./runtime.js";
import { schema } from "./schema.js";
import { apiSurfaces, operatorSurfaces, probeSurfaces, type SurfaceParts } from "./surfaces.js";

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

/**
 * Requests still being handled, awaited at shutdown before the database closes: a client that
 * hung up does not stop its request from finishing.
 */
function requestTracker(log: Logger) {
  const inFlight = new Set<Promise<unknown>>();
  return {
    track: (work: unknown) => {
      const p = Promise.resolve(work).catch((err: unknown) => log.error({ err }, "request handler failed"));
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    },
    settled: () => Promise.allSettled([...inFlight]),
    count: () => inFlight.size,
  };
}

/**
 * Every socket the listeners accepted and still hold, including those HTTP no longer tracks: an
 * upgrade, or a connection answered and half-closed (a refused upgrade, a request Node could not
 * parse) whose peer keeps its own half open, which would hold the listener's close() for ever.
 */
function openSockets(listeners: http.Server[]) {
  const open = new Set<Socket>();
  for (const l of listeners) {
    l.on("connection", (socket: Socket) => {
      open.add(socket);
      socket.once("close", () => open.delete(socket));
    });
  }
  return {
    /** Destroys every one still open; returns how many. */
    cut: () => {
      const count = open.size;
      for (const socket of open) socket.destroy();
      return count;
    },
  };
}

/**
 * Another process changed a key, tenant, plan or send window (a trigger announces it): the cached
 * keys go (key-cache.ts). The embedded database has no other process.
 */
function listenForKeyChanges(config: Config, database: Database, log: Logger): QueueSignal | undefined {
  if (!database.connection || config.authCacheMs <= 0) return undefined;
  const signal = new QueueSignal(database.prisma, database.connection, log, AUTH_CHANNEL);
  signal.listen(() => forgetCachedKeys(database.prisma));
  return signal;
}

/**
 * This process holds the data directory's lock now, so an admin.json there was left by a server
 * that did not stop cleanly (SIGKILL, a crash): replaced at listen, and until then not trusted.
 */
function removeStaleAdminInfo(config: Config, log: Logger): void {
  if (!fs.existsSync(adminInfoPath(config.dataDir))) return;
  log.warn({ path: adminInfoPath(config.dataDir) }, "removing admin.json left by a server that did not stop cleanly");
  fs.rmSync(adminInfoPath(config.dataDir), { force: true });
}

/** The API listener, and the admin one when ADMIN_PORT is set (the operator's surfaces move there). */
function createListeners(parts: SurfaceParts): { server: http.Server; adminServer: http.Server | undefined } {
  const { config, deps, log } = parts;
  const probes = probeSurfaces(parts);
  const operator = operatorSurfaces(parts);
  const separateAdmin = config.admin.port !== undefined;
  const server = createListener({
    log,
    metrics: deps.metrics,
    corsOrigins: config.corsOrigins,
    surfaces: [...apiSurfaces(parts), ...probes, ...(separateAdmin ? [] : operator)],
    notFound: `The REST API is under ${REST_PREFIX}, GraphQL at /graphql.`,
  });
  const adminServer = separateAdmin
    ? createListener({ log, metrics: deps.metrics, corsOrigins: [], surfaces: [...operator, ...probes], notFound: "This listener serves /admin/commands, /metrics, /healthz and /readyz." })
    : undefined;
  return { server, adminServer };
}

/**
 * Stops the workers, the sockets and the listeners (letting running requests finish for up to
 * `graceMs`), then what they used. Every wait on a peer is bounded, so `close()` always returns.
 */
async function stopEverything(parts: {
  runtime: ReturnType<typeof createRuntime>;
  websockets: { close(graceMs: number): Promise<number> };
  listeners: http.Server[];
  sockets: { cut(): number };
  requests: { settled(): Promise<unknown>; count(): number };
  authSignal: QueueSignal | undefined;
  database: Database;
  adminInfo: string | undefined;
  graceMs: number;
  log: Logger;
}): Promise<void> {
  const { runtime, websockets, listeners, sockets, requests, authSignal, database, adminInfo, graceMs, log } = parts;
  const { deps } = runtime;
  // One drain budget for every wait on a peer, so the whole stop stays within the process's hard
  // deadline (WORKER_SHUTDOWN_MS + 5 s); each wait still gets a second to finish politely.
  const drainEnds = Date.now() + graceMs;
  const remaining = () => Math.max(drainEnds - Date.now(), 1_000);
  runtime.channels.simulator.stopReplies();
  await Promise.all([runtime.worker.stop(), runtime.webhooks.stop(), runtime.housekeeper.stop(), runtime.healthMonitor.stop()]);
  const cutSockets = await websockets.close(remaining());
  if (cutSockets > 0) log.warn({ sockets: cutSockets, graceMs }, "websockets that did not answer their close in time were cut");
  // Stop accepting, let running requests finish, then drop the kept-alive sockets.
  const closed = Promise.all(listeners.map((l) => new Promise<void>((resolve) => l.close(() => resolve()))));
  for (const l of listeners) l.closeIdleConnections();
  if (!(await settlesWithin(requests.settled(), remaining()))) {
    log.warn({ requests: requests.count(), graceMs }, "requests still running at shutdown; their connections are cut");
  }
  for (const l of listeners) l.closeAllConnections();
  if (!(await settlesWithin(closed, remaining()))) {
    log.warn({ connections: sockets.cut(), graceMs }, "connections still open at shutdown were cut");
    await closed;
  }
  if (adminInfo) fs.rmSync(adminInfo, { force: true });
  await deps.events.close();
  await deps.rateLimiter.close();
  await deps.subscriptionSlots.close();
  await deps.liveAuth.close();
  await authSignal?.close();
  await database.close();
}

export async function createApp(config: Config, options: { log?: Logger; embeddedDump?: Blob } = {}): Promise<App> {
  const log = options.log ?? createLogger(config);
  const database = await openServiceDatabase(config, { log, ...(options.embeddedDump ? { embeddedDump: options.embeddedDump } : {}) });
  const runtime = createRuntime(config, database, log);
  const { deps } = runtime;
  const demoKey = config.seedDemo ? await seedDemoTenant(database.prisma, deps.clock) : undefined;
  const adminToken = config.adminToken ?? randomBytes(24).toString("base64url");
  const yoga = createGraphQLServer(deps, schema);
  const requests = requestTracker(log);
  const parts: SurfaceParts = { config, deps, database, log, yoga, adminToken, track: requests.track };

  const { server, adminServer } = createListeners(parts);
  const authSignal = listenForKeyChanges(config, database, log);
  const websockets = attachGraphQLWebSocket(server, yoga, deps);
  deps.metrics.countConnections = () => websockets.connections;
  deps.metrics.countFanoutGroups = () => websockets.fanoutGroups;

  const embeddedOnDisk = !config.databaseUrl && !config.dataDir.startsWith("memory://");
  if (embeddedOnDisk) removeStaleAdminInfo(config, log);
  let adminUrl: string | undefined;
  let closing: Promise<void> | undefined;

  const listeners = adminServer ? [server, adminServer] : [server];
  const sockets = openSockets(listeners);
  const shutDown = () =>
    stopEverything({ runtime, websockets, listeners, sockets, requests, authSignal, database, adminInfo: embeddedOnDisk ? adminInfoPath(config.dataDir) : undefined, graceMs: config.worker.shutdownMs, log });

  return {
    deps,
    database,
    channel: runtime.channels.simulator,
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
        runtime.worker.start();
        runtime.webhooks.start();
        runtime.housekeeper.start();
        runtime.healthMonitor.start();
      }
      return url;
    },
    close() {
      closing ??= shutDown();
      return closing;
    },
  };
}
