import { Prisma } from "../../generated/prisma/client.js";
import type { Message } from "../../generated/prisma/client.js";
import type { Db, DbClient } from "../../core/db/database.js";
import { rowsOf } from "../../core/db/raw-rows.js";
import { countSenderCtes, reserveQuotaCte } from "../accounts/index.js";
import { messageColumns, messageSummaryColumns, type MessageSummary } from "./columns-sql.js";
import { claimHeldSql, claimLinkCte, type Claim } from "./idempotency-sql.js";
import { optedOutSql } from "../contacts/index.js";
import { ERASED } from "../../core/db/erasure-sql.js";
import { fitsAnySender } from "./fit-sql.js";
import type { RichContent } from "../../core/content/message-content.js";
import { auditEventCte, type AuditEventRow } from "../../core/audit/audit-event-sql.js";
import { noteReservation } from "./quota-watch.js";

/** The allowance row as the reservation left it (null when nothing was taken), for the quota warnings. */
type QuotaRow = { quotaUsed: number | null; quotaBonus: number | null };
const QUOTA_ROW = Prisma.sql`(SELECT used FROM quota) AS "quotaUsed", (SELECT bonus FROM quota) AS "quotaBonus"`;

/** A content kind as the jsonb parameter of a statement (null: text). */
const contentJson = (c: RichContent | null) => (c === null ? null : JSON.stringify(c));

// The statements that put messages in: an inline single send, a bulk batch, and a retry. Each is
// one statement, so the allowance and the rows it pays for are taken together or not at all. Under
// an Idempotency-Key the same statement checks that the request still holds the key (a retry may
// have taken it over) and records on the key what it created.

const after = (now: Date, ms: number) => new Date(now.getTime() + ms);

/**
 * When a queued message stops being worth sending: its validity counted from when it is due (its
 * send time, or acceptance), so a message scheduled weeks ahead is not expired on arrival.
 */
export const expiryOf = (dueAt: Date, validForMs: number) => after(dueAt, validForMs);

export interface AcceptSingleArgs {
  tenantId: number;
  monthlyLimit: number;
  accountId: number | null;
  to: string;
  text: string;
  imageUrl: string | null;
  templateId: number | null;
  content?: RichContent | null;
  /** Which numbers may send it (delivery's senderFitsSql, on the account aliased `a`); default: any. */
  fit?: Prisma.Sql;
  day: string;
  month: string;
  lockOwner: string;
  leaseSeconds: number;
  /** The service clock's now: the message's creation, and where its lease starts. */
  now: Date;
  claim?: Claim | undefined;
  /** The span that stores it, as a W3C traceparent (core/runtime/trace-context.ts); null: not traced. */
  traceParent?: string | null;
}

export interface AcceptSingleResult {
  /** False when a retry took the request's Idempotency-Key over: nothing was done. */
  claimHeld: boolean;
  /** The recipient has opted out or is suppressed: nothing was taken or stored. */
  optedOut: boolean;
  /** No connected number fits the message (its kind, or the customer-service window): nothing was taken or stored. */
  unfit: boolean;
  quotaTaken: boolean;
  message: Message | undefined;
}

/**
 * One statement for an interactive send: takes a unit of the monthly allowance, counts the sender,
 * and inserts the message already held (`sending`) by the caller, who delivers it inline. When the
 * allowance was taken but no sender could be counted, the caller gives the unit back.
 */
export async function acceptSingleMessage(db: Db, a: AcceptSingleArgs): Promise<AcceptSingleResult> {
  const rows = await rowsOf<Message & { claimHeld: boolean; optedOut: boolean; unfit: boolean; quotaTaken: boolean } & QuotaRow>(db, acceptSingleMessageSql(a));
  const row = rows[0];
  if (!row) return { claimHeld: false, optedOut: false, unfit: false, quotaTaken: false, message: undefined };
  const { claimHeld, optedOut, unfit, quotaTaken, quotaUsed, quotaBonus, ...message } = row;
  // A unit taken with no sender counted is given back by the caller: only a stored message counts.
  if (message.id !== null && quotaUsed !== null) {
    await noteReservation({ db }, { tenantId: a.tenantId, month: a.month, used: quotaUsed, bonus: quotaBonus ?? 0, taken: 1, monthlyLimit: a.monthlyLimit, at: a.now });
  }
  return { claimHeld, optedOut, unfit, quotaTaken, message: message.id === null ? undefined : message };
}

