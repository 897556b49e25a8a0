import { Prisma } from "../../generated/prisma/client.js";
import type { DbClient } from "../../core/db/database.js";
import { ERASED, jsonWithoutNumberSql, mentionsSql, withoutNumberSql } from "../../core/db/erasure-sql.js";

// The queue's part of erasing a contact (the erasure feature runs every owner's part in one
// transaction; cancelling what is queued to the contact is cancelForOptOut's, with `cancelled`).
// The rows stay, so counts, batch reports and the month's allowance read the same: only what
// says who the contact is and what they were sent goes.

/**
 * Masks every message of the tenant to `number`: the number, its text, media link and content
 * (the content keeps its kind, so counts by kind stay), and the number wherever a provider's id or
 * an error text holds it. One still held by a worker with nothing handed over is marked
 * `cancel_requested`, which the worker's last check before sending honours. Reads the tenant's
 * messages to the number through the (tenant_id, "to", id) index.
 *
 * The message table's statement trigger (the webhook outbox) joins the statement's old and new
 * rows. Its plan is cached per connection from the trigger's earlier runs, which update a few rows
 * at a time, and that plan (a nested loop) took minutes over 10,000 rows; dropping the
 * connection's cached plans first lets the trigger plan for the rows it now has (a hash join).
 */
export async function eraseMessagesTo(db: DbClient, tenantId: number, number: string): Promise<bigint[]> {
  await db.$executeRaw`-- replan_for_many_rows
    DISCARD PLANS`;
  const rows = await db.$queryRaw<Array<{ id: bigint }>>`-- erase_messages_to
    UPDATE message m SET "to" = ${ERASED}, body = '', image_url = NULL,
      content = CASE WHEN m.content IS NULL THEN NULL ELSE jsonb_build_object('kind', m.content -> 'kind') END,
      sent_parts = CASE WHEN m.sent_parts = '[]'::jsonb THEN m.sent_parts ELSE ${jsonWithoutNumberSql(Prisma.sql`m.sent_parts`, number)} END,
      provider_message_id = ${withoutNumberSql(Prisma.sql`m.provider_message_id`, number)},
      error = ${withoutNumberSql(Prisma.sql`m.error`, number)},
      cancel_requested = m.cancel_requested OR (m.status = 'sending' AND m.sent_parts = '[]'::jsonb)
    WHERE m.tenant_id = ${tenantId} AND m."to" = ${number}
    RETURNING m.id`;
  return rows.map((r) => r.id);
}

/** Masks the number in the tenant's batches that list it among the numbers they skipped (or in their kept counts). */
export const eraseFromBatches = (db: DbClient, tenantId: number, number: string) =>
  db.$executeRaw`-- erase_from_batches
    UPDATE batch b SET skipped = ${jsonWithoutNumberSql(Prisma.sql`b.skipped`, number)},
      final_counts = CASE WHEN b.final_counts IS NULL THEN NULL ELSE ${jsonWithoutNumberSql(Prisma.sql`b.final_counts`, number)} END
    WHERE b.tenant_id = ${tenantId} AND (${mentionsSql(Prisma.sql`b.skipped::text`, number)} OR ${mentionsSql(Prisma.sql`coalesce(b.final_counts::text, '')`, number)})`;

/** A stored answer that is a message row (a single send's, a retry's) without its text, media and parts; content keeps its kind. */
const withoutMessageText = (response: Prisma.Sql) => Prisma.sql`CASE WHEN jsonb_typeof(${response} -> 'ok') = 'object' AND (${response} -> 'ok') ? 'body'
  THEN jsonb_set(${response}, '{ok}', (${response} -> 'ok') || jsonb_build_object('body', '', 'imageUrl', NULL, 'sentParts', '[]'::jsonb,
    'content', CASE WHEN jsonb_typeof(${response} -> 'ok' -> 'content') = 'object' THEN jsonb_build_object('kind', ${response} -> 'ok' -> 'content' -> 'kind') END))
  ELSE ${response} END`;

/**
 * Masks the number in the tenant's Idempotency-Keys (kept 24 hours), and a stored message's text:
 * a repeated request still gets its answer, and nothing is sent again, but the answer no longer
 * names it. A key that itself holds the number (a caller's choice) is masked too, made unique
 * again with a random tail: a repeat of that request is then a new one.
 */
export const eraseFromIdempotencyKeys = (db: DbClient, tenantId: number, number: string) =>
  db.$executeRaw`-- erase_from_idempotency_keys
    UPDATE idempotency_key k SET
      response = CASE WHEN k.response IS NULL THEN NULL ELSE ${jsonWithoutNumberSql(withoutMessageText(Prisma.sql`k.response`), number)} END,
      key = CASE WHEN ${mentionsSql(Prisma.sql`k.key`, number)} THEN ${withoutNumberSql(Prisma.sql`k.key`, number)} || ':' || md5(random()::text) ELSE k.key END
    WHERE k.tenant_id = ${tenantId}
      AND (${mentionsSql(Prisma.sql`k.key`, number)} OR (k.response IS NOT NULL AND ${mentionsSql(Prisma.sql`k.response::text`, number)}))`;
