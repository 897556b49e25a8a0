import type { Db } from "../db/database.js";

// The statements that write console sessions (console-session.ts). A session is found by the
// SHA-256 of its token, the only form of it the database holds.

/** Stores a new session of an API key. */
export const insertConsoleSession = (db: Pick<Db, "consoleSession">, session: { tokenHash: string; apiKeyId: number; createdAt: Date; expiresAt: Date }) =>
  db.consoleSession.create({ data: session });

/** Ends the session whose token hashes to `tokenHash`, unless it has ended already. */
export const endConsoleSessionOf = (db: Db, tokenHash: string, at: Date) => db.consoleSession.updateMany({ where: { tokenHash, endedAt: null }, data: { endedAt: at } });
