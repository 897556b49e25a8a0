import type { Author } from "../audit/audited.js";
import type { Principal } from "../principal.js";
import type { GraphQLContext } from "./builder.js";

/** Who makes a change through this operation, and when: the caller, at the service clock's now. */
export const authorOf = (ctx: Pick<GraphQLContext, "deps">, principal: Pick<Principal, "actor">): Author => ({ actor: principal.actor, at: ctx.deps.clock.now() });
