import type { RateLimiter } from "../../core/auth/rate-limit.js";
import { ServiceError } from "../../core/errors.js";
import { currentRequestOrigin } from "../../core/http/request-id.js";

// Sign-up costs a mail and, in the worst case, a tenant; it is open to anyone. The attempts are
// counted per client address and per email domain (the shared rate limiter: in Redis when set,
// so across every instance), before anything else is read.

/** Attempts allowed: a burst, then a steady rate (per second). */
export const SIGNUP_ATTEMPTS = {
  address: { burst: 5, perSecond: 5 / 3_600 },
  domain: { burst: 30, perSecond: 30 / 3_600 },
} as const;

/** Takes one attempt from the client address's and the email domain's budgets, or refuses with 429 RATE_LIMITED. */
export async function throttleSignup(deps: { rateLimiter: RateLimiter }, email: string): Promise<void> {
  const address = currentRequestOrigin()?.address;
  const domain = email
    .slice(email.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
  const buckets = [
    ...(address ? [[`signup:address:${address}`, SIGNUP_ATTEMPTS.address, "from this address"] as const] : []),
    ...(domain ? [[`signup:domain:${domain}`, SIGNUP_ATTEMPTS.domain, `for addresses at ${domain}`] as const] : []),
  ];
  for (const [name, bucket, whose] of buckets) {
    const decision = await deps.rateLimiter.take(name, bucket);
    if (!decision.allowed) {
      throw new ServiceError("RATE_LIMITED", `Too many sign-ups ${whose}; retry after ${decision.retryAfterSeconds} s.`, undefined, { retryAfter: decision.retryAfterSeconds });
    }
  }
}
