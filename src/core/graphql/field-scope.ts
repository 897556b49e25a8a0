import type { GraphQLField, GraphQLSchema } from "graphql";
import { isScope, type Scope } from "../auth/scopes.js";

// The scope a root field states (builder.ts: `authScopes: { scope }`), read from the built schema,
// so the REST facade, the OpenAPI document and the printed schema say what the resolvers enforce.

const authScopesOf = (field: GraphQLField<unknown, unknown>) =>
  (field.extensions as { pothosOptions?: { authScopes?: unknown } } | undefined)?.pothosOptions?.authScopes as { scope?: unknown; public?: unknown } | undefined;

/** The one scope `field` needs, or undefined when it states none. */
export function scopeOfField(field: GraphQLField<unknown, unknown>): Scope | undefined {
  const scope = authScopesOf(field)?.scope;
  return typeof scope === "string" && isScope(scope) ? scope : undefined;
}

/** Who may call a field: anyone (`public`: no key, as sign-up), or callers with one scope. */
export type FieldAccess = Scope | "public";

/** Whether anyone may call `field`, without a key (`authScopes: { public: true }`). */
export const isPublicField = (field: GraphQLField<unknown, unknown> | undefined): boolean => field !== undefined && authScopesOf(field)?.public === true;

/** The scope `field` needs, "public" for a field anyone may call, or undefined when it states neither. */
export const accessOfField = (field: GraphQLField<unknown, unknown>): FieldAccess | undefined => (isPublicField(field) ? "public" : scopeOfField(field));

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
      const access = accessOfField(field);
      if (!access) throw new Error(`${root!.name}.${field.name} states no scope: give it authScopes: { scope: "…" }`);
      const needs = access === "public" ? "Needs no key: anyone may call it." : `Needs the scope \`${access}\`.`;
      field.description = `${field.description ? `${field.description}\n\n` : ""}${needs}`;
    }
  }
  return schema;
}
