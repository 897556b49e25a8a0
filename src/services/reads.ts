import { sentInPeriod } from "./counters.js";
import type { Account, AccountUsage, Message, MessageStatus } from "../generated/prisma/client.js";
import type { Principal } from "./principal.js";
import type { ServiceDeps } from "./deps.js";
import { notFound } from "./errors.js";
import { parseId } from "./ids.js";
import { dateOnly } from "./clock.js";

// Everything a tenant can read. Every query is scoped by the caller's tenant, and another tenant's
// id is answered exactly like an unknown one.

export async function getMessage(deps: ServiceDeps, principal: Principal, rawId: string | bigint): Promise<Message> {
  const id = parseId(rawId);
  const message = id && (await deps.db.message.findFirst({ where: { id, tenantId: principal.tenantId } }));
  if (!message) throw notFound("Message");
  return message;
}

export interface MessagePage {
  /** Only ids below this one (the next page of a newest-first list). */
  olderThan?: bigint | undefined;
  /** Only ids above this one (the previous page). */
  newerThan?: bigint | undefined;
  limit: number;
  /** Oldest first instead of newest first (paging backwards). */
  ascending?: boolean;
  status?: MessageStatus[] | null | undefined;
  batchId?: string | null | undefined;
}

export async function listMessages(deps: ServiceDeps, principal: Principal, page: MessagePage): Promise<Message[]> {
  const batchId = page.batchId == null ? undefined : parseId(page.batchId);
  if (page.batchId != null && batchId === undefined) return [];
  return deps.db.message.findMany({
    where: {
      tenantId: principal.tenantId,
      ...(page.status?.length ? { status: { in: page.status } } : {}),
      ...(batchId !== undefined ? { batchId } : {}),
      id: {
        ...(page.olderThan !== undefined ? { lt: page.olderThan } : {}),
        ...(page.newerThan !== undefined ? { gt: page.newerThan } : {}),
      },
    },
    orderBy: { id: page.ascending ? "asc" : "desc" },
    take: page.limit,
  });
}

/** Today's and this month's sends of an account (see counters.ts for the rule). */
export function accountSentCounts(deps: ServiceDeps, usage: AccountUsage | null): { today: number; month: number } {
  return sentInPeriod(usage, deps.clock.period());
}

export async function listAccounts(deps: ServiceDeps, principal: Principal): Promise<Array<Account & { usage: AccountUsage | null }>> {
  return deps.db.account.findMany({ where: { tenantId: principal.tenantId }, include: { usage: true }, orderBy: { id: "asc" } });
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
  const limit = tenant.plan.monthlyMessageLimit;
  const used = usage?.used ?? 0;
  return {
    plan: tenant.plan.name,
    subscriptionEnds: dateOnly(tenant.subscriptionEndsOn),
    messages: { limit, used, remaining: Math.max(limit - used, 0) },
    accounts: { limit: tenant.plan.maxAccounts, connected },
  };
}
