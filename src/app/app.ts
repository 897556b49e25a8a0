import type http from "node:http";
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import type { AddressInfo, Socket } from "node:net";
import type { Logger } from "pino";
import type { Config } from "../core/config.js";
import { createLogger } from "../core/runtime/logger.js";
import { budgetLeft, settlesWithin, startParts, stopParts, type ProcessPart } from "../core/runtime/lifecycle.js";
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
import { backgroundWorkPart, createRuntime, databasePart, sharedServicesPart, tracingPart } from "./runtime.js";
import { startTracing } from "../core/runtime/tracing.js";
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
    trustedProxies: config.trustedProxies,
    surfaces: [...apiSurfaces(parts), ...probes, ...(separateAdmin ? [] : operator)],
    notFound: `The REST API is under ${REST_PREFIX}, GraphQL at /graphql.`,
    tracing: deps.tracing,
  });
  const adminServer = separateAdmin
    ? createListener({
        log,
        metrics: deps.metrics,
        corsOrigins: [],
        trustedProxies: config.trustedProxies,
        surfaces: [...operator, ...probes],
        notFound: "This listener serves the operator console (/admin), /admin/session, /admin/commands, /metrics, /healthz and /readyz.",
      })
    : undefined;
  return { server, adminServer };
}

/**
 * The listeners: started by listen(); stopped by ending the websockets, letting running requests
 * finish, then dropping what is still open. Every wait on a peer ends by the stop's deadline.
 */
function listenersPart(parts: {
  start: () => Promise<void>;
  websockets: { close(graceMs: number): Promise<number> };
  listeners: http.Server[];
  sockets: { cut(): number };
  requests: { settled(): Promise<unknown>; count(): number };
  adminInfo: string | undefined;
  graceMs: number;
  log: Logger;
}): ProcessPart {
  const { websockets, listeners, sockets, requests, adminInfo, graceMs, log } = parts;
  return {
    name: "listeners",
    start: parts.start,
    async stop(until) {
      const cutSockets = await websockets.close(budgetLeft(until));
      if (cutSockets > 0) log.warn({ sockets: cutSockets, graceMs }, "websockets that did not answer their close in time were cut");
      // Stop accepting, let running requests finish, then drop the kept-alive sockets.
      const closed = Promise.all(listeners.map((l) => new Promise<void>((resolve) => l.close(() => resolve()))));
      for (const l of listeners) l.closeIdleConnections();
      if (!(await settlesWithin(requests.settled(), budgetLeft(until)))) {
        log.warn({ requests: requests.count(), graceMs }, "requests still running at shutdown; their connections are cut");
      }
      for (const l of listeners) l.closeAllConnections();
      if (!(await settlesWithin(closed, budgetLeft(until)))) {
        log.warn({ connections: sockets.cut(), graceMs }, "connections still open at shutdown were cut");
        await closed;
      }
      if (adminInfo) fs.rmSync(adminInfo, { force: true });
    },
  };
}

/**
 * The API listener (and the admin one) as a part of the process: listening, with the admin
 * details left for `npm run admin` beside an embedded database on disk, and stopped as
 * listenersPart says. `urls` is filled in when it starts.
 */
function apiListening(config: Config, surfaces: SurfaceParts, requests: ReturnType<typeof requestTracker>) {
  const { deps, log, adminToken, yoga } = surfaces;
  const { server, adminServer } = createListeners(surfaces);
  const websockets = attachGraphQLWebSocket(server, yoga, deps);
  deps.metrics.countConnections = () => websockets.connections;
  deps.metrics.countFanoutGroups = () => websockets.fanoutGroups;
  const embeddedOnDisk = !config.databaseUrl && !config.dataDir.startsWith("memory://");
  if (embeddedOnDisk) removeStaleAdminInfo(config, log);
  const urls: { api?: string; admin?: string } = deps.urls;
  const listeners = adminServer ? [server, adminServer] : [server];
  const part = listenersPart({
    async start() {
      urls.api = await listenOn(server, config.port, config.host);
      if (adminServer) urls.admin = await listenOn(adminServer, config.admin.port ?? 0, config.admin.host);
      if (embeddedOnDisk) fs.writeFileSync(adminInfoPath(config.dataDir), JSON.stringify({ url: urls.admin ?? urls.api, token: adminToken, pid: process.pid }), { mode: 0o600 });
    },
    websockets,
    listeners,
    sockets: openSockets(listeners),
    requests,
    adminInfo: embeddedOnDisk ? adminInfoPath(config.dataDir) : undefined,
    graceMs: config.worker.shutdownMs,
    log,
  });
  return { part, urls };
}

export async function createApp(config: Config, options: { log?: Logger; embeddedDump?: Blob } = {}): Promise<App> {
  const log = options.log ?? createLogger(config);
  const database = await openServiceDatabase(config, { log, ...(options.embeddedDump ? { embeddedDump: options.embeddedDump } : {}) });
  const tracing = await startTracing(config, log);
  const runtime = createRuntime(config, database, log, tracing);
  const { deps } = runtime;
  const demoKey = config.seedDemo ? await seedDemoTenant(database.prisma, deps.clock) : undefined;
  const adminToken = config.adminToken ?? randomBytes(24).toString("base64url");
  const yoga = createGraphQLServer(deps, schema);
  const requests = requestTracker(log);
  const listening = apiListening(config, { config, deps, database, log, yoga, adminToken, track: requests.track }, requests);
  const authSignal = listenForKeyChanges(config, database, log);
  // Started in this order, stopped in the reverse: the background work first, the database last.
  const processParts: ProcessPart[] = [
    tracingPart(tracing),
    databasePart(database),
    sharedServicesPart(runtime),
    ...(authSignal ? [{ name: "key-change signal", stop: () => authSignal.close() }] : []),
    listening.part,
    backgroundWorkPart(runtime, config.worker.enabled),
  ];
  let closing: Promise<void> | undefined;
  return {
    deps,
    database,
    channel: runtime.channels.simulator,
    demoKey,
    adminToken,
    get adminUrl() {
      return listening.urls.admin;
    },
    async listen() {
      await startParts(processParts);
      return listening.urls.api!;
    },
    close() {
      closing ??= stopParts(processParts, config.worker.shutdownMs, log);
      return closing;
    },
  };
}
