import type { Plan, Tenant } from "../../generated/prisma/client.js";
import type { Principal, WindowRule } from "../principal.js";

/** What every caller's principal holds of its tenant: its plan's limits, its send window, whether it is verified. */
export const tenantOfPrincipal = (
  tenant: Pick<Tenant, "emailVerifiedAt"> & { plan: Plan; sendWindow: WindowRule | null },
): Pick<Principal, "plan" | "sendWindow" | "emailVerified"> => ({
  plan: {
    name: tenant.plan.name,
    monthlyMessageLimit: tenant.plan.monthlyMessageLimit,
    maxAccounts: tenant.plan.maxAccounts,
    requestsPerSecond: tenant.plan.requestsPerSecond,
    requestBurst: tenant.plan.requestBurst,
  },
  sendWindow: tenant.sendWindow,
  emailVerified: tenant.emailVerifiedAt !== null,
});
