import { forgetCachedKeys } from "../../core/auth/key-cache.js";
import { tokenHash } from "../../core/auth/console-session.js";
import { insertAuditEvent } from "../../core/audit/audit-event-sql.js";
import { auditEvent } from "../../core/audit/audit-record.js";
import { ServiceError, validationError } from "../../core/errors.js";
import type { Principal } from "../../core/principal.js";
import { spendStaffLink } from "../../core/staff/staff-user-sql.js";
import type { SignupDeps } from "./signup.js";
import { issueVerificationLink } from "./signup-mails.js";
import { markTenantVerified } from "./signup-sql.js";

// Proving the address a business signed up with: its owner follows the mailed link (once, within
// 24 hours), and from then on the tenant may send. A signed-in owner may ask for a new link.

/** New links one tenant may ask for: a burst, then one per 10 minutes. */
export const RESEND_ATTEMPTS = { burst: 3, perSecond: 1 / 600 } as const;

/** Spends a verification link and marks its tenant verified; the address it proved. */
export async function verifyEmail(deps: Pick<SignupDeps, "db" | "clock">, token: string): Promise<{ email: string }> {
  const hash = /^[A-Za-z0-9_-]{16,128}$/.test(token) ? tokenHash(token) : undefined;
  const at = deps.clock.now();
  const verified = await deps.db.$transaction(async (tx) => {
    const link = hash ? await spendStaffLink(tx, hash, at, ["verification"]) : null;
    const user = link ? await tx.staffUser.findUnique({ where: { id: link.userId }, select: { id: true, tenantId: true, email: true, role: true, disabledAt: true } }) : null;
    if (!link || !user || user.disabledAt) {
      throw validationError({ token: "is not a link that still works: each works once, for 24 hours; sign in to the console to ask for a new one" });
    }
    if (await markTenantVerified(tx, user.tenantId, at)) {
      await insertAuditEvent(
        tx,
        auditEvent(user.tenantId, { kind: "user", name: user.email, label: user.role }, at, { action: "tenant.email_verified", target: `user:${user.id}` }),
      );
    }
    return { email: user.email };
  });
  // Cached keys carry the tenant's verification: this process forgets them now, others by the
  // tenant's change notification (key-cache.ts).
  forgetCachedKeys(deps.db);
  return verified;
}

/**
 * Mails a new verification link to the tenant's first owner (earlier links stop working); false
 * when the tenant is verified already, so there is nothing to send.
 */
export async function resendVerification(deps: SignupDeps, principal: Pick<Principal, "tenantId">, origin: string | undefined): Promise<boolean> {
  if (!origin) throw new ServiceError("BAD_REQUEST", "Ask over HTTP: the link needs the address the console is reached at.");
  const tenant = await deps.db.tenant.findUniqueOrThrow({ where: { id: principal.tenantId }, select: { name: true, locale: true, emailVerifiedAt: true } });
  if (tenant.emailVerifiedAt) return false;
  const decision = await deps.rateLimiter.take(`signup:resend:${principal.tenantId}`, RESEND_ATTEMPTS);
  if (!decision.allowed) {
    throw new ServiceError("RATE_LIMITED", `A new link was asked for recently; retry after ${decision.retryAfterSeconds} s.`, undefined, {
      retryAfter: decision.retryAfterSeconds,
    });
  }
  const owner = await deps.db.staffUser.findFirst({
    where: { tenantId: principal.tenantId, role: "owner", disabledAt: null },
    orderBy: { id: "asc" },
    select: { id: true, email: true },
  });
  if (!owner) throw new ServiceError("NOT_FOUND", "This account has no enabled owner to verify.");
  const at = deps.clock.now();
  const locale = tenant.locale === "en" ? "en" : "ar";
  await deps.db.$transaction((tx) => issueVerificationLink(tx, origin, { userId: owner.id, tenantId: principal.tenantId, email: owner.email, business: tenant.name, locale }, at));
  return true;
}
