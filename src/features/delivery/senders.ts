import { LRUCache } from "lru-cache";
import type { AccountChannelSettings } from "../../core/channels/channel.js";
import type { Db } from "../../core/db/database.js";

// What a send needs to know about its sender account, and what a provider's verdict may change on
// it. Any process may change an account (the admin CLI on PostgreSQL runs in a process of its own,
// another instance may mark it), so nothing here trusts a copy for a while: every send, or every
// batch the worker claimed, asks the database whether its accounts' versions moved since the copies
// were taken (one read, which returns only the rows that did). A change therefore applies to every
// send, and every batch, that starts after it commits, on every instance.

export interface SenderInfo {
  id: number;
  phoneNumber: string;
  channel: string | null;
  settings: AccountChannelSettings;
  minIntervalMs: number;
  jitterMs: number;
  /** A slow-down in force until slowUntil (accounts/pacing.ts). */
  slowFactor: number;
  slowUntil: Date | null;
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

const senderSelect = { id: true, phoneNumber: true, channel: true, settings: true, minIntervalMs: true, jitterMs: true, slowFactor: true, slowUntil: true, version: true } as const;

/** The account's sending details as they are now: the cached copy if its version is current. */
export async function senderInfo(db: Db, accountId: number): Promise<SenderInfo> {
  const info = (await readSenders(db, [accountId])).get(accountId);
  if (!info) throw new Error(`account ${accountId} does not exist`);
  return info;
}

/** The sending details of several accounts as they are now, in one read (see senderInfo). */
export async function readSenders(db: Db, accountIds: readonly number[]): Promise<Map<number, SenderInfo>> {
  const cache = cacheOf(db);
  const ids = [...new Set(accountIds)];
  const cached = ids.flatMap((id) => cache.get(id) ?? []);
  const unknown = ids.filter((id) => !cache.has(id));
  const changed =
    ids.length === 0
      ? []
      : await db.account.findMany({
          where: { OR: [{ id: { in: unknown } }, ...cached.map((c) => ({ id: c.id, version: { not: c.version } }))] },
          select: senderSelect,
        });
  // A number not linked yet has no phone number, and its status keeps it from every placement.
  for (const row of changed) cache.set(row.id, { ...row, phoneNumber: row.phoneNumber ?? "", settings: (row.settings ?? {}) as AccountChannelSettings });
  // Accounts are never deleted, so a cached one the read did not return is still current.
  return new Map(
    ids.flatMap((id) => {
      const info = cache.get(id);
      return info ? [[id, info] as const] : [];
    }),
  );
}
