import type { GraphQLContext } from "./builder.js";

// One check per input. A service takes typed input, never raw: over /graphql its arguments are
// checked by the service's own field rules (`parse`, which names bad fields in GraphQL's names);
// a REST call was checked once already, against its route's published schema built from the same
// field rules, and the facade hands the typed input it made from that along in the context.

/** The service's typed input for this operation: the facade's, or `raw` checked by `parse`. */
export function checkedInput<T>(ctx: GraphQLContext, parse: (raw: unknown) => T, raw: unknown): T {
  return ctx.checkedInput === undefined ? parse(raw) : (ctx.checkedInput as T);
}
