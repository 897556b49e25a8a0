// When a failed attempt is tried again, and when it is given up: one rule for the message queue
// and the webhook queue. The statements that record a failure only write what this decides.

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Delay after the first failure; it doubles with each further one... */
  baseMs: number;
  /** ...up to this. */
  maxMs: number;
}

export type RetryDecision = { giveUp: true } | { giveUp: false; delayMs: number };

/**
 * After attempt number `attempts` failed: give up when the failure is permanent or the attempts
 * are spent, else wait. The wait is the other side's own hint when it gave one (Retry-After),
 * otherwise exponential backoff with ±25 % jitter, so that many items failing together (an
 * outage) do not all come back at the same instant.
 */
export function afterFailedAttempt(
  attempts: number,
  policy: RetryPolicy,
  failure: { permanent?: boolean; retryAfterMs?: number | null } = {},
  random: () => number = Math.random,
): RetryDecision {
  if (failure.permanent || attempts >= policy.maxAttempts) return { giveUp: true };
  if (failure.retryAfterMs !== undefined && failure.retryAfterMs !== null) return { giveUp: false, delayMs: failure.retryAfterMs };
  const backoff = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(attempts - 1, 0));
  return { giveUp: false, delayMs: Math.round(backoff * (0.75 + random() * 0.5)) };
}
