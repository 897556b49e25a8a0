import { Prisma } from "../generated/prisma/client.js";
import { countSenderCtes, reserveQuotaCte } from "./usage.js";
import { messageColumns } from "./message-columns.js";
import { claimHeldSql, claimLinkCte } from "./idempotency.js";
// The statements that put messages in: an inline single send, a bulk batch, and a retry. Each is
// one statement, so the allowance and the rows it pays for are taken together or not at all. Under
// an Idempotency-Key the same statement checks that the request still holds the key (a retry may
// have taken it over) and records on the key what it created.
const after = (now, ms) => new Date(now.getTime() + ms);
/**
 * One statement for an interactive send: takes a unit of the monthly allowance, counts the sender,
 * and inserts the message already held (`sending`) by the caller, who delivers it inline. When the
 * allowance was taken but no sender could be counted, the caller gives the unit back.
 */
export async function acceptSingleMessage(db, a) {
    const rows = await db.$queryRaw(acceptSingleMessageSql(a));
    const row = rows[0];
    if (!row)
        return { claimHeld: false, quotaTaken: false, message: undefined };
    const { claimHeld, quotaTaken, ...message } = row;
    return { claimHeld, quotaTaken, message: message.id === null ? undefined : message };
}
/** The statement of acceptSingleMessage (also run bare by the benchmark's baseline). */
export function acceptSingleMessageSql(a) {
    return Prisma.sql `
    WITH held AS (${claimHeldSql(a.claim)}),
    quota AS (${reserveQuotaCte(a.tenantId, a.month, 1, a.monthlyLimit, "held")}),
    ${countSenderCtes({ tenantId: a.tenantId, accountId: a.accountId, day: a.day, month: a.month, gate: "quota" })},
    inserted AS (
      INSERT INTO message AS m (tenant_id, account_id, account_pinned, "to", body, image_url, status,
        attempts, reserved_on, account_counted_on, locked_by, locked_until, created_at, run_at)
      SELECT ${a.tenantId}::int, counted.account_id, ${a.accountId !== null}::boolean, ${a.to}::text, ${a.text}::text,
        ${a.imageUrl}::text, 'sending', 1, ${a.day}::date, ${a.day}::date, ${a.lockOwner}::text,
        ${after(a.now, a.leaseSeconds * 1000)}::timestamptz, ${a.now}::timestamptz, ${a.now}::timestamptz
      FROM counted
      RETURNING ${messageColumns("m")}
    )${claimLinkCte(a.claim, "message_id", "inserted")}
    SELECT EXISTS (SELECT 1 FROM held) AS "claimHeld", EXISTS (SELECT 1 FROM quota) AS "quotaTaken", inserted.*
    FROM (SELECT 1) AS one LEFT JOIN inserted ON true`;
}
/**
 * One statement (so one transaction) for a bulk request: takes `numbers.length` units of the
 * allowance or none, then records the batch and one `pending` message per number for the worker.
 * `batch` is undefined when the allowance does not cover the whole request (or the key was lost).
 */
export async function acceptBulkMessages(db, a) {
    const rows = await db.$queryRaw `
    WITH held AS (${claimHeldSql(a.claim)}),
    quota AS (${reserveQuotaCte(a.tenantId, a.month, a.numbers.length, a.monthlyLimit, "held")}),
    batch_row AS (
      INSERT INTO batch (tenant_id, account_id, body, image_url, total, created_at)
      SELECT ${a.tenantId}::int, ${a.accountId}::int, ${a.text}::text, ${a.imageUrl}::text, ${a.numbers.length}::int, ${a.now}::timestamptz FROM quota
      RETURNING id
    ),
    inserted AS (
      INSERT INTO message (tenant_id, account_id, account_pinned, batch_id, "to", body, image_url, reserved_on, expires_at, created_at, run_at)
      SELECT ${a.tenantId}::int, ${a.accountId}::int, ${a.accountId !== null}::boolean, batch_row.id, n.recipient,
        ${a.text}::text, ${a.imageUrl}::text, ${a.day}::date, ${after(a.now, a.ttlMs)}::timestamptz, ${a.now}::timestamptz, ${a.now}::timestamptz
      FROM batch_row, unnest(${a.numbers}::text[]) WITH ORDINALITY AS n(recipient, position)
      ORDER BY n.position
      RETURNING id, "to", batch_id
    )${claimLinkCte(a.claim, "batch_id", "batch_row")}
    SELECT EXISTS (SELECT 1 FROM held) AS "claimHeld", inserted.batch_id AS "batchId", inserted.id, inserted."to"
    FROM (SELECT 1) AS one LEFT JOIN inserted ON true ORDER BY inserted.id`;
    const claimHeld = rows[0]?.claimHeld ?? false;
    const batchId = rows[0]?.batchId;
    if (batchId === null || batchId === undefined)
        return { claimHeld, batch: undefined };
    return { claimHeld, batch: { batchId, messages: rows.map((r) => ({ id: r.id, to: r.to })) } };
}
/**
 * Sends a failed message again under the same id: takes a unit of this month's allowance again
 * and puts the message back in the queue, in one statement, so a refused allowance changes
 * nothing. A sender the caller named stays; an automatically chosen one is chosen anew.
 */
export async function requeueFailedMessage(db, a) {
    const rows = await db.$queryRaw `
    WITH held AS (${claimHeldSql(a.claim)}),
    target AS (
      SELECT id FROM message WHERE id = ${a.id} AND tenant_id = ${a.tenantId} AND status = 'failed'
        AND EXISTS (SELECT 1 FROM held) FOR UPDATE
    ),
    quota AS (${reserveQuotaCte(a.tenantId, a.month, 1, a.monthlyLimit, "target")}),
    requeued AS (
      UPDATE message AS m SET status = 'pending', error = NULL, run_at = ${a.now}::timestamptz, reserved_on = ${a.day}::date,
        account_counted_on = NULL, account_id = CASE WHEN m.account_pinned THEN m.account_id END,
        provider_message_id = NULL, provider_error_code = NULL, paced_at = NULL, locked_by = NULL, locked_until = NULL,
        expires_at = ${after(a.now, a.ttlMs)}::timestamptz
      FROM target, quota WHERE m.id = target.id
      RETURNING ${messageColumns("m")}
    )${claimLinkCte(a.claim, "message_id", "requeued")}
    SELECT EXISTS (SELECT 1 FROM held) AS "claimHeld", EXISTS (SELECT 1 FROM quota) AS "quotaTaken", requeued.*
    FROM (SELECT 1) AS one LEFT JOIN requeued ON true`;
    const row = rows[0];
    if (!row)
        return { claimHeld: false, quotaTaken: false, message: undefined };
    const { claimHeld, quotaTaken, ...message } = row;
    return { claimHeld, quotaTaken, message: message.id === null ? undefined : message };
}
//# sourceMappingURL=accept-sql.js.map