import { LRUCache } from "lru-cache";
import type { Db } from "../db/database.js";

// Every request starts with its key: read from the database each time, the lookup was the largest
// statement of a send. A key that matched is kept here for a short while, so a busy key costs one
// lookup per `AUTH_CACHE_MS` instead of one per request.
//
// How stale an entry may be: a change made through this process (admin commands, send windows)
// forgets the entries at once; a change made anywhere else (another instance, the admin CLI, plain
// SQL) fires a trigger that NOTIFYs every instance (auth-signal.ts), which forgets them within the
// notification's delivery; and whatever happens to the notifications, no entry outlives
// AUTH_CACHE_MS. Expiry is not cached at all: the subscription's end date is compared with the
// clock on every request.

/** Keys held at once per database; a key pushed out is read again on its next request. */
export const KEY_CACHE_MAX = 10_000;

interface Cache<T> {
  entries: LRUCache<string, { value: T }>;
  /** Lookups under way, so a burst of requests with one key reads it once. */
  pending: Map<string, Promise<T | null>>;
  /** Bumped by forgetCachedKeys: a lookup that started before cannot store what it read. */
  generation: number;
}

const caches = new WeakMap<Db, Cache<unknown>>();

function cacheOf<T>(db: Db, ttlMs: number): Cache<T> {
  let cache = caches.get(db) as Cache<T> | undefined;
  if (!cache) {
    cache = { entries: new LRUCache({ max: KEY_CACHE_MAX, ttl: ttlMs }), pending: new Map(), generation: 0 };
    caches.set(db, cache as Cache<unknown>);
  }
  return cache;
}

/**
 * The row `load` finds for `hash` (the presented key's SHA-256), from the cache when it holds one
 * younger than `ttlMs`. Only keys that `keep` accepts are stored (a wrong secret is never cached).
 */
export async function cachedKeyLookup<T>(db: Db, hash: string, ttlMs: number, load: () => Promise<T | null>, keep: (row: T) => boolean): Promise<T | null> {
  if (ttlMs <= 0) return load();
  const cache = cacheOf<T>(db, ttlMs);
  const hit = cache.entries.get(hash);
  if (hit) return hit.value;
  const running = cache.pending.get(hash);
  if (running) return running;
  const generation = cache.generation;
  const lookup = load().then((row) => {
    if (row && keep(row) && generation === cache.generation) cache.entries.set(hash, { value: row });
    return row;
  });
  cache.pending.set(hash, lookup);
  try {
    return await lookup;
  } finally {
    cache.pending.delete(hash);
  }
}

/** Drops every cached key of this database: their standing, plan or send window may have changed. */
export function forgetCachedKeys(db: Db): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.generation++;
  cache.entries.clear();
  cache.pending.clear();
}
