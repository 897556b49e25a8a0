import { Prisma, type Message } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import { messageColumns } from "./columns-sql.js";

// Delivery receipts only ever fill in what is still empty: they arrive late, twice, or out of
// order ("read" before "delivered"), and a message's state never moves back.

export type ReceiptKind = "delivered" | "read";

export interface Receipt {
  providerMessageId: string;
  kind: ReceiptKind;
  at: Date;
}

/** How long a receipt for a message not yet known as sent is kept for its send's answer. */
const EARLY_RECEIPT_KEPT = "1 day";

/**
 * Records one receipt on the sent message it names; each row says what it already had before. A read
 * message was also delivered. A receipt that names no sent message (yet: the provider can report a
 * message before answering its send) is kept in early_receipt for markSent to apply, and receipts
 * kept longer than a day (those of messages sent by others on the number) go a few at a time.
 */
export async function recordReceipt(db: Db, r: Receipt, now: Date): Promise<Array<Message & { wasDelivered: boolean; wasRead: boolean }>> {
  return db.$queryRaw<Array<Message & { wasDelivered: boolean; wasRead: boolean }>>`
    -- record_receipt
    WITH before AS (
      SELECT id, delivered_at IS NOT NULL AS "wasDelivered", read_at IS NOT NULL AS "wasRead"
      FROM message WHERE provider_message_id = ${r.providerMessageId} AND status = 'sent'
      FOR UPDATE
    ), kept AS (
      INSERT INTO early_receipt (provider_message_id, kind, at, received_at)
      SELECT ${r.providerMessageId}, ${r.kind}, ${r.at}, ${now} WHERE NOT EXISTS (SELECT 1 FROM before)
      ON CONFLICT (provider_message_id, kind) DO NOTHING
    ), pruned AS (
      DELETE FROM early_receipt WHERE (provider_message_id, kind) IN (
        SELECT provider_message_id, kind FROM early_receipt
        WHERE received_at < ${now}::timestamptz - ${EARLY_RECEIPT_KEPT}::interval LIMIT 20)
    )
    UPDATE message AS m SET
      delivered_at = COALESCE(m.delivered_at, ${r.at}),
      read_at = CASE WHEN ${r.kind} = 'read' THEN COALESCE(m.read_at, ${r.at}) ELSE m.read_at END
    FROM before WHERE m.id = before.id
    RETURNING ${messageColumns("m")}, before."wasDelivered", before."wasRead"`;
}

/**
 * The receipts kept for the provider ids being marked sent, taken (deleted) in the marking
 * statement: a CTE named `early` of (provider_message_id, kind, at), for earlyDeliveredSql/earlyReadSql.
 */
export const takeEarlyReceiptsSql = (providerIds: Prisma.Sql) => Prisma.sql`early AS (
      DELETE FROM early_receipt e WHERE e.provider_message_id = ANY(${providerIds})
      RETURNING e.provider_message_id, e.kind, e.at)`;

/** A message's delivered and read times from its early receipts (a read one was delivered too), or what it had. */
export const earlyDeliveredSql = (providerId: Prisma.Sql) =>
  Prisma.sql`COALESCE(m.delivered_at, (SELECT min(early.at) FROM early WHERE early.provider_message_id = ${providerId}))`;
export const earlyReadSql = (providerId: Prisma.Sql) =>
  Prisma.sql`COALESCE(m.read_at, (SELECT min(early.at) FROM early WHERE early.provider_message_id = ${providerId} AND early.kind = 'read'))`;
