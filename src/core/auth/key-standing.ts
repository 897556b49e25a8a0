import type { ServiceClock } from "../clock.js";
import { dateOnly } from "../clock.js";
import { ServiceError } from "../errors.js";

/** What decides whether a key still passes: its revocation and its tenant's standing. */
export const keyStandingSelect = {
  revokedAt: true,
  expiresAt: true,
  tenant: { select: { status: true, suspensionReason: true, subscriptionEndsOn: true, graceUntil: true } },
} as const;

export interface KeyStanding {
  revokedAt: Date | null;
  expiresAt: Date | null;
  tenant: { status: string; suspensionReason: string | null; subscriptionEndsOn: Date; graceUntil: Date | null };
}

/**
 * The one rule of whether a key may act, shared by every request and by the recheck of open live
 * streams (live-auth.ts): the error the caller gets, or undefined when the key passes. A key not
 * found (or whose secret did not match) is `null`.
 */
export function keyRefusal(deps: { clock: ServiceClock }, key: KeyStanding | null): ServiceError | undefined {
  if (!key || key.revokedAt) return new ServiceError("UNAUTHORIZED", "The API key is wrong or has been revoked.");
  if (key.expiresAt && key.expiresAt <= deps.clock.now()) return new ServiceError("UNAUTHORIZED", `The API key expired at ${key.expiresAt.toISOString()}.`);
  return tenantRefusal(deps, key.tenant);
}

/**
 * Whether a refusal of the tenant's standing may be held back for billing: a suspended or expired
 * business must still reach billing to pay, with a caller that holds billing:manage.
 */
export const billingGetsPast = (refusal: ServiceError, scopes: ReadonlySet<string>): boolean =>
  (refusal.code === "SUBSCRIPTION_EXPIRED" || refusal.code === "ACCOUNT_SUSPENDED") && scopes.has("billing:manage");

/** The rule of whether a tenant's callers (keys and staff users alike) may act: its status and subscription. */
export function tenantRefusal(deps: { clock: ServiceClock }, tenant: KeyStanding["tenant"]): ServiceError | undefined {
  if (tenant.status === "suspended") {
    const why = tenant.suspensionReason ? ` The reason given: ${tenant.suspensionReason}.` : "";
    return new ServiceError("ACCOUNT_SUSPENDED", `This account is suspended.${why} Contact support to resume it.`);
  }
  // A failed renewal leaves a grace (billing's dunning) in which the tenant keeps working.
  const today = deps.clock.day();
  if (dateOnly(tenant.subscriptionEndsOn) < today && !(tenant.graceUntil && dateOnly(tenant.graceUntil) >= today)) {
    return new ServiceError("SUBSCRIPTION_EXPIRED", `The subscription ended on ${dateOnly(tenant.subscriptionEndsOn)}. Renew it to continue.`);
  }
  return undefined;
}

/**
 * The rule of whether a caller may send (single, bulk, retry): a tenant that signed up sends to
 * nobody until its owner proved the email address (docs/signup.md). It reads what the principal
 * already holds (its tenant's row, cached with the key), so a send costs no query for it.
 */
export function sendRefusal(principal: { emailVerified: boolean }): ServiceError | undefined {
  if (principal.emailVerified) return undefined;
  return new ServiceError("EMAIL_NOT_VERIFIED", "Confirm the account's email address first: follow the link mailed at sign-up (the console can send a new one).");
}
