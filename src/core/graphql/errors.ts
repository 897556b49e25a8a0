import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { PothosValidationError } from "@pothos/core";
import { maskError as defaultMaskError } from "graphql-yoga";
import { errorStatus, ServiceError, type ErrorCode } from "../errors.js";
import { isUnavailable, unavailableError, UNAVAILABLE_HEADERS } from "../unavailable.js";
import { Response } from "../http/fetch-api.js";

/**
 * graphql-js rejects variables of the wrong type before any resolver runs, with messages such as
 * `Variable "$input" got invalid value 5 at "input.to"; String cannot represent a non string value: 5`
 * or `…; Field "to" of required type "String!" was not provided.` They name the field and the
 * expected type; this turns them into the VALIDATION_ERROR shape that service validation uses.
 */
export function variableFieldError(message: string): [string, string] | undefined {
  const head = /^Variable "\$(\w+)" got invalid value/.exec(message);
  if (!head) return undefined;
  // `at "input.to"` names a field of the variable; `at "s[0]"` an entry of a list variable.
  const [, variable = "", rest = ""] = /at "(\w+)([^"]*)"/.exec(message) ?? [];
  const at = rest.startsWith(".") ? rest.slice(1) : variable + rest;
  const missing = /Field "([^"]+)" of required type "[^"]+" was not provided/.exec(message)?.[1];
  const field = (missing ? (at ? `${at}.${missing}` : missing) : at) || head[1] || "input";
  let problem = message.split("; ").slice(1).join("; ") || "is invalid";
  if (missing) problem = "is required";
  else if (/^String cannot represent/.test(problem)) problem = "must be a string";
  else if (/^Int cannot represent/.test(problem)) problem = "must be an integer";
  else if (/^ID cannot represent/.test(problem)) problem = "must be an id";
  return [field.replace(/\.(\w+)/g, "[$1]"), problem];
}

/**
 * An error as every transport shows it: `extensions` holds the documented `code` and the details
 * that go with it, never yoga's own `http` (which only chooses an HTTP answer's status and
 * headers, and which yoga drops from HTTP and SSE answers itself) nor its `unexpected` flag.
 */
export function publicError(error: GraphQLError | GraphQLFormattedError): GraphQLFormattedError {
  const json = error instanceof GraphQLError ? error.toJSON() : error;
  if (!json.extensions || !("http" in json.extensions || "unexpected" in json.extensions)) return json;
  const { http: _http, unexpected: _unexpected, ...extensions } = json.extensions;
  return { ...json, extensions };
}

/** graphql-js's "Did you mean …?" hints, which spell out the schema's fields and enum values. */
const suggestion = /\s*Did you mean [^?]*\?/g;

/** yoga's own refusals carry only an HTTP status; each gets the code documented for it. */
const codeOfStatus: Record<number, ErrorCode> = {
  405: "METHOD_NOT_ALLOWED",
  406: "NOT_ACCEPTABLE",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
};

/** A bare refusal (a status, no body) as a GraphQL error answer with the code of its status. */
export function errorAnswer(response: Response): Response {
  const code = codeOfStatus[response.status] ?? "BAD_REQUEST";
  const message =
    {
      METHOD_NOT_ALLOWED: "Use GET or POST.",
      NOT_ACCEPTABLE: "The Accept header names no type this endpoint answers in: use application/json, application/graphql-response+json or, for subscriptions, text/event-stream.",
      UNSUPPORTED_MEDIA_TYPE: "Send the body as application/json.",
    }[code as string] ?? "The request was refused.";
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), { status: response.status, headers });
}

/**
 * True when the caller caused the error (a service refusal, an invalid document or variable), so
 * it is answered as it is and logged at debug; false for a fault of ours, which is masked and
 * logged as an error.
 */
export function isCallerError(error: unknown): boolean {
  if (error instanceof ServiceError || error instanceof PothosValidationError) return true;
  if (!(error instanceof GraphQLError)) return false;
  return !error.originalError || error.originalError instanceof GraphQLError || isCallerError(error.originalError);
}

