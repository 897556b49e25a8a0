import type { DbClient } from "../../core/db/database.js";

// The statements sign-up writes to `tenant`: a new tenant not yet verified, and its verification.
// (The operator's tenant:create is admin-sql.ts's; its tenants are verified by the column's default.)

type Writer = Pick<DbClient, "tenant" | "$executeRaw">;

export interface SignupTenant {
  name: string;
  planId: number;
  subscriptionEndsOn: Date;
  vatNumber: string | null;
  locale: "ar" | "en";
}

export const insertSignupTenant = (db: Writer, t: SignupTenant) => db.tenant.create({ data: { ...t, emailVerifiedAt: null }, select: { id: true } });

/** Marks a tenant verified at `at`: true the first time, false when it was already. */
export async function markTenantVerified(db: Writer, tenantId: number, at: Date): Promise<boolean> {
  const changed = await db.$executeRaw`-- mark_tenant_verified
    UPDATE tenant SET email_verified_at = ${at} WHERE id = ${tenantId} AND email_verified_at IS NULL`;
  return changed === 1;
}
