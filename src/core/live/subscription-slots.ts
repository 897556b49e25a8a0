import { Redis } from "ioredis";
import type { Logger } from "pino";
import { ServiceError } from "../errors.js";

// How many live subscriptions each API key holds. Without Redis the count is this process's. With
// it, every instance counts in one sorted set per key: a member per subscription, scored with the
// time its lease ends. Instances renew their members' leases while the subscriptions run, so the
// slots of an instance that died without releasing them come free once its leases run out.

// KEYS[1] the key's set; ARGV: limit, lease ms, member. Drops ended leases, then takes a slot if
// one is free. Redis's own clock scores the leases, so instances with skewed clocks agree.
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1`;

// KEYS[1] the key's set; ARGV: lease ms, members. Extends the leases of members still present
// (XX: a member already released is not brought back).
const RENEW_SCRIPT = `
local t = redis.call('TIME')
local until_ms = t[1] * 1000 + math.floor(t[2] / 1000) + tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', until_ms, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 0`;

type SlotRedis = Redis & {
  takeSubscriptionSlot(key: string, limit: number, leaseMs: number, member: string): Promise<number>;
  renewSubscriptionSlots(key: string, leaseMs: number, ...members: string[]): Promise<number>;
};

export class SubscriptionSlots {
  private readonly local = new Map<number | string, number>();
  /** This instance's members in Redis, by the set they are in. */
  private readonly held = new Map<string, Set<string>>();
  private redis: SlotRedis | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private sequence = 0;

  constructor(
    private readonly redisUrl: string | undefined,
    private readonly prefix: string,
    private readonly instanceId: string,
    private readonly leaseMs: number,
    private readonly log: Logger,
  ) {}

  /** Takes one of the caller's (its key's or its user's) `limit` slots, or refuses with TOO_MANY_SUBSCRIPTIONS; the answer gives it back. */
  async take(apiKeyId: number | string, limit: number): Promise<() => void> {
    if (!this.redisUrl) return this.takeLocal(apiKeyId, limit);
    const redis = this.connection();
    const key = `${this.prefix}:subscriptions:${apiKeyId}`;
    const member = `${this.instanceId}:${++this.sequence}`;
    if ((await redis.takeSubscriptionSlot(key, limit, this.leaseMs, member)) !== 1) throw tooMany(limit);
    let members = this.held.get(key);
    if (!members) this.held.set(key, (members = new Set()));
    members.add(member);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      members.delete(member);
      if (members.size === 0) this.held.delete(key);
      redis.zrem(key, member).catch((err: unknown) => this.log.warn({ err }, "could not release a subscription slot; its lease will end it"));
    };
  }

  private takeLocal(apiKeyId: number | string, limit: number): () => void {
    const active = this.local.get(apiKeyId) ?? 0;
    if (active >= limit) throw tooMany(limit);
    this.local.set(apiKeyId, active + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.local.get(apiKeyId) ?? 1) - 1;
      if (left > 0) this.local.set(apiKeyId, left);
      else this.local.delete(apiKeyId);
    };
  }

  /** Opened on first use, so processes that serve no subscriptions (workers) never connect. */
  private connection(): SlotRedis {
    if (this.redis) return this.redis;
    const redis = new Redis(this.redisUrl!, { maxRetriesPerRequest: 1 });
    redis.on("error", (err: unknown) => this.log.warn({ err }, "redis (subscription slots) connection error"));
    redis.defineCommand("takeSubscriptionSlot", { numberOfKeys: 1, lua: TAKE_SCRIPT });
    redis.defineCommand("renewSubscriptionSlots", { numberOfKeys: 1, lua: RENEW_SCRIPT });
    this.redis = redis as SlotRedis;
    // Renewed three times per lease, so one missed renewal (a slow turn, a Redis blip) loses nothing.
    this.renewTimer = setInterval(() => void this.renew(), Math.max(1, Math.floor(this.leaseMs / 3)));
    this.renewTimer.unref();
    return this.redis;
  }

  private async renew(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    await Promise.all(
      [...this.held].map(([key, members]) =>
        redis.renewSubscriptionSlots(key, this.leaseMs, ...members).catch((err: unknown) => this.log.warn({ err, key }, "could not renew subscription slots")),
      ),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.renewTimer);
    const redis = this.redis;
    if (!redis) return;
    this.redis = undefined;
    await Promise.resolve(redis.status === "ready" ? redis.quit() : redis.disconnect());
  }
}

const tooMany = (limit: number) => new ServiceError("TOO_MANY_SUBSCRIPTIONS", `This API key already has ${limit} live subscriptions; end one before starting another.`);
