import type { IncomingMessage, ServerResponse } from "node:http";
import { getOperationAST, GraphQLError, OperationTypeNode, type DocumentNode, type ExecutionResult, type GraphQLSchema } from "graphql";
import { isAsyncIterable, processRegularResult } from "graphql-yoga";
import { sendNodeResponse } from "@whatwg-node/server";
import type { ServiceDeps } from "../deps.js";
import { errorMasking, rateLimitHeadersOf, type GraphQLServer, type GraphQLServerContext } from "../graphql/server.js";
import { wellFormedStatus } from "../graphql/status.js";
import { BodyCutShort, declaresMoreThan, readNodeBodyWithin } from "./body.js";
import { Request, Response } from "./fetch-api.js";
import { requestUrlOf } from "./request-guard.js";

// POST /graphql served on Node's own request and response when it is plain: a JSON body of a
// declared length within the limit, answered as JSON, holding one query or mutation that parses
// and validates. It runs through yoga's envelop (its caches, plugins, context and error masking),
// as the REST facade's operations and websockets do, without yoga's request pipeline on Fetch
// objects around it, which costs a GraphQL send about a third more CPU than a REST one
// (BENCHMARKS.md, "GraphQL's plain POST beside yoga's pipeline"). Every other request, and a plain one whose operation does not parse or
// validate (nothing has run yet), is yoga's, with the body already read handed to it whole.

type Masking = ReturnType<typeof errorMasking>;
type PlainParams = { query: string; variables?: Record<string, unknown> | null; operationName?: string | null };

const JSON_TYPE = /^application\/json\s*(;\s*charset=utf-8\s*)?$/i;
/** The JSON answers yoga gives for an Accept header; yoga's last matching type wins, so `*\/*` is application/json. */
const ANSWER_TYPES: Record<string, string> = {
  "": "application/json",
  "*/*": "application/json",
  "application/json": "application/json",
  "application/graphql-response+json": "application/graphql-response+json",
};

/** The media type a plain POST is answered in, or undefined when the request is not plain. */
function plainAnswerType(req: IncomingMessage, maxBytes: number): string | undefined {
  const { headers } = req;
  if (req.method !== "POST" || req.url !== "/graphql" || headers["transfer-encoding"] !== undefined) return undefined;
  const declared = headers["content-length"];
  if (declared === undefined || declaresMoreThan(declared, maxBytes) || !JSON_TYPE.test(headers["content-type"] ?? "")) return undefined;
  const accept = (headers.accept ?? "")
    .replace(/\s*;\s*charset=utf-8$/i, "")
    .trim()
    .toLowerCase();
  return ANSWER_TYPES[accept];
}

/** The body's parameters when they are one operation's, as yoga reads them; undefined for anything else. */
function plainParams(body: Buffer): PlainParams | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
  const { query, variables, operationName, ...rest } = parsed as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof query !== "string") return undefined;
  if (variables != null && (typeof variables !== "object" || Array.isArray(variables))) return undefined;
  if (operationName != null && typeof operationName !== "string") return undefined;
  return parsed as PlainParams;
}

/**
 * The request as Fetch sees it, with Node's headers as the Fetch adapter passes them: for the
 * context (which reads the caller's key from it) and, with the body already read, for yoga.
 */
function fetchRequestOf(req: IncomingMessage, body?: Buffer): Request {
  const headers = req.headers as Record<string, string>;
  return new Request(requestUrlOf(req), body ? { method: "POST", headers, body: new Uint8Array(body) } : { method: "POST", headers });
}

export function createGraphQLPostHandler(yoga: GraphQLServer, deps: ServiceDeps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const maxBytes = deps.config.maxBodyBytes;
  const masking = errorMasking(deps);
  return async (req, res) => {
    const answerType = plainAnswerType(req, maxBytes);
    if (answerType === undefined) return yoga(req, res);
    try {
      await servePlain(yoga, masking, req, res, { answerType, maxBytes });
    } catch (err) {
      if (err instanceof BodyCutShort) return deps.log.debug("graphql request closed before its body ended");
      if (res.headersSent || res.destroyed) throw err;
      // Answered as yoga answers a failure outside execution: masked, logged, 500 or 503.
      await sendNodeResponse(processRegularResult({ errors: [thrownAsGraphQLError(err, masking, yoga)] }, yoga.fetchAPI, answerType), res, req, true);
    }
  };
}

async function servePlain(yoga: GraphQLServer, masking: Masking, req: IncomingMessage, res: ServerResponse, plain: { answerType: string; maxBytes: number }): Promise<void> {
  const { answerType } = plain;
  const body = await readNodeBodyWithin(req, plain.maxBytes);
  // Node's parser passes exactly the declared length, which was within the limit.
  if (!body) return void req.destroy();
  const params = plainParams(body);
  if (!params) return viaYoga(yoga, req, res, body);
  const request = fetchRequestOf(req);
  const enveloped = yoga.getEnveloped({ req, res, request, params });
  const document = parsedOrUndefined(enveloped, params.query);
  const schema = enveloped.schema as GraphQLSchema;
  if (!document || (enveloped.validate(schema, document) as readonly GraphQLError[]).length > 0) return viaYoga(yoga, req, res, body);
  const operation = getOperationAST(document, params.operationName);
  if (!operation || operation.operation === OperationTypeNode.SUBSCRIPTION) return viaYoga(yoga, req, res, body);
  let result: ExecutionResult;
  try {
    const contextValue: unknown = await enveloped.contextFactory();
    result = (await enveloped.execute({ schema, document, contextValue, variableValues: params.variables, operationName: params.operationName })) as ExecutionResult;
  } catch (err) {
    result = { errors: [thrownAsGraphQLError(err, masking, yoga)] };
  }
  if (isAsyncIterable(result)) throw new Error("a query or mutation answered with a stream");
  const response = processRegularResult(result, yoga.fetchAPI, answerType);
  const status = wellFormedStatus(response.status, result, answerType);
  const answer = status === response.status ? response : new Response(response.body, { status, headers: response.headers });
  for (const [name, value] of Object.entries(rateLimitHeadersOf(request))) answer.headers.set(name, value);
  // Written as the Fetch adapter writes yoga's answers, so that the two paths answer alike.
  await sendNodeResponse(answer, res, req, true);
}

/** What yoga answers a request whose body is already read. */
async function viaYoga(yoga: GraphQLServer, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
  // What the Fetch adapter gives yoga as the server's context.
  const serverContext: GraphQLServerContext & { req: IncomingMessage; res: ServerResponse } = { req, res };
  await sendNodeResponse(await yoga.handleRequest(fetchRequestOf(req, body), serverContext), res, req, true);
}

function parsedOrUndefined(enveloped: { parse: (source: string) => unknown }, query: string): DocumentNode | undefined {
  try {
    return enveloped.parse(query) as DocumentNode;
  } catch {
    return undefined;
  }
}

/** An error thrown by execution, masked and logged as yoga does with one (its handleError). */
function thrownAsGraphQLError(err: unknown, masking: Masking, yoga: GraphQLServer): GraphQLError {
  const masked = masking.maskError(err, "Unexpected error.", masking.isDev);
  if (masked !== err) yoga.logger.error(err);
  return masked instanceof GraphQLError ? masked : new GraphQLError(masked.message, { originalError: masked });
}
