import type { GraphQLField, GraphQLSchema } from "graphql";
import { isScope, type Scope } from "../auth/scopes.js";

// The scope a root field states (builder.ts: `authScopes: { scope }`), read from the built schema,
// so the REST facade, the OpenAPI document and the printed schema say what the resolvers enforce.

/** The one scope `field` needs, or undefined when it states none. */
export function scopeOfField(field: GraphQLField<unknown, unknown>): Scope | undefined {
  const options = (field.extensions as { pothosOptions?: { authScopes?: unknown } } | undefined)?.pothosOptions;
  const scope = (options?.authScopes as { scope?: unknown } | undefined)?.scope;
  return typeof scope === "string" && isScope(scope) ? scope : undefined;
}

/** Every root field of the schema: its type's name, its name and its scope. */
export function rootFieldScopes(schema: GraphQLSchema): { type: string; name: string; scope: Scope | undefined }[] {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  return roots.flatMap((root) => (root ? Object.values(root.getFields()).map((f) => ({ type: root.name, name: f.name, scope: scopeOfField(f) })) : []));
}

/**
 * Says in each root field's description which scope it needs (the printed schema and GraphiQL's
 * docs show it), and refuses to build a schema with a root field that states none.
 */
export function stateScopes(schema: GraphQLSchema): GraphQLSchema {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  for (const root of roots) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const scope = scopeOfField(field);
      if (!scope) throw new Error(`${root!.name}.${field.name} states no scope: give it authScopes: { scope: "…" }`);
      field.description = `${field.description ? `${field.description}\n\n` : ""}Needs the scope \`${scope}\`.`;
    }
  }
  return schema;
}