const withExtensions = (error: GraphQLError, message: string, extensions: Record<string, unknown>) =>
  new GraphQLError(message, {
    nodes: error.nodes,
    path: error.path,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, ...extensions },
  });

/**
 * Service errors keep their code, fields and HTTP status; the caller's own mistakes get a code;
 * unexpected errors are masked. Without `suggestions`, hints naming the schema's fields and enum
 * values are dropped (introspection off: the schema is not told).
 */
export function maskError(error: unknown, message: string, isDev?: boolean, options: { suggestions?: boolean } = {}): Error {
  const masked = maskedError(error, message, isDev);
  return options.suggestions || !(masked instanceof GraphQLError) ? masked : withoutSuggestions(masked);
}

/** The error without "Did you mean …?" hints, in its message and in its field problems. */
export function withoutSuggestions(error: GraphQLError): GraphQLError {
  if (!JSON.stringify([error.message, error.extensions]).includes("Did you mean")) return error;
  const fields = error.extensions.fields as Record<string, string> | undefined;
  return withExtensions(error, error.message.replace(suggestion, ""), {
    ...(fields ? { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.replace(suggestion, "")])) } : {}),
  });
}

/**
 * A parse or validation error of the caller's document, with the documented code: yoga's own
 * GRAPHQL_PARSE_FAILED / GRAPHQL_VALIDATION_FAILED, or none, become INVALID_QUERY; the limits'
 * QUERY_TOO_COMPLEX stays.
 */
export function documentError(error: GraphQLError, suggestions: boolean): GraphQLError {
  const code = error.extensions.code;
  const coded = typeof code === "string" && code in errorStatus ? error : withExtensions(error, error.message, { code: "INVALID_QUERY" });
  return suggestions ? coded : withoutSuggestions(coded);
}

function maskedError(error: unknown, message: string, isDev?: boolean): Error {
  const gqlError = error instanceof GraphQLError ? error : new GraphQLError(message);
  const thrown = error instanceof GraphQLError ? error.originalError : error;
  // The database or Redis away (a restart, a network fault) is neither a bug nor the caller's doing: 503.
  const original = !(thrown instanceof ServiceError) && isUnavailable(thrown) ? unavailableError() : thrown;
  if (original instanceof ServiceError) {
    const unavailable = original.code === "SERVICE_UNAVAILABLE";
    return withExtensions(gqlError, original.message, {
      code: original.code,
      http: { status: original.status, ...(unavailable ? { headers: { ...UNAVAILABLE_HEADERS } } : {}) },
      ...(original.fields ? { fields: original.fields } : {}),
      ...original.details,
    });
  }
  if (original instanceof PothosValidationError) {
    // Pothos's own argument checks (a negative `first` on a connection): the caller's mistake too.
    const [, field = "input", problem = original.message] = /^Argument "(\w+)" (.+)$/.exec(original.message) ?? [];
    return withExtensions(gqlError, `Invalid field: ${field}.`, {
      code: "VALIDATION_ERROR",
      http: { status: errorStatus.VALIDATION_ERROR },
      fields: { [field]: problem },
    });
  }
  if (error instanceof GraphQLError && (!error.originalError || error.originalError instanceof GraphQLError)) {
    // The caller's own mistake (syntax, validation, variable types): said as it is.
    const field = variableFieldError(error.message);
    if (field) {
      return withExtensions(error, `Invalid field: ${field[0]}.`, {
        code: "VALIDATION_ERROR",
        http: { status: errorStatus.VALIDATION_ERROR },
        fields: { [field[0]]: field[1] },
      });
    }
    const { status } = (error.extensions.http ?? {}) as { status?: number };
    const statusCode = status && codeOfStatus[status];
    // yoga calls most of its refusals BAD_REQUEST; the status says which one it is.
    return statusCode ? withExtensions(error, error.message, { code: statusCode }) : documentError(error, true);
  }
  const masked = defaultMaskError(error, message, isDev);
  return masked instanceof GraphQLError ? withExtensions(masked, masked.message, { code: "INTERNAL_ERROR" }) : masked;
}
