import { getOperationAST, GraphQLError, Kind, OperationTypeNode, type DocumentNode, type GraphQLSchema } from "graphql";
import { createYoga, type Plugin, type YogaServerInstance } from "graphql-yoga";
import type { GraphQLContext } from "./builder.js";
import type { Principal } from "../principal.js";
import type { ServiceDeps } from "../deps.js";
import type { Logger } from "pino";
import { isCallerError, maskError } from "./errors.js";
import { admitRequest } from "../auth/auth.js";
import { isPublicField } from "./field-scope.js";
import { admitKeyOrSession, admitSession, requestOriginOf } from "../auth/console-session.js";
import { ServiceError } from "../errors.js";
import { readOnlyRefusal } from "../auth/view-as.js";
import type { RateDecision } from "../auth/rate-limit.js";
import { graphiqlOptions, renderGraphiQLPage } from "./graphiql.js";
import { statusByMediaType } from "./status.js";
import { bodiesForBareRefusals, bodyLimit, csrfPrevention, documentedCodes, introspectionSwitch, operationLimits } from "./hardening.js";

/** Set by the REST facade on the operations it runs, whose body and caller it has already checked. */
export interface GraphQLServerContext {
  /** The caller, authenticated and rate-limited by the facade: not admitted a second time. */
  admitted?: Principal;
  /** The facade's Idempotency-Key header (its operations run without a Fetch request). */
  idempotencyKey?: string;
  /** The service's input, made by the facade from a body its route's schema checked (see GraphQLContext). */
  checkedInput?: unknown;
  /** The facade's request's origin (see GraphQLContext.linkOrigin). */
  origin?: string;
}

export type GraphQLServer = YogaServerInstance<GraphQLServerContext, GraphQLContext>;

/** `query balance`, `mutation sendMessage`…: the type and first root field, both from the schema (few values). */
function operationLabels(document: DocumentNode, operationName: string | null | undefined) {
  const op = getOperationAST(document, operationName);
  const first = op?.selectionSet.selections.find((s) => s.kind === Kind.FIELD);
  return { operation: first?.kind === Kind.FIELD ? first.name.value : "unknown", type: op?.operation ?? "unknown" };
}

/** The rate-limit numbers of each HTTP request, for its response headers. */
const rateByRequest = new WeakMap<Request, RateDecision>();

/** RateLimit-Limit/Remaining/Reset on every authenticated answer, and Retry-After when refused. */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    "ratelimit-limit": String(decision.limit),
    "ratelimit-remaining": String(decision.remaining),
    "ratelimit-reset": String(decision.resetSeconds),
    ...(decision.allowed ? {} : { "retry-after": String(decision.retryAfterSeconds) }),
  };
}

/** The rate-limit headers an HTTP request's answer carries: none before its caller was admitted. */
export function rateLimitHeadersOf(request: Request): Record<string, string> {
  const decision = rateByRequest.get(request);
  return decision ? rateLimitHeaders(decision) : {};
}

const rateLimitResponseHeaders: Plugin = {
  onResponse({ request, response }) {
    for (const [name, value] of Object.entries(rateLimitHeadersOf(request))) response.headers.set(name, value);
  },
};

/**
 * Authenticates and rate-limits before the operation's variables are checked: a caller without a
 * valid key learns nothing about its input, and every authenticated answer, an invalid one
 * included, carries its rate-limit headers. Operations that select only introspection fields
 * (`__schema`, `__type`, `__typename`) and public ones (sign-up: field-scope.ts) need no key.
 */
const admitBeforeExecution: Plugin<GraphQLContext> = {
  async onExecute({ args, setResultAndStopExecution }) {
    const { document, operationName } = args as { document: DocumentNode; operationName?: string | null };
    const op = getOperationAST(document, operationName);
    const root = op ? (args.schema as GraphQLSchema).getRootType(op.operation) : undefined;
    const open = (name: string) => name.startsWith("__") || isPublicField(root?.getFields()[name]);
    const needsKey = op?.selectionSet.selections.some((s) => s.kind !== Kind.FIELD || !open(s.name.value));
    if (!needsKey) return;
    try {
      const principal = await args.contextValue.principal();
      // An operator's read-only look runs every query and subscription and no mutation (core/auth/view-as.ts).
      if (principal.viewedBy !== undefined && op?.operation === OperationTypeNode.MUTATION) throw readOnlyRefusal();
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      // A result set here skips yoga's error masking, so the error gets its code and status here.
      setResultAndStopExecution({ data: null, errors: [maskError(new GraphQLError(err.message, { originalError: err }), err.message) as GraphQLError] });
    }
  },
};

