import { Prisma } from "../../generated/prisma/client.js";
import type { DbClient } from "../../core/db/database.js";
import { jsonWithoutNumberSql } from "../../core/db/erasure-sql.js";

// The webhooks feature's part of erasing a contact (the erasure feature runs every owner's part in
// one transaction): the stored bodies of the deliveries about the contact lose what identifies it,
// and the `contact.erased` event is queued, naming no number.

/** The fields of a message's or an inbound message's event that say who the contact is or what they said. */
const IDENTIFYING = ["to", "from", "from_lid", "text", "media_url", "media_id", "file_name", "latitude", "longitude", "provider_message_id", "error"];

/**
 * Rewrites the stored body of every delivery of the tenant about one of `messageIds` or
 * `inboundIds` (the tenant's deliveries read through its (tenant_id, id) index, each tested
 * against the two sets by a hash): the identifying fields
 * go from its `data` (`erased: true` says why) and any other mention of `number` is masked. Those
 * are the only events that can name a contact. A delivery still due is sent as rewritten; the log
 * shows it so. The last error (a receiver's answer may echo the body) goes too.
 */
export const eraseFromDeliveries = (db: DbClient, tenantId: number, number: string, messageIds: bigint[], inboundIds: bigint[]) =>
  db.$executeRaw`-- erase_from_deliveries
    WITH stripped AS (
      SELECT w.id, jsonb_set(w.payload, '{data}', coalesce(w.payload -> 'data', '{}'::jsonb) - ${IDENTIFYING}::text[] || '{"erased": true}'::jsonb) AS payload
      FROM webhook_delivery w
      WHERE w.tenant_id = ${tenantId}
        AND (w.message_id IN (SELECT unnest(${messageIds.map(String)}::text[]::bigint[]))
          OR w.inbound_message_id IN (SELECT unnest(${inboundIds.map(String)}::text[]::bigint[])))
    )
    UPDATE webhook_delivery d SET payload = ${jsonWithoutNumberSql(Prisma.sql`s.payload`, number)}, last_error = NULL
    FROM stripped s WHERE d.id = s.id`;

/** What a `contact.erased` event says: how much went, never whose. */
export interface ContactErasedEvent {
  /** The erasure's id (its audit event's): the answer to the request gives the same. */
  erasureId: bigint;
  at: Date;
  data: Record<string, unknown>;
}

/** Queues `contact.erased` for each of the tenant's enabled endpoints that takes it; says how many. */
export const enqueueContactErased = (db: DbClient, tenantId: number, e: ContactErasedEvent) => {
  const eventId = `evt_erase_${e.erasureId}`;
  const payload = JSON.stringify({ id: eventId, type: "contact.erased", created_at: e.at.toISOString(), data: { erasure_id: Number(e.erasureId), ...e.data } });
  return db.$executeRaw`-- enqueue_contact_erased
    INSERT INTO webhook_delivery (endpoint_id, tenant_id, event_id, event_type, payload, run_at)
    SELECT e.id, ${tenantId}::int, ${eventId}, 'contact.erased', ${payload}::jsonb, ${e.at}::timestamptz
    FROM webhook_endpoint e
    WHERE e.tenant_id = ${tenantId} AND e.enabled AND (cardinality(e.events) = 0 OR 'contact.erased' = ANY (e.events))
    ORDER BY e.id`;
};
