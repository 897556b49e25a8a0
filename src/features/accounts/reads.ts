import type { Account, AccountUsage } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { sentInPeriod } from "../../core/numbers/counters-sql.js";
import { dateOnly } from "../../core/clock.js";
import { ownAccountsWhere } from "../../core/auth/number-scope.js";

// What a tenant reads of its numbers and its allowance (GET /accounts, GET /balance).

/** Today's and this month's sends of an account (see counters-sql.ts for the rule). */
export function accountSentCounts(deps: ServiceDeps, usage: AccountUsage | null): { today: number; month: number } {
  return sentInPeriod(usage, deps.clock.period());
}

/** `query`: what the GraphQL selection needs loaded with them (the Prisma plugin's include/select). */
export async function listAccounts(deps: ServiceDeps, principal: Principal, query: { include?: object; select?: object } = {}): Promise<Account[]> {
  return deps.db.account.findMany({ ...query, where: { tenantId: principal.tenantId, removedAt: null, ...ownAccountsWhere(principal) }, orderBy: { id: "asc" } });
}

export interface BalanceView {
  plan: string;
  subscriptionEnds: string;
  messages: { limit: number; used: number; remaining: number };
  accounts: { limit: number; connected: number };
}

export async function currentBalance(deps: ServiceDeps, principal: Principal): Promise<BalanceView> {
  const [tenant, usage, connected] = await Promise.all([
    deps.db.tenant.findUniqueOrThrow({ where: { id: principal.tenantId }, include: { plan: true } }),
    deps.db.tenantMonthlyUsage.findUnique({ where: { tenantId_month: { tenantId: principal.tenantId, month: deps.clock.month() } } }),
    deps.db.account.count({ where: { tenantId: principal.tenantId, status: "connected" } }),
  ]);
  // This month's top-ups (billing) add to the plan's allowance.
  const limit = tenant.plan.monthlyMessageLimit + (usage?.bonus ?? 0);
  const used = usage?.used ?? 0;
  return {
    plan: tenant.plan.name,
    subscriptionEnds: dateOnly(tenant.subscriptionEndsOn),
    messages: { limit, used, remaining: Math.max(limit - used, 0) },
    accounts: { limit: tenant.plan.maxAccounts, connected },
  };
}
