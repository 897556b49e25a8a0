import { Prisma } from "../generated/prisma/client.js";
import type { Message } from "../generated/prisma/client.js";
import type { Db } from "../db/database.js";
import { countSenderCtes, reserveQuotaCte } from "./usage.js";

// Every statement that moves a message through its states. The messages table is the queue: a
// message is `pending` until a worker (or the inline single-send path) holds it as `sending` under
// a lease (`locked_by`, `locked_until`); completion and failure only apply while that lease is
// still the caller's, so a message whose lease expired and was taken over cannot be finished twice.

/** The message columns under the names of the Prisma model, so raw rows are `Message` values. */
const messageColumns = (alias: string) =>
  Prisma.raw(
    [
      ["id", "id"],
      ["tenant_id", "tenantId"],
      ["account_id", "accountId"],
      ["account_pinned", "accountPinned"],
      ["batch_id", "batchId"],
      ["to", "to"],
      ["body", "body"],
      ["image_url", "imageUrl"],
      ["status", "status"],
      ["error", "error"],
      ["attempts", "attempts"],
      ["reserved_on", "reservedOn"],
      ["account_counted_on", "accountCountedOn"],
      ["run_at", "runAt"],
      ["locked_by", "lockedBy"],
      ["locked_until", "lockedUntil"],
      ["provider_message_id", "providerMessageId"],
      ["created_at", "createdAt"],
      ["sent_at", "sentAt"],
      ["delivered_at", "deliveredAt"],
      ["read_at", "readAt"],
    ]
      .map(([col, field]) => `${alias}."${col}" AS "${field}"`)
      .join(", "),
  );

export interface AcceptSingleArgs {
  tenantId: number;
  monthlyLimit: number;
  accountId: number | null;
  to: string;
  text: string;
  imageUrl: string | null;
  day: string;
  month: string;
  lockOwner: string;
  leaseSeconds: number;
}

export interface AcceptSingleResult {
  quotaTaken: boolean;
  message: Message | undefined;
}

/**
 * One statement for an interactive send: takes a unit of the monthly allowance, counts the sender,
 * and inserts the message already held (`sending`) by the caller, who delivers it inline. When the
 * allowance was taken but no sender could be counted, the caller gives the unit back.
 */
export async function acceptSingleMessage(db: Db, a: AcceptSingleArgs): Promise<AcceptSingleResult> {
  const rows = await db.$queryRaw<Array<Message & { quotaTaken: boolean }>>(acceptSingleMessageSql(a));
  const row = rows[0];
  if (!row) return { quotaTaken: false, message: undefined };
  const { quotaTaken, ...message } = row;
  return { quotaTaken, message: message.id === null ? undefined : message };
}

/** The statement of acceptSingleMessage (also run bare by the benchmark's baseline). */
export function acceptSingleMessageSql(a: AcceptSingleArgs): Prisma.Sql {
  return Prisma.sql`
    WITH quota AS (${reserveQuotaCte(a.tenantId, a.month, 1, a.monthlyLimit)}),
    ${countSenderCtes({ tenantId: a.tenantId, accountId: a.accountId, day: a.day, month: a.month, gate: "quota" })},
    inserted AS (
      INSERT INTO message AS m (tenant_id, account_id, account_pinned, "to", body, image_url, status,
        attempts, reserved_on, account_counted_on, locked_by, locked_until)
      SELECT ${a.tenantId}::int, counted.account_id, ${a.accountId !== null}::boolean, ${a.to}::text, ${a.text}::text,
        ${a.imageUrl}::text, 'sending', 1, ${a.day}::date, ${a.day}::date, ${a.lockOwner}::text,
        now() + make_interval(secs => ${a.leaseSeconds}::int)
      FROM counted
      RETURNING ${messageColumns("m")}
    )
    SELECT EXISTS (SELECT 1 FROM quota) AS "quotaTaken", inserted.*
    FROM (SELECT 1) AS one LEFT JOIN inserted ON true`;
}

