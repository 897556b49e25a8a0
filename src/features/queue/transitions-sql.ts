import { Prisma } from "../../generated/prisma/client.js";
import type { Message } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import { rowsOf } from "../../core/db/raw-rows.js";
import { earlyDeliveredSql, earlyReadSql, takeEarlyReceiptsSql } from "./receipts-sql.js";
import {
  countSenderCtes,
  tallyHealthCte,
  UNDELIVERABLE,
  deferredSlotCtes,
  addUsageRowsForMessages,
  senderPlacementCtes,
  releaseQuotaCte,
  releaseSenderCte,
} from "../accounts/index.js";
import { messageColumns } from "./columns-sql.js";
import { countHandedBackAnswer, countLostAnswer } from "./lost-answers-sql.js";
import { backToQueueSql, cancelRequestedSql, releaseCancelledCtes } from "./cancel-requests-sql.js";

// Every statement that moves a message through its states (the claim that takes due ones is in
// queue-claim.ts). The messages table is the queue: a message is `pending` until a worker (or the
// inline single-send path) holds it as `sending` under a lease (`locked_by`, `locked_until`);
// completion and failure only apply while that lease is still the caller's, so a message whose
// lease expired and was taken over cannot be finished twice.

/** The numbers a message may go from (message.sender_choices), as a condition on the account aliased `a`. */
const choicesSql = (choices: number[] | null) => (choices && choices.length > 0 ? Prisma.sql`a.id = ANY (${choices}::int[])` : undefined);

/** Counts a sender for a claimed queued message (see countSenderCtes); undefined when none has room. */
export async function assignSender(db: Db, message: Message, owner: string, day: string, month: string, now: Date): Promise<Message | undefined> {
  const rows = await db.$queryRaw<Message[]>`
    -- assign_sender
    WITH ${countSenderCtes({ tenantId: message.tenantId, accountId: message.accountPinned ? message.accountId : null, to: Prisma.sql`${message.to}::text`, day, month, now, fit: choicesSql(message.senderChoices) })}
    UPDATE message AS m SET account_id = counted.account_id, account_counted_on = ${day}::date
    FROM counted WHERE m.id = ${message.id} AND m.locked_by = ${owner}
    RETURNING ${messageColumns("m")}`;
  return rows[0];
}

/**
 * Counts senders for many claimed messages in one statement (senderPlacementCtes). Messages that
 * find no room here (or whose number ran out mid-batch) come back without a sender and take the
 * one-by-one path, which defers or fails them as the rules say.
 */
export async function assignSenders(db: Db, ids: bigint[], owner: string, day: string, month: string, now: Date): Promise<Message[]> {
  if (ids.length === 0) return [];
  const idList = ids.map(String);
  await addUsageRowsForMessages(db, ids, day, month);
  return db.$queryRaw<Message[]>`
    -- assign_senders
    WITH want AS (
      SELECT m.id, m.tenant_id, CASE WHEN m.account_pinned THEN m.account_id ELSE 0 END AS pinned, COALESCE(m.sender_choices, '{}') AS choices,
        row_number() OVER (PARTITION BY m.tenant_id, CASE WHEN m.account_pinned THEN m.account_id ELSE 0 END, COALESCE(m.sender_choices, '{}') ORDER BY m.id) - 1 AS n
      FROM message m
      WHERE m.id = ANY(${idList}::text[]::bigint[]) AND m.locked_by = ${owner} AND m.status = 'sending'
        AND m.account_counted_on IS NULL
    ),
    ${senderPlacementCtes({ day, month, now })}
    UPDATE message AS m SET account_id = chosen.account_id, account_counted_on = ${day}::date
    FROM chosen WHERE m.id = chosen.id
    RETURNING ${messageColumns("m")}`;
}

export async function markSent(db: Db, id: bigint, owner: string, providerMessageId: string | null, now: Date): Promise<Message | undefined> {
  const rows = await rowsOf<Message>(db, markSentSql(id, owner, providerMessageId, now));
  return rows[0];
}

