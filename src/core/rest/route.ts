import type { Readable } from "node:stream";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import type { z } from "zod";
import type { ErrorCode } from "../errors.js";
import type { ServiceDeps } from "../deps.js";
import type { Principal } from "../principal.js";
import type { Scope } from "../auth/scopes.js";

// What a REST route is: the prepared GraphQL operation it runs, how the request maps onto that
// operation's variables, and how its data maps back onto the documented answer. A stream route
// answers bytes instead (a file a provider holds), which GraphQL cannot carry: it runs a service
// function with the admitted caller and the router pipes what it opens to the response.

export type Body = Record<string, unknown>;

/** What the OpenAPI document says of a route besides its shapes (openapi.ts). */
export interface RouteDoc {
  /** The path as OpenAPI writes it: `/messages/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag:
    | "Sending"
    | "Messages"
    | "Account"
    | "Webhooks"
    | "Templates"
    | "Contacts"
    | "Inbound"
    | "Keys"
    | "Users"
    | "Sign-up"
    | "Chatwoot"
    | "Audit"
    | "Exports"
    | "Billing"
    | "Invoices"
    | "Automation";
  /** The JSON body, for routes that read one: the request is refused unless it passes (unknown fields included). */
  body?: z.ZodType;
  /** Query-string parameters, for routes that read some (a strict object of strings); any other is refused. */
  query?: z.ZodObject;
  /**
   * Also takes a CSV body (Content-Type: text/csv; see csv-body.ts): the rest of the request then
   * travels in the query string, as these parameters.
   */
  csv?: z.ZodObject;
  /** Takes an Idempotency-Key header. */
  idempotent?: boolean;
  /** Errors this route can answer besides those of every authenticated request. */
  errors: ErrorCode[];
}

interface Route<TData, TVars, TAnswer extends z.ZodType> {
  kind?: "operation";
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The success status: 200 unless the work goes on after the answer (202). */
  status?: 202;
  path: RegExp;
  operation: TypedDocumentNode<TData, TVars>;
  doc: RouteDoc;
  /** The 200 answer; `respond` must produce it, which the compiler checks. */
  answer: TAnswer;
  /** `body` and `query` as their schemas parsed them. */
  variables(params: string[], body: Body, query: Body): TVars;
  /**
   * The service's typed input, from these variables, for an operation whose service takes checked
   * input (core/graphql/checked-input.ts): the route's schema checked them, so it is not checked again.
   */
  checked?(variables: TVars): unknown;
  respond(data: TData): z.input<TAnswer>;
}

export type OperationRoute = Route<unknown, unknown, z.ZodType>;
export const route = <TData, TVars, TAnswer extends z.ZodType>(r: Route<TData, TVars, TAnswer>) => r as unknown as OperationRoute;

/** What a stream route opened: the bytes, read as the caller takes them, and the headers that describe them. */
export interface StreamAnswer {
  /** Destroyed with an error to cut the answer short: the caller's connection is then destroyed too, never ended as if whole. */
  body: Readable;
  /** Content-Type, Content-Length when known, and what else describes the bytes; the router adds the rate-limit headers. */
  headers: Record<string, string>;
}

export interface StreamRoute {
  kind: "stream";
  method: "GET";
  path: RegExp;
  doc: RouteDoc;
  /** The scope it needs (an operation route's is its GraphQL field's). */
  scope: Scope;
  /** What the 200 answer's bytes are, for the OpenAPI document. */
  answerDescription: string;
  /** Response headers besides Content-Type (which OpenAPI leaves to the content) and the rate limit's, for the OpenAPI document. */
  answerHeaders: Record<string, { description: string; required: boolean; type: "string" | "integer" }>;
  /** A ServiceError thrown here is answered in the error shape, as any route's. */
  open(deps: ServiceDeps, principal: Principal, params: string[], query: Record<string, unknown>): Promise<StreamAnswer>;
}

export const streamRoute = (r: Omit<StreamRoute, "kind">): StreamRoute => ({ kind: "stream", ...r });

export type AnyRoute = OperationRoute | StreamRoute;

/** A body's fields under their GraphQL names (`map`: REST name to GraphQL name); an absent one stays undefined, which the router leaves out. */
export function renamed(body: Body, map: Record<string, string>): Body {
  const out: Body = {};
  for (const rest of Object.keys(map)) if (body[rest] !== undefined) out[map[rest]!] = body[rest];
  return out;
}
