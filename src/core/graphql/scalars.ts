import { Kind, valueFromASTUntyped } from "graphql";
import { builder } from "./builder.js";

/**
 * Placeholder values by name: `{name: "Sara", code: "A17"}` in a query, or a JSON object in
 * variables. Any object passes here; the services check names and values and name each bad one.
 */
export const VariablesScalar = builder.scalarType("Variables", {
  description: 'Values of a text\'s {{placeholders}} by name, e.g. {name: "Sara", code: "A17"}: strings (numbers are taken as text).',
  serialize: (value) => value,
  parseValue: (value) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) throw new TypeError("Variables must be an object of names to values");
    return value as Record<string, unknown>;
  },
  parseLiteral: (ast, variables) => {
    if (ast.kind !== Kind.OBJECT) throw new TypeError("Variables must be an object of names to values");
    return valueFromASTUntyped(ast, variables) as Record<string, unknown>;
  },
});