export function markSentSql(id: bigint, owner: string, providerMessageId: string | null, now: Date): Prisma.Sql {
  const providerId = Prisma.sql`${providerMessageId}::text`;
  return Prisma.sql`
    -- mark_sent
    WITH ${takeEarlyReceiptsSql(Prisma.sql`ARRAY[${providerId}]`)}
    UPDATE message AS m SET status = 'sent', sent_at = ${now}::timestamptz, error = NULL, provider_message_id = ${providerMessageId},
      delivered_at = ${earlyDeliveredSql(providerId)}, read_at = ${earlyReadSql(providerId)},
      locked_by = NULL, locked_until = NULL
    WHERE m.id = ${id} AND m.locked_by = ${owner} AND m.status = 'sending'
    RETURNING ${messageColumns("m")}`;
}

/**
 * Marks many held messages sent in one statement (the worker completes a claimed batch together).
 * Each row is fenced by the lease like `markSent`; the rows returned are those that were still held.
 */
export async function markManySent(db: Db, owner: string, sent: Array<{ id: bigint; providerMessageId: string | null }>, now: Date): Promise<Message[]> {
  if (sent.length === 0) return [];
  const ids = sent.map((s) => String(s.id));
  const providerIds = sent.map((s) => s.providerMessageId);
  return rowsOf<Message>(
    db,
    Prisma.sql`
    -- mark_many_sent
    WITH ${takeEarlyReceiptsSql(Prisma.sql`${providerIds}::text[]`)}
    UPDATE message AS m SET status = 'sent', sent_at = ${now}::timestamptz, error = NULL, provider_message_id = s.provider_id,
      delivered_at = ${earlyDeliveredSql(Prisma.sql`s.provider_id`)}, read_at = ${earlyReadSql(Prisma.sql`s.provider_id`)},
      locked_by = NULL, locked_until = NULL
    FROM unnest(${ids}::text[]::bigint[], ${providerIds}::text[]) AS s(id, provider_id)
    WHERE m.id = s.id AND m.locked_by = ${owner} AND m.status = 'sending'
    RETURNING ${messageColumns("m")}`,
  );
}

/**
 * Fails a held message and, in the same statement, gives back what it held (the allowance unit and
 * the sender's counts). Being one statement fenced by the lease, the release happens exactly once.
 */
export async function markFailed(
  db: Db,
  id: bigint,
  owner: string,
  error: string,
  providerCode: string | null = null,
  now = new Date(),
  answerLost = false,
): Promise<Message | undefined> {
  // Only the provider's refusals count against the number's health, not the gateway's own checks.
  const tally =
    providerCode === null
      ? Prisma.sql`SELECT 1`
      : tallyHealthCte("failed", `"accountId"`, now, {
          failed: Prisma.sql`count(*)::int`,
          undeliverable: Prisma.sql`(count(*) FILTER (WHERE error = ${UNDELIVERABLE}))::int`,
        });
  const rows = await db.$queryRaw<Message[]>`
    -- mark_failed
    WITH failed AS (
      UPDATE message AS m SET status = 'failed', error = ${error}, provider_error_code = ${providerCode},
        locked_by = NULL, locked_until = NULL, ${countLostAnswer(answerLost)}
      WHERE m.id = ${id} AND m.locked_by = ${owner} AND m.status = 'sending'
      RETURNING ${messageColumns("m")}
    ),
    quota AS (${releaseQuotaCte("failed")}),
    sender AS (${releaseSenderCte("failed")}),
    tally AS (${tally})
    SELECT * FROM failed`;
  return rows[0];
}

export interface RetryPlan {
  error: string;
  providerCode: string | null;
  /** When to try again (see afterFailedAttempt). */
  runAt: Date;
  /** The sender cannot send now (disconnected): give its counts back and choose again. */
  releaseSender: boolean;
  /** The attempt's answer was lost: the provider may have the message (see countLostAnswer). */
  answerLost?: boolean;
}

