import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../core/db/database.js";
import { intervalMsSql } from "./pacing.js";

// A number's pacing, on its usage row: the slots its queued messages take, the hard floor between
// two sends, and when it last sent. Moving messages between states is queue.ts's.

/** One step of a number's pacing at `now`: its least interval (slowed, if it is) plus up to its jitter at random. */
export const pacingStep = (account: string, now: Date) =>
  Prisma.sql`make_interval(secs => (${intervalMsSql(account, now)} + floor(random() * (${Prisma.raw(account)}.jitter_ms + 1))) / 1000.0)`;

/**
 * CTEs that give a message deferred to `dayStart` the earliest start-of-day slot among the numbers
 * it may use (`held`: a CTE of its `tenant_id`, `account_id` and `account_pinned`), moving that
 * number's next deferred slot on by its pacing: `lane(account_id, slot)`, empty when no connected
 * number has a usage row. The usage rows are locked in account order (as in senderPlacementCtes)
 * and read at their latest version, so concurrent deferrals take distinct slots.
 */
export const deferredSlotCtes = (held: string, dayStart: Date) => Prisma.sql`
    lanes AS (
      SELECT u.account_id, GREATEST(u.deferred_next_at, ${dayStart}) AS slot
      FROM ${Prisma.raw(held)} h JOIN account a ON a.tenant_id = h.tenant_id AND (NOT h.account_pinned OR a.id = h.account_id)
        JOIN account_usage u ON u.account_id = a.id
      WHERE a.status = 'connected'
      ORDER BY u.account_id
      FOR UPDATE OF u
    ),
    lane AS (SELECT account_id, slot FROM lanes ORDER BY slot, account_id LIMIT 1),
    taken AS (
      UPDATE account_usage AS u SET deferred_next_at = lane.slot + ${pacingStep("a", dayStart)}
      FROM lane, account a WHERE u.account_id = lane.account_id AND a.id = lane.account_id
    )`;

/**
 * Takes the next pacing slot of an account: the later of now and its `next_send_at`, which moves
 * on by the account's interval plus random jitter. Slots are handed out under the row lock, so
 * concurrent workers space one number's messages apart instead of sending them together.
 */
export async function reservePacingSlot(db: Db, accountId: number, now: Date): Promise<Date> {
  const rows = await db.$queryRaw<Array<{ slot: Date }>>`
    -- reserve_pacing_slot
    WITH previous AS (
      SELECT GREATEST(COALESCE(u.next_send_at, ${now}::timestamptz), ${now}::timestamptz) AS slot
      FROM account_usage u WHERE u.account_id = ${accountId} FOR UPDATE
    )
    UPDATE account_usage AS u SET next_send_at = previous.slot + ${pacingStep("a", now)}
    FROM previous, account a
    WHERE u.account_id = ${accountId} AND a.id = u.account_id
    RETURNING previous.slot`;
  return rows[0]?.slot ?? now;
}

/**
 * The hard floor under pacing: a number may send again only `min_interval_ms` after its last paced
 * send. Slots alone space the messages as planned, but a message claimed late at its slot would
 * then follow the previous one too closely; this check, taken right before sending, cannot be
 * passed by two sends closer than the interval. Returns when to try again if it was not passed.
 */
export async function takeSendGate(db: Db, accountId: number, now: Date): Promise<Date | undefined> {
  const rows = await db.$queryRaw<Array<{ passed: boolean; retryAt: Date }>>`
    -- take_send_gate
    WITH gate AS (
      UPDATE account_usage AS u SET last_sent_at = ${now}::timestamptz
      FROM account a
      WHERE u.account_id = ${accountId} AND a.id = u.account_id
        AND (u.last_sent_at IS NULL OR u.last_sent_at <= ${now}::timestamptz - make_interval(secs => ${intervalMsSql("a", now)} / 1000.0))
      RETURNING u.account_id
    )
    -- The read below sees the statement's snapshot, from before a concurrent gate that made this
    -- one wait: its last_sent_at may be older than the one that refused us, or NULL (the number's
    -- first sends). A refused gate always gets a time to try again; a too early one just meets
    -- the gate again.
    SELECT EXISTS (SELECT 1 FROM gate) AS passed,
      (SELECT COALESCE(u.last_sent_at, ${now}::timestamptz) + make_interval(secs => ${intervalMsSql("a", now)} / 1000.0)
       FROM account_usage u JOIN account a ON a.id = u.account_id WHERE u.account_id = ${accountId}) AS "retryAt"`;
  const row = rows[0];
  // No usage row at all (retryAt NULL): the number never sent, so there is no floor to keep.
  return row && !row.passed && row.retryAt ? row.retryAt : undefined;
}

/**
 * Moves the floor's mark to when a paced send actually went out. The gate stamps the time it was
 * asked at, which can be earlier than the send by the wait for the database (PGlite's queue of
 * statements, a row lock); the number's next send keeps its interval from this one's departure.
 */
export async function markNumberSent(db: Db, accountId: number, now: Date): Promise<void> {
  await db.$executeRaw`
    -- mark_number_sent
    UPDATE account_usage SET last_sent_at = GREATEST(last_sent_at, ${now}::timestamptz) WHERE account_id = ${accountId}`;
}
