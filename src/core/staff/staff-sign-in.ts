import type { ServiceDeps } from "../deps.js";
import { ServiceError } from "../errors.js";
import { randomToken } from "../auth/auth.js";
import { SESSION_LIFETIME_MS, throttleSignIn, tokenHash, type StartedSession } from "../auth/console-session.js";
import { insertConsoleSession } from "../auth/console-session-sql.js";
import { audited } from "../audit/audited.js";
import { insertAuditEvent } from "../audit/audit-event-sql.js";
import { auditEvent } from "../audit/audit-record.js";
import type { Actor } from "../principal.js";
import { verifyPassword } from "./passwords.js";
import { principalOfUser, staffPrincipalInclude, staffRefusal } from "./staff-standing.js";
import { spendRecoveryCode, spendTotpStep, touchStaffSignIn } from "./staff-user-sql.js";
import { acceptedTotpStep, recoveryCodeHash } from "./totp.js";

// A staff user's console sign-in: email and password, then the second factor when they turned it
// on (a TOTP code, or one of their recovery codes). Every attempt is throttled per address and
// per email before the password is hashed; every refusal of a known email is an audit event of
// its tenant; an unknown email costs the same hashing time as a known one, so timing tells nothing.

export interface StaffCredentials {
  email: string;
  password: string;
  /** A 6-digit TOTP code, or a recovery code. */
  code?: string;
}

/** The user an email names, as a sign-in reads them. */
const findUser = (deps: ServiceDeps, email: string) => deps.db.staffUser.findUnique({ relationLoadStrategy: "join", where: { email }, include: staffPrincipalInclude });

type FoundUser = NonNullable<Awaited<ReturnType<typeof findUser>>>;

const actorOf = (user: FoundUser): Actor => ({ kind: "user", name: user.email, label: user.role });

/** Signs a staff user in: a new console session, or the refusal (401, 403, 429) and its audit event. */
export async function startStaffSession(deps: ServiceDeps, credentials: StaffCredentials): Promise<StartedSession> {
  const email = credentials.email.trim().toLowerCase();
  await throttleSignIn(deps, { email });
  const user = await findUser(deps, email);
  const now = deps.clock.now();
  const refuse = async (reason: string, error: ServiceError): Promise<never> => {
    if (user) await insertAuditEvent(deps.db, auditEvent(user.tenantId, actorOf(user), now, { action: "session.sign_in_failed", target: `user:${user.id}`, after: { reason } }));
    throw error;
  };
  if (!(await verifyPassword(credentials.password, user?.passwordHash ?? null)) || !user) {
    return refuse("password", new ServiceError("UNAUTHORIZED", "The email or the password is wrong."));
  }
  const standing = staffRefusal(deps, user);
  if (standing) return refuse(user.disabledAt ? "disabled" : standing.code.toLowerCase(), standing);
  const method = await secondFactor(deps, user, credentials.code, now);
  if (method === "missing") throw new ServiceError("SECOND_FACTOR_REQUIRED", "Enter the 6-digit code from your authenticator app, or a recovery code.");
  if (method === "wrong") return refuse("second_factor", new ServiceError("SECOND_FACTOR_REQUIRED", "The code is wrong or has been used already."));
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await audited(
    deps.db,
    { actor: actorOf(user), at: now },
    async (tx) => {
      await touchStaffSignIn(tx, user.id, now);
      return insertConsoleSession(tx, { tokenHash: tokenHash(token), userId: user.id, createdAt: now, expiresAt });
    },
    (session) => ({ tenantId: user.tenantId, action: "session.signed_in", target: `console_session:${session.id}`, after: { method, expiresAt } }),
  );
  return { token, expiresAt, principal: principalOfUser(user), twoFactor: user.totpEnabledAt !== null };
}

/** How the second factor went: not needed, passed (and how), absent, or wrong. */
async function secondFactor(deps: ServiceDeps, user: FoundUser, code: string | undefined, now: Date): Promise<"password" | "totp" | "recovery_code" | "missing" | "wrong"> {
  if (!user.totpEnabledAt || !user.totpSecret) return "password";
  const typed = code?.trim();
  if (!typed) return "missing";
  if (/^\d{6}$/.test(typed)) {
    const step = acceptedTotpStep(user.totpSecret, typed, now, user.totpLastStep);
    return step !== undefined && (await spendTotpStep(deps.db, user.id, step)) ? "totp" : "wrong";
  }
  return (await spendRecoveryCode(deps.db, user.id, recoveryCodeHash(typed))) ? "recovery_code" : "wrong";
}
