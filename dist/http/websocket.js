import { GraphQLError } from "graphql";
import { WebSocket, WebSocketServer } from "ws";
import { useServer } from "graphql-ws/use/ws";
import { authenticate } from "../services/auth.js";
import { errorStatus } from "../services/errors.js";
import { findMessageEventsOperation, MessageEventsFanout } from "./live-fanout.js";
import { malformedRequest, upgradeRefusal, writeRawError } from "./request-guard.js";
import { isUnavailable } from "../services/unavailable.js";
// GraphQL over websockets (the graphql-ws protocol) on the HTTP server's port and path. Every
// operation runs through yoga's envelop (`getEnveloped`), so parsing, validation, error masking
// and the context are exactly those of HTTP requests.
/** The API key from the connection_init payload (`apiKey` or `Authorization: Bearer …`), or `?api_key=`. */
export function apiKeyFromConnection(params, request) {
    const apiKey = params?.apiKey ?? params?.api_key;
    if (typeof apiKey === "string" && apiKey)
        return apiKey.trim();
    const auth = params?.Authorization ?? params?.authorization;
    const bearer = typeof auth === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1] : undefined;
    if (bearer)
        return bearer;
    return new URL(request.url ?? "/", "http://localhost").searchParams.get("api_key") ?? undefined;
}
/** A close frame's reason holds at most 123 bytes. */
const CLOSE_REASON_BYTES = 123;
/** How long a socket closed for a refused key may take to answer the close before it is cut. */
const REFUSED_CLOSE_GRACE_MS = 2_000;
function closeReason(error) {
    let reason = `${error.code}: ${error.message}`;
    while (Buffer.byteLength(reason) > CLOSE_REASON_BYTES)
        reason = reason.slice(0, -1);
    return reason;
}
/**
 * Closes the socket with 4403 once its key no longer passes (rechecked by live-auth.ts): every
 * operation on it ends with it, fan-out members included, and their slots come free.
 */
function closeWhenRefused(deps, socket, apiKeyId) {
    // Closed while the key was being checked: nothing to watch, and no close event would unwatch it.
    if (socket.readyState === WebSocket.CLOSED)
        return;
    const unwatch = deps.liveAuth.watch(apiKeyId, (error) => {
        socket.close(4403, closeReason(error));
        // A peer that never answers the close would otherwise keep its operations for ws's 30 s.
        setTimeout(() => socket.terminate(), REFUSED_CLOSE_GRACE_MS).unref();
    });
    socket.once("close", unwatch);
}
const limitError = (message) => new GraphQLError(message, { extensions: { code: "TOO_MANY_SUBSCRIPTIONS", http: { status: errorStatus.TOO_MANY_SUBSCRIPTIONS } } });
export function attachGraphQLWebSocket(server, yoga, deps) {
    const { realtime } = deps.config;
    const wss = new WebSocketServer({ noServer: true, maxPayload: realtime.maxPayloadBytes });
    // Which enveloped functions belong to an operation, found again through its context value.
    const envelopedByContext = new WeakMap();
    const fanout = new MessageEventsFanout(deps, yoga.getEnveloped().schema);
    const fanoutTargets = new WeakMap();
    const envelopedFor = (args) => {
        const enveloped = envelopedByContext.get(args.contextValue);
        if (!enveloped)
            throw new Error("operation has no enveloped context");
        return enveloped;
    };
    const cleanup = useServer({
        connectionInitWaitTimeout: realtime.connectionInitTimeoutMs,
        onConnect: async (ctx) => {
            const apiKey = apiKeyFromConnection(ctx.connectionParams, ctx.extra.request);
            let apiKeyId;
            try {
                // A wrong key, or a suspended or expired tenant: closed with 4403 before anything runs.
                ({ apiKeyId } = await authenticate(deps, apiKey));
            }
            catch (err) {
                // The database away says nothing of the key: 1013 (try again later), not 4403.
                if (isUnavailable(err))
                    ctx.extra.socket.close(1013, "SERVICE_UNAVAILABLE: the database cannot be reached; try again later.");
                return false;
            }
            ctx.extra.apiKey = apiKey;
            closeWhenRefused(deps, ctx.extra.socket, apiKeyId);
            return true;
        },
        onSubscribe: async (ctx, id, params) => {
            if (Object.keys(ctx.subscriptions).length > realtime.maxSubscriptionsPerConnection) {
                return [limitError(`This connection already has ${realtime.maxSubscriptionsPerConnection} active operations; complete one first.`)];
            }
            const enveloped = yoga.getEnveloped({ apiKey: ctx.extra.apiKey, params, req: ctx.extra.request, socket: ctx.extra.socket });
            let document;
            try {
                document = enveloped.parse(params.query);
            }
            catch (err) {
                return [err instanceof GraphQLError ? err : new GraphQLError("The query could not be parsed.")];
            }
            const errors = enveloped.validate(enveloped.schema, document);
            if (errors.length)
                return [...errors];
            const contextValue = await enveloped.contextFactory();
            envelopedByContext.set(contextValue, enveloped);
            fanoutTargets.set(contextValue, { socket: ctx.extra.socket, raw: ctx.extra.request.socket, id, query: params.query });
            return { schema: enveloped.schema, document, operationName: params.operationName, variableValues: params.variables, contextValue };
        },
        execute: (args) => envelopedFor(args).execute(args),
        subscribe: (args) => {
            const target = fanoutTargets.get(args.contextValue);
            // messageEvents is executed once per event for all its subscribers with the same operation.
            const messageEvents = target && findMessageEventsOperation(args.document, args.operationName);
            if (target && messageEvents)
                return fanout.subscribe(args, target, messageEvents);
            return envelopedFor(args).subscribe(args);
        },
    }, wss, realtime.keepAliveMs);
    server.on("upgrade", (request, socket, head) => {
        const malformed = malformedRequest(request);
        if (malformed)
            return writeRawError(socket, 400, "Bad Request", "BAD_REQUEST", malformed);
        const pathname = (request.url ?? "/").split("?")[0];
        if (pathname !== yoga.graphqlEndpoint)
            return writeRawError(socket, 404, "Not Found", "NOT_FOUND", "Websockets are served at /graphql.");
        const refusal = upgradeRefusal(request);
        if (refusal)
            return writeRawError(socket, refusal.status, refusal.reason, refusal.code, refusal.message);
        wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
    });
    return {
        /** Distinct messageEvents operations being fanned out. */
        get fanoutGroups() {
            return fanout.groupCount;
        },
        /** Active websocket connections. */
        get connections() {
            return wss.clients.size;
        },
        /** Closes every socket (1001, going away) and stops their operations. */
        async close() {
            await cleanup.dispose();
            await new Promise((resolve) => wss.close(() => resolve()));
        },
    };
}
//# sourceMappingURL=websocket.js.map