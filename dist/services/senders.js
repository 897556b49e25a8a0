import { LRUCache } from "lru-cache";
/** Accounts a process sends from: bounded, the least recently used forgotten first. */
const CACHED_SENDERS = 10_000;
/** Per database (a process may hold more than one, as tests do). */
const caches = new WeakMap();
function cacheOf(db) {
    let cache = caches.get(db);
    if (!cache)
        caches.set(db, (cache = new LRUCache({ max: CACHED_SENDERS })));
    return cache;
}
const senderSelect = { id: true, phoneNumber: true, channel: true, settings: true, minIntervalMs: true, jitterMs: true, version: true };
/** The account's sending details as they are now: the cached copy if its version is current. */
export async function senderInfo(db, accountId) {
    const cache = cacheOf(db);
    const cached = cache.get(accountId);
    const changed = await db.account.findFirst({
        where: { id: accountId, ...(cached ? { version: { not: cached.version } } : {}) },
        select: senderSelect,
    });
    if (!changed) {
        // Accounts are never deleted, so no row means the cached version is still the current one.
        if (cached)
            return cached;
        throw new Error(`account ${accountId} does not exist`);
    }
    const info = { ...changed, settings: (changed.settings ?? {}) };
    cache.set(accountId, info);
    return info;
}
/**
 * Records what a provider said about a sender (disconnected, token refused), but only while the
 * account is still the version the send used: a send made with a token an operator has replaced
 * since must not mark the fixed account. Returns whether the mark applied.
 */
export async function markSenderUnusable(db, sender, status) {
    const changed = await db.$executeRaw `
    UPDATE account SET status = ${status}::"AccountStatus" WHERE id = ${sender.id} AND version = ${sender.version}`;
    return changed > 0;
}
//# sourceMappingURL=senders.js.map