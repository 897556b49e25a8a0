import { randomToken, sha256 } from "../../core/auth/auth.js";
import type { Db } from "../../core/db/database.js";
import { insertSignupCode } from "./signup-code-sql.js";

// With SIGNUP=invite a business signs up only with a code the operator made (`signup:code`) and
// handed over: printed once, stored as its SHA-256, good for a number of sign-ups until it expires.

/** The hash a code is stored and looked up by; codes are compared as typed, without spaces around. */
export const signupCodeHash = (code: string) => sha256(code.trim()).toString("hex");

/** Makes a code for `uses` sign-ups within `days` days of `at`; the code itself is shown only here. */
export async function createSignupCode(db: Db, a: { uses: number; days: number }, at: Date) {
  const code = `su_${randomToken(18)}`;
  const row = await insertSignupCode(db, { codeHash: signupCodeHash(code), usesLeft: a.uses, createdAt: at, expiresAt: new Date(at.getTime() + a.days * 86_400_000) });
  return { code, uses: row.usesLeft, expiresAt: row.expiresAt.toISOString() };
}
