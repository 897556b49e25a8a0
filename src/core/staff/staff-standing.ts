import type { ServiceClock } from "../clock.js";
import { ServiceError } from "../errors.js";
import type { Principal, WindowRule } from "../principal.js";
import type { Plan, StaffUser, Tenant } from "../../generated/prisma/client.js";
import { tenantRefusal } from "../auth/key-standing.js";
import { tenantOfPrincipal } from "../auth/principal-tenant.js";
import { scopesOfRole } from "./roles.js";

// Whether a staff user may act, and what they may do: the same questions key-standing.ts and
// principalOfKey answer for a key, asked of a user's row.

/** What decides whether a user still passes: disabled or not, and its tenant's standing. */
export const staffStandingSelect = { disabledAt: true, tenant: { select: { status: true, suspensionReason: true, subscriptionEndsOn: true, graceUntil: true } } } as const;

/** The one rule of whether a staff user may act (requests and the recheck of live streams alike). */
export function staffRefusal(
  deps: { clock: ServiceClock },
  user: { disabledAt: Date | null; tenant: { status: string; suspensionReason: string | null; subscriptionEndsOn: Date; graceUntil: Date | null } } | null,
): ServiceError | undefined {
  if (!user || user.disabledAt) return new ServiceError("UNAUTHORIZED", "This user is disabled or no longer exists.");
  return tenantRefusal(deps, user.tenant);
}

/** The relations principalOfUser reads, loaded with the user in one query. */
export const staffPrincipalInclude = { tenant: { include: { plan: true, sendWindow: true } } } as const;

type StaffWithTenant = Pick<StaffUser, "id" | "email" | "role"> & { tenant: Tenant & { plan: Plan; sendWindow: WindowRule | null } };

/** What a staff user's row makes of the caller: the role's scopes, every number of the tenant, the plan's rate. */
export function principalOfUser(user: StaffWithTenant): Principal {
  const { tenant } = user;
  return {
    scopes: scopesOfRole(user.role),
    accountIds: null,
    expiresAt: null,
    actor: { kind: "user", name: user.email, label: user.role },
    tenantId: tenant.id,
    apiKeyId: null,
    userId: user.id,
    role: user.role,
    limitKey: `user:${user.id}`,
    ...tenantOfPrincipal(tenant),
  };
}