/** Puts a held message back in the queue after a transient failure, due at `plan.runAt`. */
export async function scheduleRetry(db: Db, id: bigint, owner: string, plan: RetryPlan): Promise<Message | undefined> {
  const rows = await db.$queryRaw<Message[]>`
    -- schedule_retry
    WITH retried AS (
      UPDATE message AS m SET ${backToQueueSql(Prisma.sql`${plan.error}`)},
        provider_error_code = CASE WHEN ${cancelRequestedSql} THEN NULL ELSE ${plan.providerCode} END,
        run_at = ${plan.runAt}::timestamptz,
        paced_at = NULL, locked_by = NULL, locked_until = NULL, ${countLostAnswer(plan.answerLost ?? false)},
        account_counted_on = CASE WHEN ${plan.releaseSender} AND NOT ${cancelRequestedSql} THEN NULL ELSE m.account_counted_on END,
        account_id = CASE WHEN ${plan.releaseSender} AND NOT ${cancelRequestedSql} AND NOT m.account_pinned THEN NULL ELSE m.account_id END
      FROM (SELECT account_id AS "accountId", account_counted_on AS "accountCountedOn" FROM message WHERE id = ${id}) AS before
      WHERE m.id = ${id} AND m.locked_by = ${owner} AND m.status = 'sending'
      RETURNING ${messageColumns("m")}, before."accountId" AS "heldAccountId", before."accountCountedOn" AS "heldCountedOn"
    ),
    released AS (SELECT "heldAccountId" AS "accountId", "heldCountedOn" AS "accountCountedOn" FROM retried WHERE ${plan.releaseSender} AND status = 'pending'),
    sender AS (${releaseSenderCte("released")}),
    ${releaseCancelledCtes("retried")}
    SELECT * FROM retried`;
  return rows[0];
}

/**
 * Puts a held message back in the queue because every number it may use is at its daily limit.
 * It comes due on `dayStart` (when the limits open again) at the next start-of-day slot of one of
 * those numbers: each number hands out its slots from `dayStart` on, spaced by its pacing, and the
 * message takes the earliest one. So a day's leftovers come due at the pace their numbers send
 * instead of all at the same midnight. The numbers' usage rows are locked in account order (as in
 * assignSenders) and read at their latest version, so concurrent deferrals take distinct slots.
 */
export async function deferMessage(db: Db, id: bigint, owner: string, dayStart: Date): Promise<Message | undefined> {
  const rows = await db.$queryRaw<Message[]>`
    -- defer_message
    WITH held AS (
      SELECT tenant_id, account_id, account_pinned FROM message AS m
      WHERE id = ${id} AND locked_by = ${owner} AND status = 'sending' AND NOT ${cancelRequestedSql}
    ),
    ${deferredSlotCtes("held", dayStart)},
    deferred AS (
      UPDATE message AS m SET ${backToQueueSql()}, run_at = COALESCE((SELECT slot FROM lane), ${dayStart}),
        attempts = m.attempts - 1, locked_by = NULL, locked_until = NULL
      WHERE m.id = ${id} AND m.locked_by = ${owner} AND m.status = 'sending'
      RETURNING ${messageColumns("m")}
    ),
    ${releaseCancelledCtes("deferred")}
    SELECT * FROM deferred`;
  return rows[0];
}

/**
 * A high message goes ahead of the normal messages of its number that wait for a pacing slot: it
 * takes the earliest of their slots, each of them moves on to the next one's, and the last takes
 * the slot the high message was given. The number's slots, so its pacing, stay exactly as they
 * were, and the normal messages keep their order. Ones being claimed right now are skipped (SKIP
 * LOCKED), never waited for. Returns the slot the high message now holds.
 */
export async function takeEarlierPacingSlot(db: Db, accountId: number, slot: Date, now: Date): Promise<Date> {
  const rows = await db.$queryRaw<Array<{ slot: Date | null }>>`
    -- take_earlier_pacing_slot
    WITH waiting AS (
      SELECT id, paced_at FROM message
      WHERE account_id = ${accountId} AND status = 'pending' AND priority = 'normal' AND paced_at IS NOT NULL
        AND paced_at > ${now}::timestamptz AND paced_at < ${slot}::timestamptz
      ORDER BY paced_at, id
      FOR UPDATE SKIP LOCKED
    ),
    shifted AS (
      SELECT id, COALESCE(lead(paced_at) OVER (ORDER BY paced_at, id), ${slot}::timestamptz) AS next_slot FROM waiting
    ),
    moved AS (
      UPDATE message AS m SET paced_at = shifted.next_slot, run_at = shifted.next_slot
      FROM shifted WHERE m.id = shifted.id
    )
    SELECT min(paced_at) AS slot FROM waiting`;
  return rows[0]?.slot ?? slot;
}