/** The statement of acceptSingleMessage (also run bare by the benchmark's baseline). */
export function acceptSingleMessageSql(a: AcceptSingleArgs): Prisma.Sql {
  const fit = a.fit ?? Prisma.sql`TRUE`;
  return Prisma.sql`
    -- accept_single_message
    WITH held AS (${claimHeldSql(a.claim)}),
    consented AS (SELECT 1 FROM held WHERE NOT ${optedOutSql(Prisma.sql`${a.tenantId}::int`, Prisma.sql`${a.to}::text`)}),
    fitting AS (${
      fitsAnySender(fit)
        ? Prisma.sql`SELECT 1 FROM consented`
        : Prisma.sql`
      SELECT 1 FROM consented WHERE EXISTS (SELECT 1 FROM account a WHERE a.tenant_id = ${a.tenantId}::int AND a.status = 'connected'
        AND (${a.accountId}::int IS NULL OR a.id = ${a.accountId}::int) AND ${fit})`
    }),
    quota AS (${reserveQuotaCte(a.tenantId, a.month, 1, a.monthlyLimit, "fitting")}),
    ${countSenderCtes({ tenantId: a.tenantId, accountId: a.accountId, to: Prisma.sql`${a.to}::text`, day: a.day, month: a.month, now: a.now, gate: "quota", fit })},
    inserted AS (
      INSERT INTO message AS m (tenant_id, account_id, account_pinned, "to", body, image_url, content, priority, template_id, status,
        attempts, reserved_on, account_counted_on, locked_by, locked_until, created_at, run_at, trace_parent)
      SELECT ${a.tenantId}::int, counted.account_id, ${a.accountId !== null}::boolean, ${a.to}::text, ${a.text}::text,
        ${a.imageUrl}::text, ${contentJson(a.content ?? null)}::jsonb, 'high', ${a.templateId}::int, 'sending', 1, ${a.day}::date, ${a.day}::date, ${a.lockOwner}::text,
        ${after(a.now, a.leaseSeconds * 1000)}::timestamptz, ${a.now}::timestamptz, ${a.now}::timestamptz, ${a.traceParent ?? null}::text
      FROM counted
      RETURNING ${messageColumns("m")}
    )${claimLinkCte(a.claim, "message_id", "inserted")}
    SELECT EXISTS (SELECT 1 FROM held) AS "claimHeld", EXISTS (SELECT 1 FROM held) AND NOT EXISTS (SELECT 1 FROM consented) AS "optedOut",
      EXISTS (SELECT 1 FROM consented) AND NOT EXISTS (SELECT 1 FROM fitting) AS unfit,
      EXISTS (SELECT 1 FROM quota) AS "quotaTaken", ${QUOTA_ROW}, inserted.*
    FROM (SELECT 1) AS one LEFT JOIN inserted ON true`;
}

export interface AcceptQueuedArgs {
  tenantId: number;
  monthlyLimit: number;
  accountId: number | null;
  /** One per message, in order; `texts[i]` is what recipient i is sent. */
  numbers: string[];
  texts: string[];
  /** The batch's text as the caller gave it (before placeholders were filled). */
  batchText: string;
  /** One per message: its content kind (null: text); and the batch's, as the caller gave it. */
  contents?: Array<RichContent | null>;
  batchContent?: RichContent | null;
  /** One per message: the numbers it may go from (empty: any); see message.sender_choices. */
  choices?: number[][];
  imageUrl: string | null;
  templateId: number | null;
  priority: "high" | "normal";
  /** With a batch row (bulk), or a lone message (a scheduled single send). */
  batch: boolean;
  /** When the messages come due; null: now. */
  sendAt: Date | null;
  /** Past this time they fail with `expired` (see expiryOf). */
  expiresAt: Date;
  day: string;
  month: string;
  now: Date;
  claim?: Claim | undefined;
  /** The reply confirming an opt-out: the one message an opted-out contact may still get. */
  consentNotice?: boolean;
  /** The automation rule whose answer this is (message.automation_rule_id). */
  automationRuleId?: number | null;
  /** A batch's numbers left out for consent, kept on the batch row for its answer. */
  skipped?: Array<{ to: string; reason: string }>;
  /** A batch's audit event, written by the same statement (its target is the new batch). */
  audit?: AuditEventRow | undefined;
  /** The span that stores them, as a W3C traceparent; null: not traced. */
  traceParent?: string | null;
}

