import type { DbClient } from "../../core/db/database.js";

// The statements of the `signup_code` table: the operator's codes for SIGNUP=invite.

type Writer = Pick<DbClient, "signupCode" | "$queryRaw">;

export const insertSignupCode = (db: Writer, code: { codeHash: string; usesLeft: number; createdAt: Date; expiresAt: Date }) =>
  db.signupCode.create({ data: code, select: { id: true, usesLeft: true, expiresAt: true } });

/** Whether a code still allows a sign-up at `at` (read only: nothing is spent). */
export async function signupCodeWorks(db: Writer, codeHash: string, at: Date): Promise<boolean> {
  const row = await db.signupCode.findUnique({ where: { codeHash }, select: { usesLeft: true, expiresAt: true } });
  return row !== null && row.usesLeft > 0 && row.expiresAt > at;
}

/** Spends one use of a code: true for as many callers as it has uses left, before it expires. */
export async function spendSignupCode(db: Writer, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: number }[]>`-- spend_signup_code
    UPDATE signup_code SET uses_left = uses_left - 1
    WHERE code_hash = ${codeHash} AND uses_left > 0 AND expires_at > ${at}
    RETURNING id`;
  return rows.length === 1;
}
