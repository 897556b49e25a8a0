import { tallyHealthCte } from "../accounts/index.js";
import { recordInboundContactCte } from "../contacts/index.js";
import { Prisma } from "../../generated/prisma/client.js";
import type { InboundMessage } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import type { InboundDraft } from "./payloads/inbound-payloads.js";

// The statement that stores one inbound message with everything it changes: the contact's row
// (created on first contact; last seen; opted out on a stop word) and the reply attribution.

/**
 * How long after an outbound message a contact's message counts as its reply. A week: replies to a
 * campaign come days later, and a newer message to the contact takes the attribution over anyway.
 */
export const REPLY_ATTRIBUTION_MS = 7 * 24 * 3600_000;

export interface StoreInboundArgs {
  tenantId: number;
  accountId: number;
  draft: InboundDraft;
  /** Normalised; null when the provider gave only a LID we have not seen with a number. */
  fromNumber: string | null;
  stopWord: boolean;
  now: Date;
}

export interface StoredInbound {
  /** Undefined: a redelivery of a message stored before (nothing changed). */
  message: InboundMessage | undefined;
  /** This message opted its sender out, who was not opted out before. */
  newlyOptedOut: boolean;
}

/**
 * One statement, so a redelivery (the unique provider id per receiving number) changes nothing at
 * all, not even the contact's last-seen time. The key is taken in inbound_seen, whose unique index
 * settles two deliveries at once (the second waits for the first and then finds the key taken);
 * a redelivery from before the key's weeks there is still found among the stored messages. Whether this message opted the contact out is read
 * from the upsert's own result (its opt-out time is this statement's): ON CONFLICT works on the
 * latest row under its lock, so of two stop words at once only the first opts out and sends the
 * confirmation. (A CTE reading the row would see the statement's snapshot, or nothing at all with
 * FOR UPDATE once the upsert in the same statement has changed it.)
 *
 * Attribution prefers the message the contact quoted (the provider's context id), else the last
 * message sent to the contact from this number within the window. A message a live worker still
 * holds as `sending` counts too: the provider may have it already while its sent mark (and with it
 * the provider id a quote would match) is still waiting in the worker's sent-batcher, and a fast
 * answer to it must not be credited to the message before.
 */
export async function storeInbound(db: Db, a: StoreInboundArgs): Promise<StoredInbound> {
  const d = a.draft;
  const phone = a.fromNumber;
  const rows = await db.$queryRaw<Array<InboundMessage & { optedNow: boolean | null }>>`-- store_inbound
    WITH seen AS (
      INSERT INTO inbound_seen (account_id, provider_message_id, seen_at)
      VALUES (${a.accountId}::int, ${d.providerMessageId}::text, ${a.now}::timestamptz)
      ON CONFLICT DO NOTHING
      RETURNING 1
    ),
    existing AS (
      SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM seen)
      UNION ALL
      -- Only a key new to inbound_seen sends the probe through every month's partition.
      SELECT 1 FROM inbound_message WHERE EXISTS (SELECT 1 FROM seen) AND account_id = ${a.accountId} AND provider_message_id = ${d.providerMessageId}
    ),
    contact_row AS (${recordInboundContactCte({ tenantId: a.tenantId, phone, lid: d.fromLid, profileName: d.profileName, stopWord: a.stopWord, now: a.now }, "existing")}),
    replied AS (
      SELECT id, batch_id FROM (
        (SELECT m.id, m.batch_id, 0 AS rank FROM message m
         WHERE ${d.replyToProviderId}::text IS NOT NULL AND m.provider_message_id = ${d.replyToProviderId}::text AND m.tenant_id = ${a.tenantId}
         LIMIT 1)
        UNION ALL
        (SELECT m.id, m.batch_id, 1 FROM message m
         WHERE m.tenant_id = ${a.tenantId} AND m."to" = ${phone}::text AND m.account_id = ${a.accountId}
           AND ((m.status = 'sent' AND m.sent_at > ${new Date(d.sentAt.getTime() - REPLY_ATTRIBUTION_MS)}::timestamptz
                 AND m.sent_at <= ${a.now}::timestamptz)
             OR (m.status = 'sending' AND m.locked_until > ${a.now}::timestamptz))
         ORDER BY m.id DESC LIMIT 1)
      ) AS r ORDER BY rank LIMIT 1
    ),
    inserted AS (
      INSERT INTO inbound_message AS i (tenant_id, account_id, provider_message_id, from_number, from_lid, contact_id, kind, text,
        media_url, media_id, mime_type, file_name, latitude, longitude, reply_to_provider_id, in_reply_to_id, batch_id, opt_out,
        sent_at, received_at, choice_id)
      SELECT ${a.tenantId}::int, ${a.accountId}::int, ${d.providerMessageId}::text, ${phone}::text, ${d.fromLid}::text,
        (SELECT id FROM contact_row), ${d.kind}::"InboundKind", ${d.text}::text, ${d.mediaUrl}::text, ${d.mediaId}::text,
        ${d.mimeType}::text, ${d.fileName}::text, ${d.latitude}::float8, ${d.longitude}::float8, ${d.replyToProviderId}::text,
        (SELECT id FROM replied), (SELECT batch_id FROM replied), ${a.stopWord}::boolean, ${d.sentAt}::timestamptz, ${a.now}::timestamptz,
        ${d.choiceId ?? null}::text
      WHERE NOT EXISTS (SELECT 1 FROM existing)
      RETURNING i.*
    ),
    -- The receiving number's health counts (accounts/sql/health-tally.ts): a reply, or an opt-out.
    tally AS (${tallyHealthCte("inserted", "account_id", a.now, {
      replies: Prisma.sql`(count(*) FILTER (WHERE NOT opt_out))::int`,
      // Only a contact's first stop word counts: a repeat from one already opted out is not a new opt-out.
      opt_outs: Prisma.sql`(count(*) FILTER (WHERE opt_out AND COALESCE((SELECT "optedNow" FROM contact_row), false)))::int`,
    })})
    SELECT ${inboundColumns}, (SELECT "optedNow" FROM contact_row) AS "optedNow" FROM inserted i`;
  const row = rows[0];
  if (!row) return { message: undefined, newlyOptedOut: false };
  const { optedNow, ...message } = row;
  return { message, newlyOptedOut: a.stopWord && optedNow === true };
}

/** The inbound_message columns under the Prisma model's names. */
const inboundColumns = Prisma.raw(
  [
    ["id", "id"],
    ["tenant_id", "tenantId"],
    ["account_id", "accountId"],
    ["provider_message_id", "providerMessageId"],
    ["from_number", "fromNumber"],
    ["from_lid", "fromLid"],
    ["contact_id", "contactId"],
    ["kind", "kind"],
    ["text", "text"],
    ["media_url", "mediaUrl"],
    ["media_id", "mediaId"],
    ["mime_type", "mimeType"],
    ["file_name", "fileName"],
    ["latitude", "latitude"],
    ["longitude", "longitude"],
    ["reply_to_provider_id", "replyToProviderId"],
    ["in_reply_to_id", "inReplyToId"],
    ["batch_id", "batchId"],
    ["opt_out", "optOut"],
    ["sent_at", "sentAt"],
    ["received_at", "receivedAt"],
  ]
    .map(([col, field]) => `i."${col}" AS "${field}"`)
    .join(", "),
);
