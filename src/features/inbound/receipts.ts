import type { Message } from "../../generated/prisma/client.js";
import type { ServiceDeps } from "../../core/deps.js";
import { statusEvent, type MessageEvent } from "../../core/live/events.js";
import { messageColumns } from "../../core/queue/message-columns.js";

// Delivery receipts from providers. They arrive late, twice, or out of order ("read" before
// "delivered"), so they only ever fill in what is still empty: a message's state never moves back.

export type ReceiptKind = "delivered" | "read";

export interface Receipt {
  providerMessageId: string;
  kind: ReceiptKind;
  at: Date;
}

/**
 * Records receipts; returns how many matched a sent message. A read message was also delivered.
 * Each receipt that filled something in is published as a message.delivered / message.read event.
 */
export async function recordReceipts(deps: ServiceDeps, receipts: Receipt[]): Promise<number> {
  let matched = 0;
  for (const r of receipts) {
    const rows = await deps.db.$queryRaw<Array<Message & { wasDelivered: boolean; wasRead: boolean }>>`
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
    matched += rows.length;
    const events: MessageEvent[] = [];
    for (const row of rows) {
      if (!row.wasDelivered) events.push(statusEvent(row, "message.delivered"));
      if (!row.wasRead && row.readAt) events.push(statusEvent(row, "message.read"));
    }
    deps.events.publish(events);
  }
  return matched;
}
