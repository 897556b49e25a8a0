import { endConsoleSessionsOfUser } from "../../core/auth/console-session-sql.js";
import { tokenHash } from "../../core/auth/console-session.js";
import { insertAuditEvent } from "../../core/audit/audit-event-sql.js";
import { auditEvent } from "../../core/audit/audit-record.js";
import { ServiceError, validationError } from "../../core/errors.js";
import { passwordWeakness, personalWords } from "../../core/staff/password-strength.js";
import { hashPassword } from "../../core/staff/passwords.js";
import { spendStaffLink, updateStaffPassword } from "../../core/staff/staff-user-sql.js";
import type { UserDeps } from "./users.js";

// The one-time links a person follows to choose a password: an invitation's, or a reset's. The
// token travels in the address's fragment (#link=…), which browsers never send to a server, so no
// request log, proxy or Referer header sees it; the database keeps only its SHA-256.

/**
 * Spends a link and sets the password it was for, in one transaction: a link works once, before
 * it expires, for a user who is not disabled. The user's other sessions end (a reset is often
 * made because someone else may know the old password).
 */
export async function useLink(deps: UserDeps, token: string, password: string): Promise<{ email: string }> {
  const hash = /^[A-Za-z0-9_-]{16,128}$/.test(token) ? tokenHash(token) : undefined;
  const owner = hash ? await deps.db.staffLink.findUnique({ where: { tokenHash: hash }, select: { purpose: true, user: { select: { email: true } } } }) : null;
  // A verification link (sign-up) proves an address; it never sets a password.
  if (!hash || !owner || owner.purpose === "verification") throw new ServiceError("UNAUTHORIZED", "This link is not one the gateway made: check that it was copied whole.");
  const weakness = await passwordWeakness(password, personalWords(owner.user.email));
  if (weakness) throw validationError({ password: weakness });
  const passwordHash = await hashPassword(password);
  const at = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const link = await spendStaffLink(tx, hash, at, ["invitation", "password_reset"]);
    const user = link ? await tx.staffUser.findUnique({ where: { id: link.userId }, select: { id: true, tenantId: true, email: true, role: true, disabledAt: true } }) : null;
    if (!link || !user || user.disabledAt) throw validationError({ token: await spentBecause(tx, hash, at) });
    await endConsoleSessionsOfUser(tx, user.id, at);
    await updateStaffPassword(tx, user.id, passwordHash);
    const action = link.purpose === "invitation" ? "user.invitation_accepted" : "user.password_changed";
    await insertAuditEvent(tx, auditEvent(user.tenantId, { kind: "user", name: user.email, label: user.role }, at, { action, target: `user:${user.id}` }));
    return { email: user.email };
  });
}

/** Why a link the gateway made no longer works, in words for the person holding it. */
async function spentBecause(tx: Pick<UserDeps["db"], "staffLink">, hash: string, at: Date): Promise<string> {
  const link = await tx.staffLink.findUnique({
    where: { tokenHash: hash },
    select: { id: true, userId: true, usedAt: true, expiresAt: true, user: { select: { disabledAt: true } } },
  });
  if (!link) return "no longer works; ask for a new one";
  if (link.user.disabledAt) return "is for a user who is disabled";
  // A newer link closes the older ones as it is made (staff-user-sql.ts), at its own creation time.
  const newer = link.usedAt && (await tx.staffLink.count({ where: { userId: link.userId, id: { gt: link.id }, createdAt: link.usedAt } }));
  if (newer) return "was replaced by a newer link; use the newest one";
  if (link.usedAt) return "has been used already; ask for a new one";
  return link.expiresAt <= at ? "has expired (links work for 72 hours); ask for a new one" : "no longer works; ask for a new one";
}
