import type { Db } from "../../core/db/database.js";
import type { Prisma } from "../../generated/prisma/client.js";

// The statements that write tenants, which admin owns (plans are billing's): the operator's commands (admin.ts).
// A change is announced to every instance's key cache by the database's triggers.

/** Adds a tenant on a plan, subscribed until `subscriptionEndsOn`. */
export const insertTenant = (db: Db, t: { name: string; planId: number; subscriptionEndsOn: Date }) => db.tenant.create({ data: t });

/** Suspends, resumes or renews a tenant. */
export const updateTenant = (db: Db, tenantId: number, data: { status?: "active" | "suspended"; suspensionReason?: string | null; subscriptionEndsOn?: Date }) =>
  db.tenant.update({ where: { id: tenantId }, data });

/** A tenant's own message retention in days; null: the operator's MESSAGE_RETENTION_DAYS. */
export const setTenantRetention = (db: Db, tenantId: number, days: number | null) =>
  db.tenant.update({ where: { id: tenantId }, data: { messageRetentionDays: days }, select: { id: true, messageRetentionDays: true } });

const day = (d: string) => new Date(`${d}T00:00:00Z`);

/** The tenant's standing as billing keeps it (its plan version, paid-through day, grace), in billing's transaction; handed to billing by the composition root. */
export const setTenantStanding = (tx: Prisma.TransactionClient | Db, tenantId: number, s: { planId?: number; paidThrough?: string; graceUntil?: string | null }) =>
  tx.tenant.update({
    where: { id: tenantId },
    data: {
      ...(s.planId === undefined ? {} : { planId: s.planId }),
      ...(s.paidThrough === undefined ? {} : { subscriptionEndsOn: day(s.paidThrough) }),
      ...(s.graceUntil === undefined ? {} : { graceUntil: s.graceUntil === null ? null : day(s.graceUntil) }),
    },
  });

/** A tenant made by sign-up, not yet verified (the operator's are verified by the column's default); handed to sign-up by the composition root. */
export const insertSignupTenant = (
  tx: Prisma.TransactionClient | Db,
  t: { name: string; planId: number; subscriptionEndsOn: Date; vatNumber: string | null; locale: "ar" | "en" },
) => tx.tenant.create({ data: { ...t, emailVerifiedAt: null }, select: { id: true } });

/** Marks a tenant verified at `at`: true the first time, false when it was already; handed to sign-up by the composition root. */
export async function markTenantVerified(tx: Prisma.TransactionClient | Db, tenantId: number, at: Date): Promise<boolean> {
  const changed = await tx.tenant.updateMany({ where: { id: tenantId, emailVerifiedAt: null }, data: { emailVerifiedAt: at } });
  return changed.count === 1;
}