export interface AcceptBulkArgs {
  tenantId: number;
  monthlyLimit: number;
  accountId: number | null;
  numbers: string[];
  text: string;
  imageUrl: string | null;
  day: string;
  month: string;
}

/**
 * One statement (so one transaction) for a bulk request: takes `numbers.length` units of the
 * allowance or none, then records the batch and one `pending` message per number for the worker.
 * Returns undefined when the allowance does not cover the whole request.
 */
export async function acceptBulkMessages(
  db: Db,
  a: AcceptBulkArgs,
): Promise<{ batchId: bigint; messages: Array<{ id: bigint; to: string }> } | undefined> {
  const rows = await db.$queryRaw<Array<{ batchId: bigint; id: bigint; to: string }>>`
    WITH quota AS (${reserveQuotaCte(a.tenantId, a.month, a.numbers.length, a.monthlyLimit)}),
    batch_row AS (
      INSERT INTO batch (tenant_id, account_id, body, image_url, total)
      SELECT ${a.tenantId}::int, ${a.accountId}::int, ${a.text}::text, ${a.imageUrl}::text, ${a.numbers.length}::int FROM quota
      RETURNING id
    ),
    inserted AS (
      INSERT INTO message (tenant_id, account_id, account_pinned, batch_id, "to", body, image_url, reserved_on)
      SELECT ${a.tenantId}::int, ${a.accountId}::int, ${a.accountId !== null}::boolean, batch_row.id, n.recipient,
        ${a.text}::text, ${a.imageUrl}::text, ${a.day}::date
      FROM batch_row, unnest(${a.numbers}::text[]) WITH ORDINALITY AS n(recipient, position)
      ORDER BY n.position
      RETURNING id, "to", batch_id
    )
    SELECT batch_id AS "batchId", id, "to" FROM inserted ORDER BY id`;
  const first = rows[0];
  if (!first) return undefined;
  return { batchId: first.batchId, messages: rows.map((r) => ({ id: r.id, to: r.to })) };
}

/**
 * Claims up to `limit` due messages for `owner`. SKIP LOCKED lets several workers claim at once
 * without waiting on each other or taking the same row; `sending` rows whose lease ran out (their
 * worker died) are due again, which makes delivery at-least-once.
 */
export async function claimDueMessages(db: Db, owner: string, limit: number, leaseSeconds: number): Promise<Message[]> {
  return db.$queryRaw<Message[]>`
    WITH due AS (
      SELECT id FROM message
      WHERE (status = 'pending' AND run_at <= now())
         OR (status = 'sending' AND locked_until < now())
      ORDER BY run_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE message AS m
    SET status = 'sending', attempts = m.attempts + 1, locked_by = ${owner},
        locked_until = now() + make_interval(secs => ${leaseSeconds}::int)
    FROM due WHERE m.id = due.id
    RETURNING ${messageColumns("m")}`;
}

/** Counts a sender for a claimed queued message (see countSenderCtes); undefined when none has room. */
export async function assignSender(db: Db, message: Message, owner: string, day: string, month: string): Promise<Message | undefined> {
  const rows = await db.$queryRaw<Message[]>`
    WITH ${countSenderCtes({ tenantId: message.tenantId, accountId: message.accountPinned ? message.accountId : null, day, month })}
    UPDATE message AS m SET account_id = counted.account_id, account_counted_on = ${day}::date
    FROM counted WHERE m.id = ${message.id} AND m.locked_by = ${owner}
    RETURNING ${messageColumns("m")}`;
  return rows[0];
}

export async function markSent(db: Db, id: bigint, owner: string, providerMessageId: string | null): Promise<Message | undefined> {
  const rows = await db.$queryRaw<Message[]>(markSentSql(id, owner, providerMessageId));
  return rows[0];
}

