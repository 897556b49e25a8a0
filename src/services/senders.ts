import { LRUCache } from "lru-cache";
import type { AccountChannelSettings } from "../channels/channel.js";
import type { Db } from "../db/database.js";

// What a send needs to know about its sender account, and what a provider's verdict may change on
// it. Any process may change an account (the admin CLI on PostgreSQL runs in a process of its own,
// another instance may mark it), so nothing here trusts a copy for a while: every send asks the
// database whether the account's version moved since the copy was taken (one primary-key read,
// which returns the row only when it did). A change therefore applies to every send that starts
// after it commits, on every instance.

export interface SenderInfo {
  id: number;
  phoneNumber: string;
  channel: string | null;
  settings: AccountChannelSettings;
  minIntervalMs: number;
  jitterMs: number;
  /** The account's version (bumped by a trigger on every change) these details were read at. */
  version: number;
}

/** Accounts a process sends from: bounded, the least recently used forgotten first. */
const CACHED_SENDERS = 10_000;
/** Per database (a process may hold more than one, as tests do). */
const caches = new WeakMap<Db, LRUCache<number, SenderInfo>>();

function cacheOf(db: Db): LRUCache<number, SenderInfo> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new LRUCache<number, SenderInfo>({ max: CACHED_SENDERS })));
  return cache;
}

const senderSelect = { id: true, phoneNumber: true, channel: true, settings: true, minIntervalMs: true, jitterMs: true, version: true } as const;

/** The account's sending details as they are now: the cached copy if its version is current. */
export async function senderInfo(db: Db, accountId: number): Promise<SenderInfo> {
  const cache = cacheOf(db);
  const cached = cache.get(accountId);
  const changed = await db.account.findFirst({
    where: { id: accountId, ...(cached ? { version: { not: cached.version } } : {}) },
    select: senderSelect,
  });
  if (!changed) {
    // Accounts are never deleted, so no row means the cached version is still the current one.
    if (cached) return cached;
    throw new Error(`account ${accountId} does not exist`);
  }
  const info: SenderInfo = { ...changed, settings: (changed.settings ?? {}) as AccountChannelSettings };
  cache.set(accountId, info);
  return info;
}

/**
 * Records what a provider said about a sender (disconnected, token refused), but only while the
 * account is still the version the send used: a send made with a token an operator has replaced
 * since must not mark the fixed account. Returns whether the mark applied.
 */
export async function markSenderUnusable(db: Db, sender: SenderInfo, status: "disconnected" | "token_invalid"): Promise<boolean> {
  const changed = await db.$executeRaw`
    UPDATE account SET status = ${status}::"AccountStatus" WHERE id = ${sender.id} AND version = ${sender.version}`;
  return changed > 0;
}
