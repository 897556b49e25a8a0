import { AuthScopeFailureType, type AuthFailure } from "@pothos/plugin-scope-auth";
import { ServiceError } from "../errors.js";
import type { Principal } from "../principal.js";
import type { Scope } from "./scopes.js";

/** The one refusal of a caller that lacks a scope: 403 INSUFFICIENT_SCOPE naming it. */
export const missingScope = (scope: string) =>
  new ServiceError("INSUFFICIENT_SCOPE", `This needs the scope '${scope}', which the API key or the user's role does not have.`, undefined, { scope });

/** The scope a failed scope-auth check asked for (the only kind of check the schema makes). */
export function insufficientScope(failure: AuthFailure): ServiceError {
  return refusalIn(failure) ?? new ServiceError("INSUFFICIENT_SCOPE", "The API key or the user's role does not allow this.");
}

/** The plugin wraps a field's one scope in an any/all group: the refusal is that scope's. */
function refusalIn(failure: AuthFailure): ServiceError | undefined {
  if (failure.kind === AuthScopeFailureType.AuthScope) return failure.error instanceof ServiceError ? failure.error : missingScope(String(failure.parameter));
  // A refusal of the caller itself (a bad key) is passed on as it is.
  if (failure.kind === AuthScopeFailureType.AuthScopeFunction) return failure.error instanceof ServiceError ? failure.error : undefined;
  if (failure.kind === AuthScopeFailureType.AnyAuthScopes || failure.kind === AuthScopeFailureType.AllAuthScopes) {
    for (const inner of failure.failures) {
      const found = refusalIn(inner);
      if (found) return found;
    }
  }
  return undefined;
}

/** Refuses a caller without `scope` (the REST facade, before it reads a body; stream routes). */
export function requireScope(principal: Pick<Principal, "scopes" | "heldRefusal">, scope: Scope): void {
  if (!mayUseScope(principal, scope)) throw missingScope(scope);
}

/** Whether the caller may use a scope; a caller let in for billing alone gets its held refusal for any other. */
export function mayUseScope(principal: Pick<Principal, "scopes" | "heldRefusal">, scope: Scope): boolean {
  if (principal.heldRefusal && scope !== "billing:manage") throw principal.heldRefusal;
  return principal.scopes.has(scope);
}
