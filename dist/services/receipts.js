import { statusEvent } from "./events.js";
import { messageColumns } from "./message-columns.js";
/**
 * Records receipts; returns how many matched a sent message. A read message was also delivered.
 * Each receipt that filled something in is published as a message.delivered / message.read event.
 */
export async function recordReceipts(deps, receipts) {
    let matched = 0;
    for (const r of receipts) {
        const rows = await deps.db.$queryRaw `
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
        const events = [];
        for (const row of rows) {
            if (!row.wasDelivered)
                events.push(statusEvent(row, "message.delivered"));
            if (!row.wasRead && row.readAt)
                events.push(statusEvent(row, "message.read"));
        }
        deps.events.publish(events);
    }
    return matched;
}
//# sourceMappingURL=receipts.js.map