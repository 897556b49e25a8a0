import type { Db } from "../db/database.js";

// Delivery receipts from providers. They arrive late, twice, or out of order ("read" before
// "delivered"), so they only ever fill in what is still empty: a message's state never moves back.

export type ReceiptKind = "delivered" | "read";

export interface Receipt {
  providerMessageId: string;
  kind: ReceiptKind;
  at: Date;
}

/** Records receipts; returns how many matched a sent message. A read message was also delivered. */
export async function recordReceipts(db: Db, receipts: Receipt[]): Promise<number> {
  let matched = 0;
  for (const r of receipts) {
    matched += await db.$executeRaw`
      UPDATE message SET
        delivered_at = COALESCE(delivered_at, ${r.at}),
        read_at = CASE WHEN ${r.kind} = 'read' THEN COALESCE(read_at, ${r.at}) ELSE read_at END
      WHERE provider_message_id = ${r.providerMessageId} AND status = 'sent'`;
  }
  return matched;
}