export function markSentSql(id: bigint, owner: string, providerMessageId: string | null): Prisma.Sql {
  return Prisma.sql`
    UPDATE message AS m SET status = 'sent', sent_at = now(), error = NULL, provider_message_id = ${providerMessageId},
      locked_by = NULL, locked_until = NULL
    WHERE m.id = ${id} AND m.locked_by = ${owner} AND m.status = 'sending'
    RETURNING ${messageColumns("m")}`;
}

/**
 * Fails a held message and, in the same statement, gives back what it held: one unit of the
 * allowance of the month it was accepted in, and the sender's day and month counts if they still
 * describe the day it was counted on. Being one statement, the release happens exactly once.
 */
export async function markFailed(db: Db, id: bigint, owner: string, error: string): Promise<Message | undefined> {
  const rows = await db.$queryRaw<Message[]>`
    WITH failed AS (
      UPDATE message AS m SET status = 'failed', error = ${error}, locked_by = NULL, locked_until = NULL
      WHERE m.id = ${id} AND m.locked_by = ${owner} AND m.status = 'sending'
      RETURNING ${messageColumns("m")}
    ),
    quota AS (
      UPDATE tenant_monthly_usage AS q SET used = GREATEST(q.used - 1, 0)
      FROM failed
      WHERE q.tenant_id = failed."tenantId" AND q.month = to_char(failed."reservedOn", 'YYYY-MM')
    ),
    sender AS (
      UPDATE account_usage AS u SET
        day_sent = GREATEST(u.day_sent - CASE WHEN u.day = failed."accountCountedOn" THEN 1 ELSE 0 END, 0),
        month_sent = GREATEST(u.month_sent - CASE WHEN u.month = to_char(failed."accountCountedOn", 'YYYY-MM') THEN 1 ELSE 0 END, 0)
      FROM failed
      WHERE u.account_id = failed."accountId" AND failed."accountCountedOn" IS NOT NULL
    )
    SELECT * FROM failed`;
  return rows[0];
}

/** Puts a held message back in the queue until `runAt` (no sender has room before then). */
export async function deferMessage(db: Db, id: bigint, owner: string, runAt: Date): Promise<void> {
  await db.$executeRaw`
    UPDATE message SET status = 'pending', run_at = ${runAt}, attempts = attempts - 1,
      locked_by = NULL, locked_until = NULL
    WHERE id = ${id} AND locked_by = ${owner} AND status = 'sending'`;
}

export interface RequeueArgs {
  tenantId: number;
  id: bigint;
  monthlyLimit: number;
  day: string;
  month: string;
}

/**
 * Sends a failed message again under the same id: takes a unit of this month's allowance again
 * and puts the message back in the queue, in one statement, so a refused allowance changes
 * nothing. A sender the caller named stays; an automatically chosen one is chosen anew.
 */
export async function requeueFailedMessage(db: Db, a: RequeueArgs): Promise<{ quotaTaken: boolean; message: Message | undefined }> {
  const rows = await db.$queryRaw<Array<Message & { quotaTaken: boolean }>>`
    WITH target AS (
      SELECT id FROM message WHERE id = ${a.id} AND tenant_id = ${a.tenantId} AND status = 'failed' FOR UPDATE
    ),
    quota AS (${reserveQuotaCte(a.tenantId, a.month, 1, a.monthlyLimit, "target")}),
    requeued AS (
      UPDATE message AS m SET status = 'pending', error = NULL, run_at = now(), reserved_on = ${a.day}::date,
        account_counted_on = NULL, account_id = CASE WHEN m.account_pinned THEN m.account_id END,
        provider_message_id = NULL, locked_by = NULL, locked_until = NULL
      FROM target, quota WHERE m.id = target.id
      RETURNING ${messageColumns("m")}
    )
    SELECT EXISTS (SELECT 1 FROM quota) AS "quotaTaken", requeued.*
    FROM (SELECT 1) AS one LEFT JOIN requeued ON true`;
  const row = rows[0];
  if (!row) return { quotaTaken: false, message: undefined };
  const { quotaTaken, ...message } = row;
  return { quotaTaken, message: message.id === null ? undefined : message };
}
