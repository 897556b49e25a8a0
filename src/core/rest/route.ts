import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import type { z } from "zod";
import type { ErrorCode } from "../errors.js";

// What a REST route is: the prepared GraphQL operation it runs, how the request maps onto that
// operation's variables, and how its data maps back onto the documented answer.

export type Body = Record<string, unknown>;

/** What the OpenAPI document says of a route besides its shapes (openapi.ts). */
export interface RouteDoc {
  /** The path as OpenAPI writes it: `/messages/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: "Sending" | "Messages" | "Account" | "Webhooks" | "Templates" | "Contacts" | "Inbound";
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
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: RegExp;
  operation: TypedDocumentNode<TData, TVars>;
  doc: RouteDoc;
  /** The 200 answer; `respond` must produce it, which the compiler checks. */
  answer: TAnswer;
  /** `body` and `query` as their schemas parsed them. */
  variables(params: string[], body: Body, query: Body): TVars;
  respond(data: TData): z.input<TAnswer>;
}

export type AnyRoute = Route<unknown, unknown, z.ZodType>;
export const route = <TData, TVars, TAnswer extends z.ZodType>(r: Route<TData, TVars, TAnswer>) => r as unknown as AnyRoute;

/** Present fields only: an absent field must reach GraphQL as absent, so "required" is reported. */
export const pick = (body: Body, map: Record<string, string>) =>
  Object.fromEntries(Object.entries(map).filter(([rest]) => rest in body).map(([rest, gql]) => [gql, body[rest]]));
