import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import SimpleObjectsPlugin from "@pothos/plugin-simple-objects";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import type PrismaTypes from "../../generated/pothos-types.js";
import { getDatamodel } from "../../generated/pothos-types.js";
import type { Principal } from "../principal.js";
import type { ServiceDeps } from "../deps.js";
import type { Scope } from "../auth/scopes.js";
import { insufficientScope, mayUseScope } from "../auth/scope-check.js";

export interface GraphQLContext {
  deps: ServiceDeps;
  /** The authenticated caller; rejects with 401/403 when the request's API key does not pass. */
  principal(): Promise<Principal>;
  /** The request's Idempotency-Key header, if any (a mutation's own `idempotencyKey` wins). */
  idempotencyKey: string | undefined;
  /**
   * The operation's input as the service takes it, when the REST facade already checked it against
   * its route's published schema (checked-input.ts); undefined over /graphql and websockets.
   */
  checkedInput?: unknown;
  /** Where links handed back (invitations) point: CONSOLE_URL, else the request's own origin; none over websockets. */
  linkOrigin: string | undefined;
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  Scalars: { Variables: { Input: Record<string, unknown>; Output: Record<string, unknown> } };
  /**
   * Every root field states the one scope it needs: `authScopes: { scope: "messages:send" }`; the
   * few that anyone may call without a key (sign-up) state `authScopes: { public: true }`.
   */
  AuthScopes: { scope: Scope; public: true };
}>({
  plugins: [ScopeAuthPlugin, PrismaPlugin, RelayPlugin, SimpleObjectsPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    // The caller is asked for only when a scope is: a public field needs none. A caller whose key
    // does not pass was refused before execution (server.ts), or gets that refusal (401/403) here;
    // one let in for billing alone gets it for any other scope (mayUseScope).
    authScopes: (ctx) => ({
      scope: async (scope) => mayUseScope(await ctx.principal(), scope),
      public: () => true,
    }),
    // Checked once when a subscription starts; a key or role that changes later ends the stream
    // through the live-auth recheck (core/auth/live-auth.ts).
    authorizeOnSubscribe: true,
    unauthorizedError: (_parent, _ctx, _info, result) => insufficientScope(result.failure),
  },
  prisma: {
    client: (ctx) => ctx.deps.db,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