/** Times every operation, over HTTP and websockets alike (both run through this envelop). */
function operationTimings(deps: ServiceDeps): Plugin {
  return {
    onExecute({ args }) {
      const started = performance.now();
      return {
        onExecuteDone() {
          const { document, operationName } = args as { document: DocumentNode; operationName?: string | null };
          deps.metrics.graphqlDuration.observe(operationLabels(document, operationName), (performance.now() - started) / 1000);
        },
      };
    },
  };
}

/**
 * yoga logs every error it masks. An error's message can quote the operation's variables (a
 * message text, a phone number), so none is logged as text: the caller's own mistakes are a
 * debug line with their code, and faults of ours go through the logger's error serializer, which
 * keeps the type, message and stack with long numbers masked.
 */
function yogaLogger(log: Logger) {
  const text = (args: unknown[]) => args.map((a) => (a instanceof Error ? a.name : String(a))).join(" ");
  return {
    debug: (...args: unknown[]) => log.debug(text(args)),
    info: (...args: unknown[]) => log.info(text(args)),
    warn: (...args: unknown[]) => log.warn(text(args)),
    error: (...args: unknown[]) => {
      for (const arg of args) {
        if (isCallerError(arg)) log.debug({ code: arg instanceof GraphQLError ? arg.extensions.code : (arg as { code?: unknown }).code }, "graphql request refused");
        else log.error({ err: arg instanceof GraphQLError && arg.originalError ? arg.originalError : arg }, "graphql operation failed");
      }
    },
  };
}

/** How an error is masked, by yoga and by the plain POST path alike (http/graphql-post.ts). */
export function errorMasking(deps: ServiceDeps) {
  return {
    maskError: (error: unknown, message: string, isDev?: boolean) => maskError(error, message, isDev, { suggestions: deps.config.graphql.introspection }),
    isDev: deps.config.nodeEnv === "development",
  };
}

export function createGraphQLServer(deps: ServiceDeps, schema: GraphQLSchema): GraphQLServer {
  return createYoga<GraphQLServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    plugins: [
      bodyLimit(deps.config.maxBodyBytes),
      csrfPrevention(),
      ...operationLimits(deps.config.graphql),
      ...introspectionSwitch(deps.config.graphql.introspection),
      documentedCodes(deps.config.graphql.introspection),
      operationTimings(deps),
      admitBeforeExecution,
      rateLimitResponseHeaders,
      statusByMediaType(),
      bodiesForBareRefusals(),
    ],
    // bodyLimit (above) is the one body limit: it refuses a declared length at once and counts only
    // chunked bodies. yoga's own would pipe every body through a TransformStream, a stream
    // pipeline and an AbortSignal per request (about 8 % of a GraphQL send's CPU).
    maxRequestBodySize: false,
    landingPage: false,
    // The HTTP server applies the one CORS policy of every route (src/core/http/cors.ts).
    cors: false,
    maskedErrors: errorMasking(deps),
    logging: yogaLogger(deps.log),
    // Per page: the examples' send time is tomorrow's, whenever the page is served.
    graphiql: deps.config.graphql.graphiql ? () => graphiqlOptions(deps.clock) : false,
    renderGraphiQL: renderGraphiQLPage,
    context: (initial) => {
      // Over websockets there is no Fetch request: the key comes from the connection (websocket.ts).
      const { request, apiKey, sessionToken, admitted, idempotencyKey, checkedInput, origin } = initial as GraphQLServerContext & {
        request?: Request;
        apiKey?: string;
        sessionToken?: string;
      };
      let principal: ReturnType<typeof admitRequest> | undefined;
      const remember = (decision: RateDecision) => request && rateByRequest.set(request, decision);
      return {
        deps,
        idempotencyKey: idempotencyKey ?? request?.headers.get("idempotency-key") ?? undefined,
        checkedInput,
        linkOrigin: deps.config.consoleUrl ?? origin ?? (request ? requestOriginOf(request) : undefined),
        // Authenticated once per operation, on first use: GraphiQL and introspection need no key.
        // Over a websocket this checks again per subscription, so a tenant suspended meanwhile stops.
        // Every root field asks its scope (builder.ts), so a suspended tenant's billing caller is let
        // in with its refusal held, which every field but billing's answers with.
        principal: () =>
          (principal ??= admitted
            ? Promise.resolve(admitted)
            : request
              ? admitKeyOrSession(deps, request.headers, new URL(request.url), remember, true)
              : sessionToken
                ? admitSession(deps, sessionToken, remember, true)
                : admitRequest(deps, apiKey, remember, true)),
      };
    },
  });
}
