import type { Db } from "../db/database.js";
import type { Scope } from "./scopes.js";

// The statements that write API keys. Their reads stay beside the rules that use them (auth.ts,
// key-standing.ts, live-auth.ts, the keys feature, the admin commands).

type Writer = Pick<Db, "apiKey">;

/** Stamps a key's last use (auth.ts keeps it to the minute). */
export const touchKeyLastUsed = (db: Db, keyId: number, at: Date) => db.apiKey.update({ where: { id: keyId }, data: { lastUsedAt: at } });

export interface NewApiKeyRow {
  tenantId: number;
  prefix: string;
  hash: string;
  label: string;
  scopes: readonly Scope[];
  /** Empty: every number of the tenant. */
  accountIds: readonly number[];
  expiresAt: Date | null;
  rotatedFromId?: number;
}

/** Stores a new key: its visible prefix and the hash of the whole key, never the key itself. */
export const insertApiKey = (db: Writer, key: NewApiKeyRow) =>
  db.apiKey.create({ data: { ...key, scopes: [...key.scopes], accountIds: [...key.accountIds] }, omit: { hash: true } });

/** Revokes a key as of `at`; the answer leaves its hash out. */
export const revokeApiKey = (db: Writer, id: number, at: Date) => db.apiKey.update({ where: { id }, data: { revokedAt: at }, omit: { hash: true } });

/** Sets when a key stops passing (a rotation's overlap). */
export const expireApiKey = (db: Writer, id: number, at: Date) => db.apiKey.update({ where: { id }, data: { expiresAt: at }, omit: { hash: true } });
