import { endConsoleSessionsOfUser } from "../../core/auth/console-session-sql.js";
import { tokenHash } from "../../core/auth/console-session.js";
import { insertAuditEvent } from "../../core/audit/audit-event-sql.js";
import { auditEvent } from "../../core/audit/audit-record.js";
import { ServiceError } from "../../core/errors.js";
import { hashPassword } from "../../core/staff/passwords.js";
import { spendStaffLink, updateStaffPassword } from "../../core/staff/staff-user-sql.js";
import type { UserDeps } from "./users.js";

// The one-time links a person follows to choose a password: an invitation's, or a reset's. The
// token travels in the address's fragment (#link=…), which browsers never send to a server, so no
// request log, proxy or Referer header sees it; the database keeps only its SHA-256.

/** The address a person opens to use a link: the console, with the token in the fragment. */
export const linkAddress = (origin: string, token: string) => `${origin.replace(/\/+$/, "")}/console/#link=${token}`;

/**
 * Spends a link and sets the password it was for, in one transaction: a link works once, before
 * it expires, for a user who is not disabled. The user's other sessions end (a reset is often
 * made because someone else may know the old password).
 */
export async function useLink(deps: UserDeps, token: string, password: string): Promise<{ email: string }> {
  const passwordHash = await hashPassword(password);
  const at = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const link = /^[A-Za-z0-9_-]{16,128}$/.test(token) ? await spendStaffLink(tx, tokenHash(token), at) : null;
    const user = link ? await tx.staffUser.findUnique({ where: { id: link.userId }, select: { id: true, tenantId: true, email: true, role: true, disabledAt: true } }) : null;
    if (!link || !user || user.disabledAt) throw new ServiceError("NOT_FOUND", "This link has been used, has expired, or was replaced by a newer one. Ask for a new one.");
    await endConsoleSessionsOfUser(tx, user.id, at);
    await updateStaffPassword(tx, user.id, passwordHash);
    const action = link.purpose === "invitation" ? "user.invitation_accepted" : "user.password_changed";
    await insertAuditEvent(tx, auditEvent(user.tenantId, { kind: "user", name: user.email, label: user.role }, at, { action, target: `user:${user.id}` }));
    return { email: user.email };
  });
}
