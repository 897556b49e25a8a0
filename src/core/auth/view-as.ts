import type { Plan, Tenant } from "../../generated/prisma/client.js";
import { ServiceError } from "../errors.js";
import type { Principal, WindowRule } from "../principal.js";
import { tenantOfPrincipal } from "./principal-tenant.js";
import { ALL_SCOPES } from "./scopes.js";

// An operator's read-only look at a business ("view as", docs/operators.md): a console session of
// the tenant held by no key and no user, naming the operator. Every page of the business console
// reads as the owner's would; no mutation runs (the GraphQL server refuses them all before
// execution), and the REST facade takes keys only, so the session reaches nothing that writes.

/** How long a look lasts at most; the operator opens another if they need more. */
export const VIEW_AS_LIFETIME_MS = 3_600_000;

export const viewAsInclude = { viewTenant: { include: { plan: true, sendWindow: true } }, viewerOperator: { select: { email: true, disabledAt: true } } } as const;

interface ViewAsSession {
  id: number;
  viewTenant: Tenant & { plan: Plan; sendWindow: WindowRule | null };
  viewerOperator: { email: string; disabledAt: Date | null };
}

/** The caller a look stands for: every scope, to read every page, with `viewedBy` refusing every change. */
export function principalOfView(session: ViewAsSession): Principal {
  return {
    scopes: ALL_SCOPES,
    accountIds: null,
    expiresAt: null,
    actor: { kind: "operator", name: session.viewerOperator.email, label: "view-as" },
    tenantId: session.viewTenant.id,
    apiKeyId: null,
    userId: null,
    role: null,
    limitKey: `view:${session.id}`,
    ...tenantOfPrincipal(session.viewTenant),
    viewedBy: session.viewerOperator.email,
  };
}

/** A look ends with its operator: disabled since, it stops at once. */
export const viewAsRefusal = (session: ViewAsSession): ServiceError | undefined =>
  session.viewerOperator.disabledAt ? new ServiceError("UNAUTHORIZED", "The operator who opened this view is disabled.") : undefined;

/** The one refusal of a change from a look, whatever it would change. */
export const readOnlyRefusal = () => new ServiceError("INSUFFICIENT_SCOPE", "This is an operator's read-only view of the business: nothing can be changed from it.");
