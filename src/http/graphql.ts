import { getOperationAST, GraphQLError, Kind, type DocumentNode } from "graphql";
import { createYoga, type Plugin, type YogaServerInstance } from "graphql-yoga";
import { schema } from "../schema/index.js";
import type { GraphQLContext } from "../schema/builder.js";
import type { ServiceDeps } from "../services/deps.js";
import { maskError } from "./graphql-errors.js";
import { admitRequest, apiKeyFromRequest } from "../services/auth.js";
import { ServiceError } from "../services/errors.js";
import type { RateDecision } from "../services/rate-limit.js";
import { graphiqlOptions, renderGraphiQLPage } from "./graphiql.js";
import { bodyLimit, csrfPrevention, introspectionSwitch, operationLimits } from "./graphql-hardening.js";

/** Set on the REST facade's in-process requests, which the facade has already size-checked. */
export interface GraphQLServerContext {
  fromRestFacade?: true;
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

const rateLimitResponseHeaders: Plugin = {
  onResponse({ request, response }) {
    const decision = rateByRequest.get(request);
    if (decision) for (const [name, value] of Object.entries(rateLimitHeaders(decision))) response.headers.set(name, value);
  },
};

/**
 * Authenticates and rate-limits before the operation's variables are checked: a caller without a
 * valid key learns nothing about its input, and every authenticated answer, an invalid one
 * included, carries its rate-limit headers. Operations that select only introspection fields
 * (`__schema`, `__type`, `__typename`) need no key.
 */
const admitBeforeExecution: Plugin<GraphQLContext> = {
  async onExecute({ args, setResultAndStopExecution }) {
    const { document, operationName } = args as { document: DocumentNode; operationName?: string | null };
    const op = getOperationAST(document, operationName);
    const needsKey = op?.selectionSet.selections.some((s) => s.kind !== Kind.FIELD || !s.name.value.startsWith("__"));
    if (!needsKey) return;
    try {
      await args.contextValue.principal();
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

export function createGraphQLServer(deps: ServiceDeps, options: { demoKey?: string | undefined } = {}): GraphQLServer {
  return createYoga<GraphQLServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    plugins: [
      bodyLimit(deps.config.maxBodyBytes),
      csrfPrevention(),
      ...operationLimits(deps.config.graphql),
      ...introspectionSwitch(deps.config.graphql.introspection),
      operationTimings(deps),
      admitBeforeExecution,
      rateLimitResponseHeaders,
    ],
    landingPage: false,
    maskedErrors: { maskError, isDev: deps.config.nodeEnv === "development" },
    logging: {
      debug: (...args) => deps.log.debug(args.map(String).join(" ")),
      info: (...args) => deps.log.info(args.map(String).join(" ")),
      warn: (...args) => deps.log.warn(args.map(String).join(" ")),
      error: (...args) => deps.log.error(args.map(String).join(" ")),
    },
    graphiql: deps.config.graphql.graphiql ? graphiqlOptions(options.demoKey) : false,
    renderGraphiQL: renderGraphiQLPage,
    context: (initial) => {
      // Over websockets there is no Fetch request: the key comes from the connection (websocket.ts).
      const { request, apiKey } = initial as { request?: Request; apiKey?: string };
      let principal: ReturnType<typeof admitRequest> | undefined;
      const remember = (decision: RateDecision) => request && rateByRequest.set(request, decision);
      return {
        deps,
        idempotencyKey: request?.headers.get("idempotency-key") ?? undefined,
        // Authenticated once per operation, on first use: GraphiQL and introspection need no key.
        // Over a websocket this checks again per subscription, so a tenant suspended meanwhile stops.
        principal: () =>
          (principal ??= admitRequest(deps, request ? apiKeyFromRequest(request.headers, new URL(request.url)) : apiKey, remember)),
      };
    },
  });
}

