import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { LOCAL_BUCKETS_MAX, RateLimiter } from "../src/core/auth/rate-limit.js";
import { ServiceClock } from "../src/core/clock.js";

// In-process state that callers can grow is bounded by a stated size, without forgetting the
// callers that are active now.
describe("rate limiter without Redis", () => {
  it("holds at most LOCAL_BUCKETS_MAX buckets, dropping the least recently used, and still limits the active keys", async () => {
    const limiter = new RateLimiter(undefined, "test", pino({ level: "silent" }), new ServiceClock("Asia/Riyadh"));
    const bucket = { perSecond: 0.001, burst: 1 };
    for (let key = 1; key <= LOCAL_BUCKETS_MAX + 5_000; key++) await limiter.take(key, bucket);
    expect(limiter.localBuckets).toBe(LOCAL_BUCKETS_MAX);
    // The newest key spent its only token and is still remembered; the oldest was forgotten (a full bucket again).
    expect((await limiter.take(LOCAL_BUCKETS_MAX + 5_000, bucket)).allowed).toBe(false);
    expect((await limiter.take(1, bucket)).allowed).toBe(true);
    await limiter.close();
  });

  it("forgets a bucket once it would be full again, so idle keys cost nothing", async () => {
    const clock = new ServiceClock("Asia/Riyadh");
    const limiter = new RateLimiter(undefined, "test", pino({ level: "silent" }), clock);
    // One token of two spent at one a second: full again, and so forgotten, after a second.
    const bucket = { perSecond: 1, burst: 2 };
    await limiter.take(7, bucket);
    expect(limiter.localBuckets).toBe(1);
    clock.advance(1_100);
    await limiter.take(8, bucket);
    expect(limiter.localBuckets).toBe(1);
    // A bucket is refilled by the same clock: two tokens spent, refused, then whole a second later.
    const taken = [];
    for (let i = 0; i < 3; i++) taken.push((await limiter.take(9, bucket)).allowed);
    expect(taken).toEqual([true, true, false]);
    clock.advance(2_000);
    expect((await limiter.take(9, bucket)).allowed).toBe(true);
    await limiter.close();
  });
});
