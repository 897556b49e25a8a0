import type { Message } from "../../generated/prisma/client.js";
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

/** Records one receipt on the sent message it names; each row says what it already had before. A read message was also delivered. */
export async function recordReceipt(db: Db, r: Receipt): Promise<Array<Message & { wasDelivered: boolean; wasRead: boolean }>> {
  return db.$queryRaw<Array<Message & { wasDelivered: boolean; wasRead: boolean }>>`
    -- record_receipt
    WITH before AS (
      SELECT id, delivered_at IS NOT NULL AS "wasDelivered", read_at IS NOT NULL AS "wasRead"
      FROM message WHERE provider_message_id = ${r.providerMessageId} AND status = 'sent'
      FOR UPDATE
    )
    UPDATE message AS m SET
      delivered_at = COALESCE(m.delivered_at, ${r.at}),
      read_at = CASE WHEN ${r.kind} = 'read' THEN COALESCE(m.read_at, ${r.at}) ELSE m.read_at END
    FROM before WHERE m.id = before.id
    RETURNING ${messageColumns("m")}, before."wasDelivered", before."wasRead"`;
}
