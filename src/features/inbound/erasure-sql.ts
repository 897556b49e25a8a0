import { Prisma } from "../../generated/prisma/client.js";
import type { SqlClient } from "../../core/db/database.js";
import { ERASED, mentionsSql, withoutNumberSql } from "../../core/db/erasure-sql.js";

// The inbound feature's part of erasing a contact (the erasure feature runs every owner's part in
// one transaction): the contact's messages stay as rows, so counts and reply attribution totals
// read the same, but nothing they said, sent or were is left in them.

/**
 * Masks every inbound message of the tenant from `number`, and from the contact's LID when the
 * provider gave only that: sender, text, media (link, id, file name), location, and the number
 * wherever a provider's id holds it (WAHA's ids name the chat), and its provider ids kept against
 * redelivery. The contact is let go of, so its
 * row can be removed next. Reads through the (tenant_id, from_number, id) index.
 */
export async function eraseInboundFrom(db: SqlClient, tenantId: number, number: string, lid: string | null): Promise<bigint[]> {
  // The redelivery keys that name the number go too (not masked: two could mask alike).
  const rows = await db.$queryRaw<Array<{ id: bigint }>>`-- erase_inbound_from
    WITH seen AS (
      DELETE FROM inbound_seen s USING account a
      WHERE a.tenant_id = ${tenantId} AND s.account_id = a.id AND ${mentionsSql(Prisma.sql`s.provider_message_id`, number)}
    )
    UPDATE inbound_message i SET from_number = ${ERASED}, from_lid = NULL, contact_id = NULL, text = NULL,
      media_url = NULL, media_id = NULL, file_name = NULL, latitude = NULL, longitude = NULL,
      provider_message_id = ${withoutNumberSql(Prisma.sql`i.provider_message_id`, number)},
      reply_to_provider_id = ${withoutNumberSql(Prisma.sql`i.reply_to_provider_id`, number)}
    WHERE i.tenant_id = ${tenantId}
      AND (i.from_number = ${number} OR (i.from_number IS NULL AND i.from_lid = ${lid}::text))
    RETURNING i.id`;
  return rows.map((r) => r.id);
}