/**
 * Puts claimed messages back in the queue until a time each (their send window's next opening),
 * as if never claimed: the attempt is not counted and a pacing slot they held is let go.
 */
export async function holdUntil(db: Db, owner: string, holds: Array<{ id: bigint; until: Date }>): Promise<Message[]> {
  if (holds.length === 0) return [];
  return db.$queryRaw<Message[]>`
    -- hold_until
    WITH held AS (
      UPDATE message AS m SET ${backToQueueSql()}, run_at = h.until, paced_at = NULL, attempts = GREATEST(m.attempts - 1, 0),
        locked_by = NULL, locked_until = NULL
      FROM unnest(${holds.map((h) => String(h.id))}::text[]::bigint[], ${holds.map((h) => h.until)}::timestamptz[]) AS h(id, until)
      WHERE m.id = h.id AND m.locked_by = ${owner} AND m.status = 'sending'
      RETURNING ${messageColumns("m")}
    ),
    ${releaseCancelledCtes("held")}
    SELECT * FROM held`;
}

/** Keeps a held message's pacing slot and lets it wait for it in the queue. */
export async function waitForPacingSlot(db: Db, id: bigint, owner: string, slot: Date): Promise<Message | undefined> {
  const rows = await db.$queryRaw<Message[]>`
    -- wait_for_pacing_slot
    WITH waiting AS (
      UPDATE message AS m SET ${backToQueueSql()}, run_at = ${slot}, paced_at = ${slot}, attempts = m.attempts - 1,
        locked_by = NULL, locked_until = NULL
      WHERE m.id = ${id} AND m.locked_by = ${owner} AND m.status = 'sending'
      RETURNING ${messageColumns("m")}
    ),
    ${releaseCancelledCtes("waiting")}
    SELECT * FROM waiting`;
  return rows[0];
}

/** Hands every message `owner` holds back to the queue (a worker that has to stop now). */
export async function releaseHeldBy(db: Db, owner: string, now: Date): Promise<Message[]> {
  return db.$queryRaw<Message[]>`
    -- release_held_by
    WITH released AS (
      UPDATE message AS m SET ${backToQueueSql()}, attempts = GREATEST(m.attempts - 1, 0), run_at = ${now}::timestamptz,
        locked_by = NULL, locked_until = NULL, ${countHandedBackAnswer}
      WHERE m.locked_by = ${owner} AND m.status = 'sending'
      RETURNING ${messageColumns("m")}
    ),
    ${releaseCancelledCtes("released")}
    SELECT * FROM released`;
}

/**
 * Of the held messages `ids`, those whose counted sender can no longer send and that may leave it
 * (did not name it, or named one that is only paused or restricted): their sender's counts are
 * given back and, unless they named it, the sender too. Each row says whether it named the
 * stopped number and until when that number stops.
 */
export async function releaseStoppedSendersOf(db: Db, ids: bigint[], owner: string): Promise<Array<Message & { pinnedStopped: boolean; stoppedUntil: Date | null }>> {
  return db.$queryRaw<Array<Message & { pinnedStopped: boolean; stoppedUntil: Date | null }>>`
    -- release_stopped_senders
    WITH stopped AS (
      SELECT m.id, m.account_id AS "accountId", m.account_counted_on AS "accountCountedOn", m.account_pinned AS pinned, a.status_until
      FROM message m JOIN account a ON a.id = m.account_id
      WHERE m.id = ANY (${ids.map(String)}::text[]::bigint[]) AND m.locked_by = ${owner} AND m.status = 'sending'
        AND a.status <> 'connected' AND m.sent_parts = '[]'::jsonb AND (NOT m.account_pinned OR a.status IN ('paused', 'restricted'))
      FOR UPDATE OF m
    ),
    released AS (
      UPDATE message AS m SET account_counted_on = NULL, paced_at = NULL, account_id = CASE WHEN s.pinned THEN m.account_id END
      FROM stopped s WHERE m.id = s.id
      RETURNING ${messageColumns("m")}, s.pinned AS "pinnedStopped", s.status_until AS "stoppedUntil"
    ),
    sender AS (${releaseSenderCte("stopped")})
    SELECT * FROM released`;
}
