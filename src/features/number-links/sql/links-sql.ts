import { Prisma, type NumberLink, type WahaServer } from "../../../generated/prisma/client.js";
import type { Db, SqlClient } from "../../../core/db/database.js";

// The statements that write number_link and waha_server (this feature owns both), and the one
// rule of who holds a place in a plan's number limit.

/**
 * Serialises every placement of a number (the plan's limit, a server's capacity) across
 * instances, for the rest of the transaction. Numbers are added seldom, so one lock for all is
 * cheap, and both counts that follow see every placement committed before it.
 */
export async function lockPlacements(tx: SqlClient): Promise<void> {
  await tx.$queryRaw`-- lock_number_placements
    SELECT 1 AS locked FROM pg_advisory_xact_lock(7316482293002)`;
}

/**
 * The tenant's numbers that hold a place in its plan's limit: those connected, and those being
 * linked (a connection attempt holds its place until it links or is removed). `except`: a number
 * being linked again, which is asking for its place.
 */
export async function numbersHeld(tx: SqlClient, tenantId: number, except: number | null = null): Promise<{ held: number; limit: number }> {
  const [row] = await tx.$queryRaw<Array<{ held: number; limit: number }>>`-- count_numbers_held
    SELECT (SELECT count(*)::int FROM account a
              WHERE a.tenant_id = ${tenantId} AND a.removed_at IS NULL AND a.id IS DISTINCT FROM ${except}::int
                AND (a.status = 'connected'
                  OR EXISTS (SELECT 1 FROM number_link l WHERE l.account_id = a.id AND l.state NOT IN ('WORKING', 'FAILED', 'STOPPED')))) AS held,
           p.max_accounts AS limit
    FROM tenant t JOIN plan p ON p.id = t.plan_id WHERE t.id = ${tenantId}`;
  return row ?? { held: 0, limit: 0 };
}

/**
 * The one rule of where a session goes: the server with the most room left (by share of its
 * capacity) that is not being drained, `except` one (a move's own server); none when every one is
 * full or drained. `only`: that server, if it qualifies (a move to a named server).
 */
export async function serverWithRoom(tx: SqlClient, except: number | null = null, only: number | null = null): Promise<WahaServer | undefined> {
  const [server] = await tx.$queryRaw<WahaServer[]>`-- pick_waha_server
    SELECT s.id, s.name, s.base_url AS "baseUrl", s.api_key AS "apiKey", s.capacity, s.created_at AS "createdAt", s.draining_since AS "drainingSince"
    FROM waha_server s
    CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM number_link l WHERE l.server_id = s.id) used
    WHERE used.n < s.capacity AND s.draining_since IS NULL
      AND s.id IS DISTINCT FROM ${except}::int AND (${only}::int IS NULL OR s.id = ${only}::int)
    ORDER BY used.n::float8 / s.capacity, s.id LIMIT 1`;
  return server;
}

/** Moves a link's session to `to`, if it is still on `from` (another instance's move took it otherwise); whether it moved. */
export async function moveLink(tx: SqlClient, accountId: number, from: number, to: number, at: Date): Promise<boolean> {
  const moved = await tx.$queryRaw<unknown[]>`-- move_number_link
    UPDATE number_link SET server_id = ${to}, updated_at = ${at} WHERE account_id = ${accountId} AND server_id = ${from} RETURNING account_id`;
  return moved.length > 0;
}

/** Starts or ends a server's drain (null: in service again). */
export const setServerDraining = (db: Db, id: number, since: Date | null) => db.wahaServer.update({ where: { id }, data: { drainingSince: since }, omit: { apiKey: true } });

export async function insertLink(tx: SqlClient, link: { accountId: number; serverId: number | null; session: string; warmUp: boolean }, at: Date): Promise<void> {
  await tx.$queryRaw`-- insert_number_link
    INSERT INTO number_link (account_id, server_id, session, warm_up, created_at, updated_at)
    VALUES (${link.accountId}, ${link.serverId}, ${link.session}, ${link.warmUp}, ${at}, ${at})`;
}

/** A number linked again starts over: a new attempt in `CREATING`, no code, no error. */
export async function restartLink(tx: SqlClient, accountId: number, at: Date): Promise<void> {
  await tx.$queryRaw`-- restart_number_link
    UPDATE number_link SET state = 'CREATING', qr = NULL, qr_changed_at = NULL, pairing_phone = NULL, pairing_code = NULL, error = NULL, updated_at = ${at}
    WHERE account_id = ${accountId}`;
}

/** A number_link row as the client names its fields. */
const LINK_FIELDS = Prisma.raw(`account_id AS "accountId", server_id AS "serverId", session, state, qr, qr_changed_at AS "qrChangedAt", pairing_phone AS "pairingPhone",
  pairing_code AS "pairingCode", warm_up AS "warmUp", error, logout_due_at AS "logoutDueAt", logout_attempts AS "logoutAttempts", created_at AS "createdAt", updated_at AS "updatedAt"`);

/**
 * A session's new state (and QR code, while it waits for a scan); the link as it is now, or none
 * for a session we do not know. A session that works for its own number owes no logout.
 */