export interface AcceptedQueued<M = Message> {
  claimHeld: boolean;
  /** Undefined when the allowance does not cover every message (or the key was lost): nothing was stored. */
  accepted: { batchId: bigint | null; messages: M[] } | undefined;
}

/**
 * One statement (so one transaction) for queued messages: takes `numbers.length` units of the
 * allowance or none, then records the batch (if any) and one `pending` message per number, due at
 * `sendAt`, for the worker. Texts travel as one array; a batch whose messages all say the same
 * passes them as NULLs (the batch text fills in), so 500 copies of a long text are not sent over.
 * A batch's messages come back as summaries (their id, number and event fields): reading every
 * column of 500 rows back takes longer than storing them.
 */
export async function acceptQueuedMessages(db: Db, a: AcceptQueuedArgs & { batch: true }): Promise<AcceptedQueued<MessageSummary>>;
export async function acceptQueuedMessages(db: Db, a: AcceptQueuedArgs & { batch: false }): Promise<AcceptedQueued>;
export async function acceptQueuedMessages(db: Db, a: AcceptQueuedArgs): Promise<AcceptedQueued<Message | MessageSummary>>;
export async function acceptQueuedMessages(db: Db, a: AcceptQueuedArgs): Promise<AcceptedQueued<Message | MessageSummary>> {
  // A column every message leaves at its default goes as an empty array: unnest pads a shorter
  // array with NULLs, so a plain batch sends its numbers and not 1,500 NULLs and empty lists.
  const texts = a.texts.some((t) => t !== a.batchText) ? a.texts.map((t) => (t === a.batchText ? null : t)) : [];
  const contents = a.contents?.some((c) => c !== null) ? a.numbers.map((_, i) => contentJson(a.contents?.[i] ?? null)) : [];
  const choices = a.choices?.some((c) => c.length > 0) ? a.numbers.map((_, i) => `{${(a.choices?.[i] ?? []).join(",")}}`) : [];
  const runAt = a.sendAt ?? a.now;
  const rows = await db.$queryRaw<Array<(Message | MessageSummary) & { claimHeld: boolean; quotaTaken: boolean } & QuotaRow>>`
    WITH held AS (${claimHeldSql(a.claim)}),
    quota AS (${reserveQuotaCte(a.tenantId, a.month, a.numbers.length, a.monthlyLimit, "held")}),
    batch_row AS (
      INSERT INTO batch (tenant_id, account_id, body, image_url, content, total, send_at, priority, template_id, skipped, created_at)
      SELECT ${a.tenantId}::int, ${a.accountId}::int, ${a.batchText}::text, ${a.imageUrl}::text, ${contentJson(a.batchContent ?? null)}::jsonb, ${a.numbers.length}::int,
        ${a.sendAt}::timestamptz, ${a.priority}::"MessagePriority", ${a.templateId}::int, ${JSON.stringify(a.skipped ?? [])}::jsonb,
        ${a.now}::timestamptz
      FROM quota WHERE ${a.batch}::boolean
      RETURNING id
    ),
    inserted AS (
      INSERT INTO message AS m (tenant_id, account_id, account_pinned, batch_id, "to", body, image_url, content, sender_choices, priority,
        template_id, reserved_on, expires_at, created_at, run_at, consent_notice, automation_rule_id, trace_parent)
      SELECT ${a.tenantId}::int, ${a.accountId}::int, ${a.accountId !== null}::boolean, (SELECT id FROM batch_row), n.recipient,
        COALESCE(n.text, ${a.batchText}::text), ${a.imageUrl}::text, n.content::jsonb, COALESCE(n.choices::int[], '{}'), ${a.priority}::"MessagePriority",
        ${a.templateId}::int, ${a.day}::date, ${a.expiresAt}::timestamptz, ${a.now}::timestamptz, ${runAt}::timestamptz, ${a.consentNotice ?? false}::boolean,
        ${a.automationRuleId ?? null}::int, ${a.traceParent ?? null}::text
      FROM quota, unnest(${a.numbers}::text[], ${texts}::text[], ${contents}::text[], ${choices}::text[]) WITH ORDINALITY AS n(recipient, text, content, choices, position)
      ORDER BY n.position
      RETURNING ${a.batch ? messageSummaryColumns("m") : messageColumns("m")}
    )${a.batch && a.audit ? Prisma.sql`, batch_audit AS (${auditEventCte(a.audit, Prisma.sql`'batch:' || batch_row.id`, Prisma.sql`batch_row`)})` : Prisma.empty}${a.batch ? claimLinkCte(a.claim, "batch_id", "batch_row") : claimLinkCte(a.claim, "message_id", "inserted")}
    SELECT EXISTS (SELECT 1 FROM held) AS "claimHeld", EXISTS (SELECT 1 FROM quota) AS "quotaTaken", ${QUOTA_ROW}, inserted.*
    FROM (SELECT 1) AS one LEFT JOIN inserted ON true ORDER BY inserted.id`;
  const first = rows[0];
  if (!first?.quotaTaken) return { claimHeld: first?.claimHeld ?? false, accepted: undefined };
  const reserved = { tenantId: a.tenantId, month: a.month, used: first.quotaUsed ?? 0, bonus: first.quotaBonus ?? 0, taken: a.numbers.length };
  await noteReservation({ db }, { ...reserved, monthlyLimit: a.monthlyLimit, at: a.now });
  const messages = rows.map(({ claimHeld: _h, quotaTaken: _q, quotaUsed: _u, quotaBonus: _b, ...m }) => m);
  return { claimHeld: first.claimHeld, accepted: { batchId: first.batchId, messages } };
}

