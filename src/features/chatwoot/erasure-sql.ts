import type { SqlClient } from "../../core/db/database.js";
import { ERASED } from "../../core/db/erasure-sql.js";

// The Chatwoot bridge's part of erasing a contact (the erasure feature runs every owner's part in
// one transaction). What Chatwoot itself holds is the tenant's to erase there: the bridge forgets
// the contact, drops what it still owed Chatwoot about it, and keeps each agent's reply only as
// the record that it was handled, so a redelivery of Chatwoot's webhook is not sent again.

/** Erases `number` from the tenant's bridge; says how many rows it touched. */
export async function eraseChatwootContact(db: SqlClient, tenantId: number, number: string): Promise<number> {
  const rows = await db.$queryRaw<Array<{ touched: number }>>`-- erase_chatwoot_contact
    WITH bridge AS (SELECT b.id FROM chatwoot_bridge b WHERE b.tenant_id = ${tenantId}),
    contacts AS (DELETE FROM chatwoot_contact c USING bridge WHERE c.bridge_id = bridge.id AND c.phone = ${number} RETURNING 1),
    outbox AS (DELETE FROM chatwoot_outbox o USING bridge WHERE o.bridge_id = bridge.id AND o.phone = ${number} RETURNING 1),
    replies AS (
      UPDATE chatwoot_reply r SET phone = ${ERASED}, content = '{}'::jsonb, last_error = NULL,
        status = CASE WHEN r.status IN ('pending', 'sending') THEN 'failed'::"ChatwootWorkStatus" ELSE r.status END, ticks_open = false
      FROM bridge WHERE r.bridge_id = bridge.id AND r.phone = ${number}
      RETURNING 1
    )
    SELECT ((SELECT count(*) FROM contacts) + (SELECT count(*) FROM outbox) + (SELECT count(*) FROM replies))::int AS touched`;
  return rows[0]?.touched ?? 0;
}