export async function setLinkState(db: Db, session: string, change: { state: string; qr?: string | null; error?: string | null }, at: Date): Promise<NumberLink | undefined> {
  const qrGiven = change.qr !== undefined;
  const working = change.state === "WORKING";
  const [link] = await db.$queryRaw<NumberLink[]>`-- set_number_link_state
    UPDATE number_link SET state = ${change.state}, updated_at = ${at},
      qr = CASE WHEN ${qrGiven}::boolean THEN ${change.qr ?? null}::text ELSE qr END,
      qr_changed_at = CASE WHEN ${qrGiven}::boolean AND qr IS DISTINCT FROM ${change.qr ?? null}::text THEN ${at}::timestamptz ELSE qr_changed_at END,
      error = ${change.error ?? null},
      logout_due_at = CASE WHEN ${working}::boolean THEN NULL ELSE logout_due_at END,
      logout_attempts = CASE WHEN ${working}::boolean THEN 0 ELSE logout_attempts END
    WHERE session = ${session}
    RETURNING ${LINK_FIELDS}`;
  return link;
}

/**
 * When the logout owed to a refused link's session is tried again after its `attempts`-th try:
 * 30 s after the first, doubling, at most 30 minutes.
 */
const logoutRetrySql = (attempts: Prisma.Sql, at: Date) => Prisma.sql`${at}::timestamptz + make_interval(secs => LEAST(30.0 * power(2, LEAST(${attempts} - 1, 20)), 1800.0))`;

/**
 * A link refused at WORKING (`error` says why): FAILED, and its session owed a logout, whose first
 * try the caller makes now (it is counted, and the next is due after its backoff). The link as it
 * is now, or none for a session we do not know.
 */
export async function refuseLink(tx: SqlClient, session: string, error: string, at: Date): Promise<NumberLink | undefined> {
  const [link] = await tx.$queryRaw<NumberLink[]>`-- refuse_number_link
    UPDATE number_link SET state = 'FAILED', qr = NULL, error = ${error}, updated_at = ${at},
      logout_attempts = logout_attempts + 1, logout_due_at = ${logoutRetrySql(Prisma.sql`logout_attempts + 1`, at)}
    WHERE session = ${session}
    RETURNING ${LINK_FIELDS}`;
  return link;
}

export interface OwedLogout {
  session: string;
  serverId: number | null;
  /** The tries so far, this one included. */
  logoutAttempts: number;
}

/**
 * Takes the logouts owed and due by `at`: each is counted as tried and its next try set after its
 * backoff before the caller tries it, so another instance's sweep does not take it too, and a
 * process that dies while trying leaves it due again.
 */
export async function claimOwedLogouts(db: Db, at: Date): Promise<OwedLogout[]> {
  return db.$queryRaw<OwedLogout[]>`-- claim_owed_logouts
    UPDATE number_link SET logout_attempts = logout_attempts + 1, logout_due_at = ${logoutRetrySql(Prisma.sql`logout_attempts + 1`, at)}
    WHERE logout_due_at <= ${at}::timestamptz
    RETURNING session, server_id AS "serverId", logout_attempts AS "logoutAttempts"`;
}

/**
 * WAHA confirmed a logout of the session: nothing is owed. `attempts`: only if no try was counted
 * since that one (a later refusal owes a logout of its own); null: whatever was owed.
 */
export async function settleLogout(db: Db, session: string, attempts: number | null): Promise<void> {
  await db.$executeRaw`-- settle_owed_logout
    UPDATE number_link SET logout_due_at = NULL, logout_attempts = 0
    WHERE session = ${session} AND logout_due_at IS NOT NULL AND (${attempts}::int IS NULL OR logout_attempts = ${attempts}::int)`;
}

export async function setPairingCode(db: Pick<Db, "$executeRaw">, accountId: number, phone: string, code: string, at: Date): Promise<void> {
  await db.$executeRaw`-- set_pairing_code
    UPDATE number_link SET pairing_phone = ${phone}, pairing_code = ${code}, updated_at = ${at} WHERE account_id = ${accountId}`;
}

export async function deleteLink(db: SqlClient, accountId: number): Promise<void> {
  await db.$queryRaw`-- delete_number_link
    DELETE FROM number_link WHERE account_id = ${accountId}`;
}

/** Links still `CREATING` since before `before`: their request never finished (a crash between our write and WAHA's). */
export async function staleCreations(db: Db, before: Date): Promise<NumberLink[]> {
  return db.numberLink.findMany({ where: { state: "CREATING", updatedAt: { lt: before } } });
}

/**
 * Every session a link names, on any server: a moved number's stopped session on its former server
 * is named too, and is no orphan (with a shared session storage, its logout would log out the moved one).
 */
export async function knownSessions(db: Db): Promise<Set<string>> {
  const rows = await db.numberLink.findMany({ select: { session: true } });
  return new Set(rows.map((r) => r.session));
}

export const insertServer = (db: Db, s: { name: string; baseUrl: string; apiKey: string | null; capacity: number }) => db.wahaServer.create({ data: s, omit: { apiKey: true } });

export const updateServer = (db: Db, id: number, s: { baseUrl?: string; apiKey?: string | null; capacity?: number }) =>
  db.wahaServer.update({ where: { id }, data: s, omit: { apiKey: true } });

/** Removes a server that holds no session (a session's link refers to its server). */
export async function deleteEmptyServer(db: Db, id: number): Promise<boolean> {
  const deleted = await db.$executeRaw`-- delete_empty_waha_server
    DELETE FROM waha_server s WHERE s.id = ${id} AND NOT EXISTS (SELECT 1 FROM number_link l WHERE l.server_id = s.id)`;
  return deleted > 0;
}

/** Whether a live number (of any tenant) is already this Cloud API phone number id. */
export async function phoneNumberIdTaken(tx: SqlClient, phoneNumberId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`-- find_cloud_phone_number_id
    SELECT 1 FROM account WHERE removed_at IS NULL AND settings -> 'whatsappCloud' ->> 'phoneNumberId' = ${phoneNumberId} LIMIT 1`;
  return rows.length > 0;
}
