import type { Db } from "../../core/db/database.js";

// The statements that write plans and tenants, which admin owns: the operator's commands (admin.ts).
// A change to either is announced to every instance's key cache by the database's triggers.

export interface NewPlan {
  name: string;
  monthlyLimit: number;
  maxAccounts: number;
  requestsPerSecond?: number | undefined;
  requestBurst?: number | undefined;
  warmupRamp?: number[] | undefined;
  firstContactCap?: number | undefined;
}

/** Adds a plan; a setting left out takes its column's default. */
export const insertPlan = (db: Db, a: NewPlan) =>
  db.plan.create({
    data: {
      name: a.name,
      monthlyMessageLimit: a.monthlyLimit,
      maxAccounts: a.maxAccounts,
      ...(a.requestsPerSecond === undefined ? {} : { requestsPerSecond: a.requestsPerSecond }),
      ...(a.requestBurst === undefined ? {} : { requestBurst: a.requestBurst }),
      ...(a.warmupRamp === undefined ? {} : { warmupRamp: a.warmupRamp }),
      ...(a.firstContactCap === undefined ? {} : { firstContactCap: a.firstContactCap }),
    },
  });

/** Adds a tenant on a plan, subscribed until `subscriptionEndsOn`. */
export const insertTenant = (db: Db, t: { name: string; planId: number; subscriptionEndsOn: Date }) => db.tenant.create({ data: t });

/** Suspends, resumes or renews a tenant. */
export const updateTenant = (db: Db, tenantId: number, data: { status?: "active" | "suspended"; subscriptionEndsOn?: Date }) => db.tenant.update({ where: { id: tenantId }, data });

/** A tenant's own message retention in days; null: the operator's MESSAGE_RETENTION_DAYS. */
export const setTenantRetention = (db: Db, tenantId: number, days: number | null) =>
  db.tenant.update({ where: { id: tenantId }, data: { messageRetentionDays: days }, select: { id: true, messageRetentionDays: true } });
