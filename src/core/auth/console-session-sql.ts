import type { Db, DbClient } from "../db/database.js";

// The statements that write console sessions (console-session.ts). A session is found by the
// SHA-256 of its token, the only form of it the database holds.

/** Stores a new session of an API key, of a staff user, or of an operator's look at a tenant. */
export const insertConsoleSession = (
  db: Pick<DbClient, "consoleSession">,
  session: { tokenHash: string; createdAt: Date; expiresAt: Date } & (
    | { apiKeyId: number; userId?: never; viewTenantId?: never }
    | { userId: number; apiKeyId?: never; viewTenantId?: never }
    | { viewTenantId: number; viewerOperatorId: number; apiKeyId?: never; userId?: never }
  ),
) => db.consoleSession.create({ data: session });

/** Ends every open session of a staff user: disabled, given another role, or a new password. */
export const endConsoleSessionsOfUser = (db: Pick<DbClient, "consoleSession">, userId: number, at: Date) =>
  db.consoleSession.updateMany({ where: { userId, endedAt: null }, data: { endedAt: at } });

/** Ends the session whose token hashes to `tokenHash`, unless it has ended already. */
export const endConsoleSessionOf = (db: Db, tokenHash: string, at: Date) => db.consoleSession.updateMany({ where: { tokenHash, endedAt: null }, data: { endedAt: at } });

/** Forgets up to `limit` sessions that ended or expired before `before` (the housekeeper's). */
export const deleteEndedConsoleSessions = (db: Db, before: Date, limit: number) =>
  db.$executeRaw`-- delete_ended_console_sessions
    DELETE FROM console_session WHERE id IN (
      SELECT id FROM console_session WHERE ended_at < ${before} OR expires_at < ${before} ORDER BY id LIMIT ${limit})`;
