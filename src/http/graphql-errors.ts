import { GraphQLError } from "graphql";
import { PothosValidationError } from "@pothos/core";
import { maskError as defaultMaskError } from "graphql-yoga";
import { errorStatus, ServiceError } from "../services/errors.js";

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

const withExtensions = (error: GraphQLError, message: string, extensions: Record<string, unknown>) =>
  new GraphQLError(message, {
    nodes: error.nodes,
    path: error.path,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, ...extensions },
  });

/** Service errors keep their code, fields and HTTP status; unexpected errors are masked. */
export function maskError(error: unknown, message: string, isDev?: boolean): Error {
  const gqlError = error instanceof GraphQLError ? error : new GraphQLError(message);
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof ServiceError) {
    return withExtensions(gqlError, original.message, {
      code: original.code,
      http: { status: original.status },
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
    return error;
  }
  const masked = defaultMaskError(error, message, isDev);
  return masked instanceof GraphQLError ? withExtensions(masked, masked.message, { code: "INTERNAL_ERROR" }) : masked;
}
