import { randomUUID } from "node:crypto";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { ServiceClock } from "../clock.js";
import { RateLimiter } from "./rate-limit.js";

// Both stores of the buckets, in this process and in Redis (when the pass has one), keep the same
// rule when the clock steps back: nothing refills, nothing drains.
const stores = [["in this process", undefined] as const, ...(process.env.REDIS_URL ? [["in Redis", process.env.REDIS_URL] as const] : [])];

describe.each(stores)("rate limits %s, the clock stepped back", (_name, redisUrl) => {
  it("go on from the tokens left instead of refusing until the clock has caught up", async () => {
    const clock = new ServiceClock("Asia/Riyadh");
    clock.freeze();
    const limiter = new RateLimiter(redisUrl, `test-${randomUUID()}`, pino({ level: "silent" }), clock);
    const bucket = { perSecond: 1, burst: 3 };
    try {
      expect((await limiter.take(1, bucket)).remaining).toBe(2);
      clock.advance(-3_600_000);
      // One token taken an hour "later" than the step: two were left, one is left now.
      const after = await limiter.take(1, bucket);
      expect([after.allowed, after.remaining, after.retryAfterSeconds]).toEqual([true, 1, 0]);
      expect((await limiter.take(1, bucket)).allowed).toBe(true);
      // The bucket is empty now, and a second of the stepped-back clock gives one token back.
      const refused = await limiter.take(1, bucket);
      expect([refused.allowed, refused.retryAfterSeconds]).toEqual([false, 1]);
      clock.advance(1_000);
      expect((await limiter.take(1, bucket)).allowed).toBe(true);
    } finally {
      await limiter.close();
    }
  });
});
