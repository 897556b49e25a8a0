import type { Db } from "../db/database.js";

// The statements that write API keys. Their reads stay beside the rules that use them (auth.ts,
// key-standing.ts, live-auth.ts, the admin commands).

/** Stamps a key's last use (auth.ts keeps it to the minute). */
export const touchKeyLastUsed = (db: Db, keyId: number, at: Date) => db.apiKey.update({ where: { id: keyId }, data: { lastUsedAt: at } });

/** Stores a new key: its visible prefix and the hash of the whole key, never the key itself. */
export const insertApiKey = (db: Db, key: { tenantId: number; prefix: string; hash: string; label: string }) => db.apiKey.create({ data: key });

/** Revokes a key as of `at`; the answer leaves its hash out. */
export const revokeApiKey = (db: Db, id: number, at: Date) => db.apiKey.update({ where: { id }, data: { revokedAt: at }, omit: { hash: true } });
