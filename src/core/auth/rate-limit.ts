import { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import { isUnavailable } from "../unavailable.js";
import type { ServiceClock } from "../clock.js";

// Request rate limits per API key: a token bucket of `burst` tokens refilled at `perSecond`. Each
// request takes one. With Redis the bucket lives there (one Lua script, atomic), so every instance
// spends the same tokens; without it, in this process.

export interface RateDecision {
  allowed: boolean;
  /** The bucket's size: RateLimit-Limit. */
  limit: number;
  /** Whole tokens left after this request: RateLimit-Remaining. */
  remaining: number;
  /** Seconds until the bucket is full again: RateLimit-Reset. */
  resetSeconds: number;
  /** When refused, seconds until one token is back: Retry-After. */
  retryAfterSeconds: number;
}

/** An API key's id, or a named bucket of its own (`sign-in:address:…`), which no key id can be. */
export type BucketKey = number | string;

export interface Bucket {
  perSecond: number;
  burst: number;
}

/**
 * The tokens of a bucket last left with `tokens` at `at`, refilled up to `now`. A clock stepped
 * back (NTP, a resumed machine) refills nothing rather than draining the bucket: the elapsed time
 * is never negative, as in TAKE_SCRIPT.
 */
function refilled(tokens: number, at: number, now: number, bucket: Bucket): number {
  return Math.min(bucket.burst, tokens + (Math.max(0, now - at) * bucket.perSecond) / 1000);
}

/** tokens, updated-at (ms) → decision; shared by both stores so they cannot disagree. */
function decide(tokens: number, bucket: Bucket): Omit<RateDecision, "limit"> & { tokens: number } {
  const allowed = tokens >= 1;
  const left = allowed ? tokens - 1 : tokens;
  return {
    allowed,
    tokens: left,
    remaining: Math.floor(left),
    resetSeconds: Math.ceil((bucket.burst - left) / bucket.perSecond),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - left) / bucket.perSecond)),
  };
}

// KEYS[1] bucket; ARGV: now ms, per second, burst. Refills, takes one if it can, stores, and
// answers the tokens left and whether one was taken. Expires when it would be full anyway.
const TAKE_SCRIPT = `
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local now, rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
local taken = 0
if tokens >= 1 then tokens = tokens - 1; taken = 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) * 1000 / rate) + 1000)
return {tostring(tokens), taken}`;

/**
 * Buckets kept in this process (without Redis). Each is dropped once it would be full again, so
 * only keys that sent within their refill time count; past this many such keys the least recently
 * used goes, which can only hand that key a full bucket early.
 */
export const LOCAL_BUCKETS_MAX = 100_000;
/** How often full buckets are swept out (on a take, so an idle process does no work for it). */
const FORGET_FULL_BUCKETS_EVERY_MS = 60_000;

type RedisWithTake = Redis & { takeToken(key: string, now: number, rate: number, burst: number): Promise<[string, number]> };

export class RateLimiter {
  // A full bucket read back is the same as a missing one, so reads keep it (noDeleteOnStaleGet)
  // and a sweep drops full ones: lru-cache empties its max-sized arrays whenever its last entry is
  // deleted, which made every request of a lone key pay ~25 µs for it.
  private readonly local: LRUCache<BucketKey, { tokens: number; at: number }>;
  private fullBucketsSweptAt: number;
  private readonly redis: RedisWithTake | undefined;
  /** Since when Redis could not be reached (undefined: it can), so the fallback is logged once. */
  private degradedSince: number | undefined;

  constructor(
    redisUrl: string | undefined,
    private readonly prefix: string,
    private readonly log: Logger,
    private readonly clock: Pick<ServiceClock, "now">,
  ) {
    // The buckets' ages are read from the same clock as their refills (lru-cache's `perf`), at
    // each look (`ttlResolution: 0`: its default caches a reading for a millisecond).
    this.local = new LRUCache({ max: LOCAL_BUCKETS_MAX, noDeleteOnStaleGet: true, perf: { now: () => this.nowMs() }, ttlResolution: 0 });
    this.fullBucketsSweptAt = this.nowMs();
    if (!redisUrl) return;
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    redis.on("error", (err: unknown) => log.warn({ err }, "redis (rate limits) connection error"));
    redis.defineCommand("takeToken", { numberOfKeys: 1, lua: TAKE_SCRIPT });
    this.redis = redis as RedisWithTake;
  }

  private nowMs(): number {
    return this.clock.now().getTime();
  }

  async take(apiKeyId: BucketKey, bucket: Bucket): Promise<RateDecision> {
    const now = this.nowMs();
    let tokens: number;
    const shared = this.redis ? await this.takeShared(this.redis, apiKeyId, now, bucket) : undefined;
    if (shared !== undefined) {
      tokens = shared;
    } else {
      this.forgetFullBuckets(now);
      const state = this.local.get(apiKeyId, { allowStale: true }) ?? { tokens: bucket.burst, at: now };
      tokens = refilled(state.tokens, state.at, now, bucket);
    }
    const decision = decide(tokens, bucket);
    if (shared === undefined) {
      // Forgotten once full again: a missing bucket is a full one.
      this.local.set(apiKeyId, { tokens: decision.tokens, at: now }, { ttl: Math.max(1, Math.ceil(((bucket.burst - decision.tokens) / bucket.perSecond) * 1000)) });
    }
    const { tokens: _left, ...rest } = decision;
    return { ...rest, limit: bucket.burst };
  }

  /**
   * The key's tokens before this request, from the bucket in Redis; undefined while Redis cannot
   * be reached. Then this instance limits with its own bucket (each instance allows the plan's rate
   * on its own) rather than refusing every request: a Redis outage must not stop sends.
   */
  private async takeShared(redis: RedisWithTake, apiKeyId: BucketKey, now: number, bucket: Bucket): Promise<number | undefined> {
    // Between reconnect attempts a command would wait for the next one: go local at once.
    if (redis.status === "reconnecting" || redis.status === "close" || redis.status === "end") return this.degraded();
    try {
      const [left, taken] = await redis.takeToken(`${this.prefix}:rate:${apiKeyId}`, now, bucket.perSecond, bucket.burst);
      this.degradedSince = undefined;
      // The script already took the token; `decide` is given the count from before it.
      return Number(left) + (taken === 1 ? 1 : 0);
    } catch (err) {
      if (!isUnavailable(err)) throw err;
      return this.degraded(err);
    }
  }

  private degraded(err?: unknown): undefined {
    if (this.degradedSince === undefined) {
      this.degradedSince = this.nowMs();
      this.log.warn({ err }, "redis unreachable: rate limits are counted per instance until it is back");
    }
    return undefined;
  }

  private forgetFullBuckets(now: number): void {
    if (now - this.fullBucketsSweptAt < FORGET_FULL_BUCKETS_EVERY_MS) return;
    this.fullBucketsSweptAt = now;
    this.local.purgeStale();
  }

  /** Buckets held in this process (without Redis) that are not full yet, for tests. */
  get localBuckets(): number {
    this.local.purgeStale();
    return this.local.size;
  }

  async close(): Promise<void> {
    if (this.redis) await Promise.resolve(this.redis.status === "ready" ? this.redis.quit() : this.redis.disconnect());
  }
}
