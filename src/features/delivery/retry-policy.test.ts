import { describe, expect, it } from "vitest";
import { afterFailedAttempt } from "./retry-policy.js";

const policy = { maxAttempts: 5, baseMs: 1_000, maxMs: 6_000 };
const middle = () => 0.5; // no jitter: 0.75 + 0.5 * 0.5 = 1

describe("retrying a failed attempt", () => {
  it("doubles the wait from the base up to the cap", () => {
    expect([1, 2, 3, 4].map((n) => afterFailedAttempt(n, { ...policy, maxAttempts: 10 }, {}, middle))).toEqual([
      { giveUp: false, delayMs: 1_000 },
      { giveUp: false, delayMs: 2_000 },
      { giveUp: false, delayMs: 4_000 },
      { giveUp: false, delayMs: 6_000 },
    ]);
  });

  it("spreads the wait by a quarter either way", () => {
    expect(afterFailedAttempt(2, policy, {}, () => 0)).toEqual({ giveUp: false, delayMs: 1_500 });
    expect(afterFailedAttempt(2, policy, {}, () => 0.999_999)).toEqual({ giveUp: false, delayMs: 2_500 });
  });

  it("takes the other side's Retry-After as it is", () => {
    expect(afterFailedAttempt(1, policy, { retryAfterMs: 30_000 }, middle)).toEqual({ giveUp: false, delayMs: 30_000 });
  });

  it("gives up once the attempts are spent, or at once on a permanent failure", () => {
    expect(afterFailedAttempt(4, policy, {}, middle).giveUp).toBe(false);
    expect(afterFailedAttempt(5, policy, {}, middle)).toEqual({ giveUp: true });
    expect(afterFailedAttempt(1, policy, { permanent: true, retryAfterMs: 5 })).toEqual({ giveUp: true });
  });
});
