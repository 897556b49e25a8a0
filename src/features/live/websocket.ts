import type http from "node:http";
import type { Duplex } from "node:stream";
import { GraphQLError, getOperationAST, type DocumentNode, type ExecutionArgs, type ExecutionResult, type GraphQLSchema } from "graphql";
import { WebSocket, WebSocketServer } from "ws";
import type { Context, SubscribePayload } from "graphql-ws";
import { useServer, type Extra as SocketExtra } from "graphql-ws/use/ws";
import type { ServiceDeps } from "../../core/deps.js";
import { authenticate } from "../../core/auth/auth.js";
import { consoleSessionPrincipal, sessionTokenFromHeaders } from "../../core/auth/console-session.js";
import type { Principal } from "../../core/principal.js";
import { ServiceError } from "../../core/errors.js";
import type { GraphQLServer } from "../../core/graphql/server.js";
import { findMessageEventsOperation, MessageEventsFanout, type FanoutTarget } from "./live-fanout.js";
import { malformedRequest, upgradeRefusal, writeRawError } from "../../core/http/request-guard.js";
import { settlesWithin } from "../../core/runtime/lifecycle.js";
import { isUnavailable } from "../../core/unavailable.js";
import { publicError } from "../../core/graphql/errors.js";

// GraphQL over websockets (the graphql-ws protocol) on the HTTP server's port and path. Every
// operation runs through yoga's envelop (`getEnveloped`), so parsing, validation, error masking
// and the context are exactly those of HTTP requests.

/** The API key from the connection_init payload (`apiKey` or `Authorization: Bearer …`), or `?api_key=`. */
export function apiKeyFromConnection(params: Readonly<Record<string, unknown>> | undefined, request: http.IncomingMessage): string | undefined {
  const apiKey = params?.apiKey ?? params?.api_key;
  if (typeof apiKey === "string" && apiKey) return apiKey.trim();
  const auth = params?.Authorization ?? params?.authorization;
  const bearer = typeof auth === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1] : undefined;
  if (bearer) return bearer;
  return new URL(request.url ?? "/", "http://localhost").searchParams.get("api_key") ?? undefined;
}

