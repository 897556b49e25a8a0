import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import { LRUCache } from "lru-cache";
import { ServiceError } from "../errors.js";
import type { Principal, WindowRule } from "../principal.js";
import type { Plan, Tenant } from "../../generated/prisma/client.js";
import type { ServiceDeps } from "../deps.js";
import type { RateDecision } from "./rate-limit.js";
import { cachedKeyLookup } from "./key-cache.js";
import { billingGetsPast, keyRefusal } from "./key-standing.js";
import { touchKeyLastUsed } from "./api-key-sql.js";
import { tenantOfPrincipal } from "./principal-tenant.js";
import { isScope, type Scope } from "./scopes.js";

// API keys look like gw_<8 visible characters>_<secret>. The visible prefix is stored as it is and
// finds the row; the whole key is stored only as a SHA-256 hash and compared in constant time.

const KEY_PATTERN = /^(gw_[A-Za-z0-9]{8})_([A-Za-z0-9_-]{32,64})$/;
const LAST_USED_RESOLUTION_MS = 60_000;
/**
 * Keys whose last_used_at this process wrote within the resolution. A key that falls out early
 * (more than this many keys busy within a minute) only costs one more write.
 */
export const LAST_USED_TRACKED_KEYS = 10_000;

export const sha256 = (s: string): Buffer => hash("sha256", s, "buffer");

export function randomToken(bytes: number, alphabet?: string): string {
  const raw = randomBytes(bytes);
  if (!alphabet) return raw.toString("base64url");
  return [...raw].map((b) => alphabet[b % alphabet.length]).join("");
}

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const prefix = `gw_${randomToken(8, "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789")}`;
  const key = `${prefix}_${randomToken(32)}`;
  return { key, prefix, hash: sha256(key).toString("hex") };
}

/** The visible prefix of a key shaped like one (gw_XXXXXXXX), else undefined. */
export const keyPrefixOf = (key: string): string | undefined => KEY_PATTERN.exec(key)?.[1];

/** The key from `Authorization: Bearer`, `X-API-Key`, or `?api_key=`, in that order. */
export function apiKeyFromRequest(headers: { get(name: string): string | null }, url: URL): string | undefined {
  const auth = headers.get("authorization");
  const bearer = auth?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return bearer ?? headers.get("x-api-key")?.trim() ?? url.searchParams.get("api_key") ?? undefined;
}

/** Keys whose last_used_at was written in the last minute, per database. */
const lastUsedWrites = new WeakMap<ServiceDeps["db"], LRUCache<number, true>>();

/**
 * Checks a key: missing or wrong gives 401, a suspended or expired subscription 403. With
 * `forBilling`, a key holding billing:manage of such a tenant passes with that 403 held
 * (Principal.heldRefusal): surfaces that check each operation's scope ask for it.
 */
export async function authenticate(deps: ServiceDeps, key: string | undefined, forBilling = false): Promise<Principal> {
  if (!key) throw new ServiceError("UNAUTHORIZED", "An API key is required: send it as 'Authorization: Bearer <key>', 'X-API-Key: <key>' or '?api_key=<key>'.");
  const parts = KEY_PATTERN.exec(key);
  const presented = sha256(key);
  const matches = (row: { hash: string }) => {
    const stored = Buffer.from(row.hash, "hex");
    return timingSafeEqual(presented, stored.length === presented.length ? stored : Buffer.alloc(presented.length));
  };
  const load = () =>
    deps.db.apiKey.findUnique({
      // One query with joins instead of one per relation.
      relationLoadStrategy: "join",
      where: { prefix: parts![1] },
      include: keyPrincipalInclude,
    });
  const row = parts ? await cachedKeyLookup(deps.db, presented.toString("hex"), deps.config.authCacheMs, load, matches) : null;
  // A row found by its prefix whose secret differs is no key at all (and was not cached).
  const refusal = keyRefusal(deps, row && matches(row) ? row : null);
  if (refusal && !(forBilling && row && billingGetsPast(refusal, scopeSetOf(row.scopes)))) throw refusal;
  // keyRefusal passes no missing row.
  await touchLastUsed(deps, row!.id);
  return refusal ? { ...principalOfKey(row!), heldRefusal: refusal } : principalOfKey(row!);
}