export interface RequeueArgs {
  validForMs: number;
  tenantId: number;
  id: bigint;
  monthlyLimit: number;
  day: string;
  month: string;
  now: Date;
  claim?: Claim | undefined;
}

/**
 * Sends a failed message again under the same id: takes a unit of this month's allowance again
 * and puts the message back in the queue, in one statement, so a refused allowance changes
 * nothing. A sender the caller named stays; an automatically chosen one is chosen anew.
 */
export async function requeueFailedMessage(tx: DbClient, a: RequeueArgs): Promise<{ claimHeld: boolean; quotaTaken: boolean; message: Message | undefined }> {
  const rows = await tx.$queryRaw<Array<Message & { claimHeld: boolean; quotaTaken: boolean } & QuotaRow>>`
    -- requeue_failed_message
    WITH held AS (${claimHeldSql(a.claim)}),
    target AS (
      SELECT id FROM message WHERE id = ${a.id} AND tenant_id = ${a.tenantId} AND status = 'failed' AND "to" <> ${ERASED}
        AND NOT ${optedOutSql(Prisma.sql`message.tenant_id`, Prisma.sql`message."to"`)}
        AND EXISTS (SELECT 1 FROM held) FOR UPDATE
    ),
    quota AS (${reserveQuotaCte(a.tenantId, a.month, 1, a.monthlyLimit, "target")}),
    requeued AS (
      UPDATE message AS m SET status = 'pending', error = NULL, run_at = ${a.now}::timestamptz, reserved_on = ${a.day}::date,
        account_counted_on = NULL, account_id = CASE WHEN m.account_pinned THEN m.account_id END,
        provider_message_id = NULL, provider_error_code = NULL, paced_at = NULL, locked_by = NULL, locked_until = NULL,
        cancel_requested = false, expires_at = ${expiryOf(a.now, a.validForMs)}::timestamptz
      FROM target, quota WHERE m.id = target.id
      RETURNING ${messageColumns("m")}
    )${claimLinkCte(a.claim, "message_id", "requeued")}
    SELECT EXISTS (SELECT 1 FROM held) AS "claimHeld", EXISTS (SELECT 1 FROM quota) AS "quotaTaken", ${QUOTA_ROW}, requeued.*
    FROM (SELECT 1) AS one LEFT JOIN requeued ON true`;
  const row = rows[0];
  if (!row) return { claimHeld: false, quotaTaken: false, message: undefined };
  const { claimHeld, quotaTaken, quotaUsed, quotaBonus, ...message } = row;
  if (message.id !== null && quotaUsed !== null) {
    await noteReservation({ tx }, { tenantId: a.tenantId, month: a.month, used: quotaUsed, bonus: quotaBonus ?? 0, taken: 1, monthlyLimit: a.monthlyLimit, at: a.now });
  }
  return { claimHeld, quotaTaken, message: message.id === null ? undefined : message };
}