/** What yoga's envelop hands back for one operation (its own typings are loose). */
interface Enveloped {
  schema: GraphQLSchema;
  parse(query: string): DocumentNode;
  validate(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[];
  contextFactory(): Promise<object> | object;
  execute(args: ExecutionArgs): Promise<ExecutionResult> | ExecutionResult;
  subscribe(args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult>;
}

/** How the connection signed in: an API key, or a console session (its cookie's token). */
type Extra = { apiKey?: string; sessionToken?: string };

/** A close frame's reason holds at most 123 bytes. */
const CLOSE_REASON_BYTES = 123;
/** How long a socket closed for a refused key may take to answer the close before it is cut. */
const REFUSED_CLOSE_GRACE_MS = 2_000;

function closeReason(error: ServiceError): string {
  let reason = `${error.code}: ${error.message}`;
  while (Buffer.byteLength(reason) > CLOSE_REASON_BYTES) reason = reason.slice(0, -1);
  return reason;
}

/**
 * Closes the socket with 4403 once its key no longer passes (rechecked by live-auth.ts): every
 * operation on it ends with it, fan-out members included, and their slots come free.
 */
function closeWhenRefused(deps: ServiceDeps, socket: WebSocket, watch: (onRefused: (error: ServiceError) => void) => () => void): void {
  // Closed while the key was being checked: nothing to watch, and no close event would unwatch it.
  if (socket.readyState === WebSocket.CLOSED) return;
  const unwatch = watch((error) => {
    socket.close(4403, closeReason(error));
    // A peer that never answers the close would otherwise keep its operations for ws's 30 s.
    setTimeout(() => socket.terminate(), REFUSED_CLOSE_GRACE_MS).unref();
  });
  socket.once("close", unwatch);
}

const limitError = (message: string) => new GraphQLError(message, { extensions: { code: "TOO_MANY_SUBSCRIPTIONS" } });
const unidentifiedOperation = () => new GraphQLError("Could not determine what operation to execute.", { extensions: { code: "INVALID_QUERY" } });

/**
 * A console session's token, when the connection carries no key: the cookie the browser sent with
 * the upgrade. Only from a page of this server (Origin's host is the Host), so no other site can
 * open a socket with it; SameSite=Strict already keeps browsers from sending it cross-site.
 */
function sessionOfUpgrade(request: http.IncomingMessage): string | undefined {
  const token = sessionTokenFromHeaders({ get: (name) => (typeof request.headers[name] === "string" ? request.headers[name] : null) });
  if (!token) return undefined;
  const origin = request.headers.origin;
  try {
    return origin && new URL(origin).host === request.headers.host ? token : undefined;
  } catch {
    return undefined;
  }
}

/** graphql-ws's onConnect: the key (or console session) must pass before anything runs, else the socket closes saying why. */
async function admitConnection(deps: ServiceDeps, ctx: Context<Record<string, unknown> | undefined, Extra & SocketExtra>): Promise<boolean> {
  const apiKey = apiKeyFromConnection(ctx.connectionParams, ctx.extra.request);
  const sessionToken = apiKey === undefined ? sessionOfUpgrade(ctx.extra.request) : undefined;
  let caller: Principal;
  let sessionId: number | undefined;
  try {
    if (sessionToken) ({ sessionId, ...caller } = await consoleSessionPrincipal(deps, sessionToken));
    else caller = await authenticate(deps, apiKey);
  } catch (err) {
    // The database away says nothing of the key: 1013 (try again later), not 4403.
    if (isUnavailable(err)) ctx.extra.socket.close(1013, "SERVICE_UNAVAILABLE: the database cannot be reached; try again later.");
    // A wrong key, or a suspended or expired tenant: 4403 before anything runs, the reason
    // naming the code as an HTTP answer would (graphql-ws's own close would say only "Forbidden").
    else if (err instanceof ServiceError) ctx.extra.socket.close(4403, closeReason(err));
    return false;
  }
  ctx.extra.apiKey = apiKey;
  ctx.extra.sessionToken = sessionToken;
  closeWhenRefused(deps, ctx.extra.socket, (onRefused) => deps.liveAuth.watchCaller(caller, onRefused));
  // A console session's socket also ends when it is signed out (in any tab) or its hours are over.
  if (sessionId !== undefined) closeWhenRefused(deps, ctx.extra.socket, (onRefused) => deps.liveAuth.watchSession(sessionId, onRefused));
  return true;
}

/** Serves upgrades to the GraphQL path only, after the checks every request passes. */
function routeUpgrades(server: http.Server, wss: WebSocketServer, graphqlEndpoint: string): void {
  server.on("upgrade", (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const malformed = malformedRequest(request);
    if (malformed) return writeRawError(socket, 400, "Bad Request", "BAD_REQUEST", malformed);
    const pathname = (request.url ?? "/").split("?")[0];
    if (pathname !== graphqlEndpoint) return writeRawError(socket, 404, "Not Found", "NOT_FOUND", "Websockets are served at /graphql.");
    const refusal = upgradeRefusal(request);
    if (refusal) return writeRawError(socket, refusal.status, refusal.reason, refusal.code, refusal.message);
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
  });
}

/**
 * graphql-ws's onSubscribe: parses and validates through yoga's envelop, as HTTP does, and hands
 * `remember` whose the operation is (its enveloped functions, and the socket a fan-out writes to).
 */
async function prepareOperation(
  yoga: GraphQLServer,
  maxOperations: number,
  ctx: Context<Record<string, unknown> | undefined, Extra & SocketExtra>,
  id: string,
  params: SubscribePayload,
  remember: (contextValue: object, enveloped: Enveloped, target: FanoutTarget) => void,
): Promise<ExecutionArgs | GraphQLError[]> {
  if (Object.keys(ctx.subscriptions).length > maxOperations) {
    return [limitError(`This connection already has ${maxOperations} active operations; complete one first.`)];
  }
  const enveloped = yoga.getEnveloped({
    apiKey: ctx.extra.apiKey,
    sessionToken: ctx.extra.sessionToken,
    params,
    req: ctx.extra.request,
    socket: ctx.extra.socket,
  } as never) as unknown as Enveloped;
  let document: DocumentNode;
  try {
    document = enveloped.parse(params.query);
  } catch (err) {
    return [err instanceof GraphQLError ? err : new GraphQLError("The query could not be parsed.")];
  }
  const errors = enveloped.validate(enveloped.schema, document);
  if (errors.length) return [...errors];
  // graphql-ws would refuse it itself, but with no code; HTTP says the same with INVALID_QUERY.
  if (!getOperationAST(document, params.operationName)) return [unidentifiedOperation()];
  const contextValue: object = await enveloped.contextFactory();
  remember(contextValue, enveloped, { socket: ctx.extra.socket, raw: ctx.extra.request.socket, id, query: params.query });
  return { schema: enveloped.schema, document, operationName: params.operationName, variableValues: params.variables, contextValue };
}

/**
 * graphql-ws's dispose closes every socket and waits for each peer to answer (ws waits 30 s per
 * socket); a peer still silent after `graceMs` is cut. Resolves to the number of sockets cut.
 */
async function closeWithin(wss: WebSocketServer, dispose: () => void | Promise<void>, graceMs: number): Promise<number> {
  if (await settlesWithin(Promise.resolve(dispose()), graceMs)) return 0;
  const unanswered = wss.clients.size;
  for (const socket of wss.clients) socket.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  return unanswered;
}

export function attachGraphQLWebSocket(server: http.Server, yoga: GraphQLServer, deps: ServiceDeps) {
  const { realtime } = deps.config;
  const wss = new WebSocketServer({ noServer: true, maxPayload: realtime.maxPayloadBytes });
  // Which enveloped functions belong to an operation, found again through its context value.
  const envelopedByContext = new WeakMap<object, Enveloped>();
  const fanout = new MessageEventsFanout(deps, yoga.getEnveloped().schema as GraphQLSchema);
  const fanoutTargets = new WeakMap<object, FanoutTarget>();
  const envelopedFor = (args: ExecutionArgs) => {
    const enveloped = envelopedByContext.get(args.contextValue as object);
    if (!enveloped) throw new Error("operation has no enveloped context");
    return enveloped;
  };

  const cleanup = useServer<Record<string, unknown> | undefined, Extra>(
    {
      connectionInitWaitTimeout: realtime.connectionInitTimeoutMs,
      onConnect: (ctx) => admitConnection(deps, ctx),
      onSubscribe: (ctx, id, params) =>
        prepareOperation(yoga, realtime.maxSubscriptionsPerConnection, ctx, id, params, (contextValue, enveloped, target) => {
          envelopedByContext.set(contextValue, enveloped);
          fanoutTargets.set(contextValue, target);
        }),
      // Errors travel with their documented extensions only, as over HTTP (publicError).
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors?.length ? { ...result, errors: result.errors.map(publicError) } : undefined),
      onError: (_ctx, _id, _payload, errors) => errors.map(publicError),
      execute: (args) => envelopedFor(args).execute(args),
      subscribe: (args) => {
        const target = fanoutTargets.get(args.contextValue as object);
        // messageEvents is executed once per event for all its subscribers with the same operation.
        const messageEvents = target && findMessageEventsOperation(args.document, args.operationName);
        if (target && messageEvents) return fanout.subscribe(args, target, messageEvents);
        return envelopedFor(args).subscribe(args);
      },
    },
    wss,
    realtime.keepAliveMs,
  );

  routeUpgrades(server, wss, yoga.graphqlEndpoint);

  return {
    /** Distinct messageEvents operations being fanned out. */
    get fanoutGroups() {
      return fanout.groupCount;
    },
    /** Active websocket connections. */
    get connections() {
      return wss.clients.size;
    },
    /** Closes every socket (1001, going away) and stops their operations; see closeWithin. */
    close: (graceMs: number) => closeWithin(wss, () => cleanup.dispose(), graceMs),
  };
}