/** What a key's row and its tenant's (keyPrincipalInclude) make of the caller. */
export function principalOfKey(key: KeyWithTenant): Principal {
  const { tenant } = key;
  return {
    scopes: scopeSetOf(key.scopes),
    accountIds: key.accountIds.length > 0 ? key.accountIds : null,
    expiresAt: key.expiresAt,
    actor: { kind: "key", name: key.prefix, label: key.label },
    tenantId: tenant.id,
    apiKeyId: key.id,
    userId: null,
    role: null,
    limitKey: key.id,
    ...tenantOfPrincipal(tenant),
  };
}

interface KeyWithTenant {
  id: number;
  prefix: string;
  label: string;
  scopes: string[];
  accountIds: number[];
  expiresAt: Date | null;
  tenant: Tenant & { plan: Plan; sendWindow: WindowRule | null };
}

/**
 * The set of a key row's scopes, made once per row: a cached key's row is the same object on
 * every request, so a busy key builds its set once per cache entry, not once per request.
 */
const scopeSets = new WeakMap<readonly string[], ReadonlySet<Scope>>();

function scopeSetOf(scopes: readonly string[]): ReadonlySet<Scope> {
  let set = scopeSets.get(scopes);
  if (!set) {
    // Unknown names (a scope a later release dropped) grant nothing.
    set = new Set(scopes.filter(isScope));
    scopeSets.set(scopes, set);
  }
  return set;
}

/** The relations principalOfKey reads, loaded with the key in one query. */
export const keyPrincipalInclude = { tenant: { include: { plan: true, sendWindow: true } } } as const;

/** last_used_at is kept to the minute, so a busy key does not write on every request. */
async function touchLastUsed(deps: ServiceDeps, keyId: number): Promise<void> {
  let written = lastUsedWrites.get(deps.db);
  if (!written) lastUsedWrites.set(deps.db, (written = new LRUCache<number, true>({ max: LAST_USED_TRACKED_KEYS, ttl: LAST_USED_RESOLUTION_MS })));
  if (written.has(keyId)) return;
  written.set(keyId, true);
  await touchKeyLastUsed(deps.db, keyId, new Date());
}

/**
 * Authenticates a request and takes one token of its key's rate limit (see rate-limit.ts). Over
 * the limit it refuses with RATE_LIMITED; `onDecision` gets the numbers either way, for headers.
 */
export async function admitRequest(deps: ServiceDeps, key: string | undefined, onDecision: (d: RateDecision) => void = () => undefined, forBilling = false): Promise<Principal> {
  return admitPrincipal(deps, await authenticate(deps, key, forBilling), onDecision);
}

/** Takes one token of the rate limit of an authenticated caller (its key's, or its user's at the plan's rate), or refuses with RATE_LIMITED. */
export async function admitPrincipal<P extends Principal>(deps: ServiceDeps, principal: P, onDecision: (d: RateDecision) => void): Promise<P> {
  const decision = await deps.rateLimiter.take(principal.limitKey, { perSecond: principal.plan.requestsPerSecond, burst: principal.plan.requestBurst });
  onDecision(decision);
  if (!decision.allowed) {
    throw new ServiceError(
      "RATE_LIMITED",
      `Too many requests for this ${principal.userId === null ? "API key" : "user"}: ${principal.plan.requestsPerSecond} per second, bursts of ${principal.plan.requestBurst}. Retry after ${decision.retryAfterSeconds} s.`,
      undefined,
      {
        retryAfter: decision.retryAfterSeconds,
      },
    );
  }
  return principal;
}
