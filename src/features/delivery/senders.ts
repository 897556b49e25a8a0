import { LRUCache } from "lru-cache";
import type { AccountChannelSettings } from "../../core/channels/channel.js";
import type { Db } from "../../core/db/database.js";

// What a send needs to know about its sender account, and what a provider's verdict may change on
// it. Any process may change an account (the admin CLI on PostgreSQL runs in a process of its own,
// another instance may mark it), so nothing here trusts a copy for a while: every send, or every
// batch the worker claimed, asks the database whether its accounts' versions moved since the copies
// were taken (one read, which returns only the rows that did), unless the statement that accepted
// the send already read the account's version (a grouped single send's does): a copy at that
// version is current as of that statement, which started after the send did. A change therefore
// applies to every send, and every batch, that starts after it commits, on every instance.

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

interface WaitingRead {
  ids: number[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * A process's copies and its reads of the moment. A read starts at once when none is under way;
 * those asked for while one is under way wait for it and then go together, in one statement that
 * starts after each of them was asked for, so the rule above holds for every one of them (as
 * send-groups.ts groups the sends themselves: on a busy server the check is one statement per
 * group instead of one per send, and a lone send waits for nothing).
 */
interface SenderStore {
  cache: LRUCache<number, SenderInfo>;
  waiting: WaitingRead[];
  reading: boolean;
}

/** Per database (a process may hold more than one, as tests do). */
const stores = new WeakMap<Db, SenderStore>();

function storeOf(db: Db): SenderStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = { cache: new LRUCache<number, SenderInfo>({ max: CACHED_SENDERS }), waiting: [], reading: false }));
  return store;
}

const senderSelect = { id: true, phoneNumber: true, channel: true, settings: true, minIntervalMs: true, jitterMs: true, slowFactor: true, slowUntil: true, version: true } as const;

/**
 * The account's sending details as they are now: the cached copy if its version is current.
 * `currentVersion`, read by a statement of this send, spares the read when the copy is at it.
 */
export async function senderInfo(db: Db, accountId: number, currentVersion?: number): Promise<SenderInfo> {
  const cached = currentVersion === undefined ? undefined : storeOf(db).cache.get(accountId);
  if (cached !== undefined && cached.version === currentVersion) return cached;
  const info = (await readSenders(db, [accountId])).get(accountId);
  if (!info) throw new Error(`account ${accountId} does not exist`);
  return info;
}

/** The sending details of several accounts as they are now, in one read (see senderInfo). */
export async function readSenders(db: Db, accountIds: readonly number[]): Promise<Map<number, SenderInfo>> {
  const store = storeOf(db);
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return new Map();
  await new Promise<void>((resolve, reject) => {
    store.waiting.push({ ids, resolve, reject });
    if (!store.reading) void readWaiting(db, store);
  });
  return new Map(
    ids.flatMap((id) => {
      const info = store.cache.get(id);
      return info ? [[id, info] as const] : [];
    }),
  );
}

/** Reads for everyone waiting, round after round, until nobody waits. */
async function readWaiting(db: Db, store: SenderStore): Promise<void> {
  store.reading = true;
  try {
    while (store.waiting.length > 0) {
      const round = store.waiting.splice(0);
      try {
        await refresh(db, store.cache, [...new Set(round.flatMap((w) => w.ids))]);
        for (const w of round) w.resolve();
      } catch (err) {
        for (const w of round) w.reject(err);
      }
    }
  } finally {
    store.reading = false;
  }
}

/** Reads the accounts among `ids` that are unknown or whose version moved, and caches them. */
async function refresh(db: Db, cache: LRUCache<number, SenderInfo>, ids: number[]): Promise<void> {
  const cached = ids.flatMap((id) => cache.get(id) ?? []);
  const unknown = ids.filter((id) => !cache.has(id));
  const changed = await db.account.findMany({
    where: { OR: [{ id: { in: unknown } }, ...cached.map((c) => ({ id: c.id, version: { not: c.version } }))] },
    select: senderSelect,
  });
  // A number not linked yet has no phone number, and its status keeps it from every placement.
  // Accounts are never deleted, so a cached one the read did not return is still current.
  for (const row of changed) cache.set(row.id, { ...row, phoneNumber: row.phoneNumber ?? "", settings: (row.settings ?? {}) as AccountChannelSettings });
}
