import { getOperationAST, Kind, type GraphQLSchema } from "graphql";
import { accessOfField, type FieldAccess } from "../graphql/field-scope.js";
import type { AnyRoute } from "./route.js";

/**
 * The scope each route needs: that of the root field its prepared operation runs (a stream route
 * states its own). Refuses routes whose operation needs none or several, so every REST operation
 * needs exactly one, the same as over GraphQL ("public": the field needs no key, as sign-up).
 */
export function routeScopes(schema: GraphQLSchema, routes: AnyRoute[]): Map<AnyRoute, FieldAccess> {
  const scopes = new Map<AnyRoute, FieldAccess>();
  for (const route of routes) {
    if (route.kind === "stream") {
      scopes.set(route, route.scope);
      continue;
    }
    const op = getOperationAST(route.operation);
    const root = op && schema.getRootType(op.operation);
    const needed = new Set(
      (op?.selectionSet.selections ?? []).map((s) => (s.kind === Kind.FIELD && root ? root.getFields()[s.name.value] : undefined)).map((f) => (f ? accessOfField(f) : undefined)),
    );
    const [scope] = needed;
    if (needed.size !== 1 || !scope)
      throw new Error(`${route.method} ${route.doc.path} runs fields needing ${[...needed].join(", ") || "no scope"}: a route needs exactly one scope`);
    scopes.set(route, scope);
  }
  return scopes;
}
