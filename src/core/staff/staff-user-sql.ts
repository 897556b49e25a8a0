import type { DbClient } from "../db/database.js";
import type { Role } from "./roles.js";

// The statements that write staff users and their one-time links. The users feature makes the
// decisions (who may invite whom, which role); the console's sign-in (staff-sign-in.ts) stamps
// sign-ins and spends second-factor codes.

type Writer = Pick<DbClient, "staffUser" | "staffLink" | "$executeRaw" | "$queryRaw">;

/** What a staff user's row holds that no read outside the sign-in needs: left out with `omit`. */
export const staffUserSecrets = { passwordHash: true, totpSecret: true, recoveryCodeHashes: true } as const;

export const insertStaffUser = (db: Writer, user: { tenantId: number; email: string; role: Role; createdAt: Date }) => db.staffUser.create({ data: user, omit: staffUserSecrets });

export const updateStaffRole = (db: Writer, id: number, role: Role) => db.staffUser.update({ where: { id }, data: { role }, omit: staffUserSecrets });

/** Disables (a date) or enables again (null) a user. */
export const updateStaffDisabled = (db: Writer, id: number, disabledAt: Date | null) => db.staffUser.update({ where: { id }, data: { disabledAt }, omit: staffUserSecrets });

export const updateStaffPassword = (db: Writer, id: number, passwordHash: string) => db.staffUser.update({ where: { id }, data: { passwordHash }, omit: staffUserSecrets });

export const touchStaffSignIn = (db: Writer, id: number, at: Date) => db.staffUser.update({ where: { id }, data: { lastSignInAt: at }, select: { id: true } });

/** Keeps a secret the user has yet to confirm with a code; it counts only once enabled. */
export const updatePendingTotp = (db: Writer, id: number, secret: string) =>
  db.staffUser.update({ where: { id }, data: { totpSecret: secret, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [] }, select: { id: true } });

export const enableTotp = (db: Writer, id: number, at: Date, step: number, recoveryCodeHashes: string[]) =>
  db.staffUser.update({ where: { id }, data: { totpEnabledAt: at, totpLastStep: step, recoveryCodeHashes }, select: { id: true } });

export const disableTotp = (db: Writer, id: number) =>
  db.staffUser.update({ where: { id }, data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [] }, select: { id: true } });

/**
 * Spends the code of 30-second step `step`: true only for the first caller of a step newer than
 * the last one spent, so a code seen over someone's shoulder, or sent twice at once, works once.
 */
export async function spendTotpStep(db: Writer, id: number, step: number): Promise<boolean> {
  const spent = await db.$executeRaw`-- spend_totp_step
    UPDATE staff_user SET totp_last_step = ${step}
    WHERE id = ${id} AND (totp_last_step IS NULL OR totp_last_step < ${step})`;
  return spent === 1;
}

/** Spends a recovery code by its hash: true once, for the first caller. */
export async function spendRecoveryCode(db: Writer, id: number, hash: string): Promise<boolean> {
  const spent = await db.$executeRaw`-- spend_recovery_code
    UPDATE staff_user SET recovery_code_hashes = array_remove(recovery_code_hashes, ${hash})
    WHERE id = ${id} AND ${hash} = ANY(recovery_code_hashes)`;
  return spent === 1;
}

/** Links that choose a password; a verification link (sign-up) proves an address and sets nothing. */
export type PasswordLinkPurpose = "invitation" | "password_reset";
export type StaffLinkPurpose = PasswordLinkPurpose | "verification";

/**
 * Stores a one-time link, and closes the user's earlier open links of its kind: only the newest
 * one works. A password link and a verification link are different kinds and live side by side.
 */
export async function insertStaffLink(db: Writer, link: { userId: number; purpose: StaffLinkPurpose; tokenHash: string; createdAt: Date; expiresAt: Date }) {
  const kind = link.purpose === "verification" ? ("verification" as const) : { not: "verification" as const };
  await db.staffLink.updateMany({ where: { userId: link.userId, usedAt: null, purpose: kind }, data: { usedAt: link.createdAt } });
  return db.staffLink.create({ data: link, omit: { tokenHash: true } });
}

/** Spends an open link of one of `purposes` by its token's hash: its row for the first caller before it expires, else null. */
export async function spendStaffLink<P extends StaffLinkPurpose>(db: Writer, tokenHash: string, at: Date, purposes: readonly P[]) {
  const [row] = await db.$queryRaw<{ id: number; user_id: number; purpose: P }[]>`-- spend_staff_link
    UPDATE staff_link SET used_at = ${at}
    WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${at} AND purpose::text = ANY(${purposes as readonly string[]}::text[])
    RETURNING id, user_id, purpose::text AS purpose`;
  return row ? { id: row.id, userId: row.user_id, purpose: row.purpose } : null;
}

/**
 * Locks the tenant's row for its user changes, then counts its users that are not disabled and
 * reads its plan's `max_users`. Two statements, so under READ COMMITTED the count sees every user
 * committed by the turns before; the plan is read under the lock, so a plan change (which updates
 * the tenant's row) is either wholly before or wholly after.
 */
export async function lockTenantForUsers(tx: Pick<DbClient, "$queryRaw">, tenantId: number): Promise<{ users: number; owners: number; maxUsers: number }> {
  await tx.$queryRaw`-- lock_tenant_for_users
    SELECT id FROM tenant WHERE id = ${tenantId} FOR NO KEY UPDATE`;
  const [row] = await tx.$queryRaw<{ users: number; owners: number; maxUsers: number }[]>`-- count_staff_users
    SELECT count(u.id)::int AS users, count(u.id) FILTER (WHERE u.role = 'owner')::int AS owners, p.max_users AS "maxUsers"
    FROM tenant t JOIN plan p ON p.id = t.plan_id LEFT JOIN staff_user u ON u.tenant_id = t.id AND u.disabled_at IS NULL
    WHERE t.id = ${tenantId} GROUP BY p.max_users`;
  return row ?? { users: 0, owners: 0, maxUsers: 0 };
}

/** Forgets up to `limit` one-time links used or expired before `before` (the housekeeper's). */
export const deleteSpentStaffLinks = (db: Pick<DbClient, "$executeRaw">, before: Date, limit: number) =>
  db.$executeRaw`-- delete_spent_staff_links
    DELETE FROM staff_link WHERE id IN (
      SELECT id FROM staff_link WHERE used_at < ${before} OR expires_at < ${before} ORDER BY id LIMIT ${limit})`;
