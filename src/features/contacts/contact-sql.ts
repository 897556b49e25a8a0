import { Prisma } from "../../generated/prisma/client.js";
import type { ConsentSettings, ConsentSource } from "../../generated/prisma/client.js";
import type { Db, SqlClient } from "../../core/db/database.js";
import { contactOptedOutSql } from "./consent-sql.js";
import { numberHashSql } from "./number-hash-sql.js";

// The statements that write a tenant's contacts and consent settings, and the reads in raw SQL
// that contacts.ts and consent.ts make. An inbound message records its sender through
// recordInboundContactCte, inside the inbound feature's statement that stores the message.

/** Of `numbers`, those the tenant may not send to, with who opted them out (an erased contact's by its hash). */
export const readOptOuts = (db: Db, tenantId: number, numbers: string[]) =>
  db.$queryRaw<Array<{ phone: string; optOutSource: ConsentSource | null }>>`-- read_opt_outs
    SELECT c.phone, c.opt_out_source AS "optOutSource" FROM contact c
    WHERE c.tenant_id = ${tenantId} AND c.phone = ANY (${numbers}::text[]) AND ${contactOptedOutSql("c")}
    UNION ALL
    SELECT n, es.opt_out_source FROM unnest(${numbers}::text[]) AS n
    JOIN erased_suppression es ON es.tenant_id = ${tenantId} AND es.number_hash = ${numberHashSql(Prisma.sql`n`)}
    WHERE EXISTS (SELECT 1 FROM erased_suppression any_es WHERE any_es.tenant_id = ${tenantId})`;

/**
 * Opts `numbers` (sorted, so concurrent opt-outs lock rows in one order) out for the tenant,
 * creating the contacts it has none for; an existing opt-out keeps its source and time. Yields a
 * row a number, `newly` when it was not opted out before.
 */
export const optOutContacts = (db: SqlClient, tenantId: number, sorted: string[], source: ConsentSource, now: Date) =>
  db.$queryRaw<Array<{ newly: boolean }>>`-- opt_out_contacts
    WITH before AS (
      SELECT c.phone FROM contact c WHERE c.tenant_id = ${tenantId} AND c.phone = ANY (${sorted}::text[]) AND ${contactOptedOutSql("c")}
    )
    INSERT INTO contact AS c (tenant_id, phone, first_seen_at, last_seen_at, opted_out_at, opt_out_source)
    SELECT ${tenantId}::int, n, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz, ${source}::"ConsentSource"
    FROM unnest(${sorted}::text[]) AS n ORDER BY n
    ON CONFLICT (tenant_id, phone) DO UPDATE SET
      opted_out_at = COALESCE(c.opted_out_at, EXCLUDED.opted_out_at),
      opt_out_source = CASE WHEN c.opted_out_at IS NULL THEN EXCLUDED.opt_out_source ELSE c.opt_out_source END
    RETURNING NOT EXISTS (SELECT 1 FROM before WHERE before.phone = c.phone) AS newly`;

/** Ends the opt-outs of those of `numbers` that are opted out; says how many. */
export const clearOptOuts = (db: Pick<Db, "contact">, tenantId: number, numbers: string[]) =>
  db.contact.updateManyAndReturn({
    where: { tenantId, phone: { in: numbers }, optedOutAt: { not: null } },
    data: { optedOutAt: null, optOutSource: null },
    select: { phone: true },
  });

/** Sets the fields of the tenant's consent settings given in `data`, creating its row on first use. */
export const saveConsentSettings = (
  db: Pick<Db, "consentSettings">,
  tenantId: number,
  data: Partial<Pick<ConsentSettings, "useDefaultWords" | "stopWords" | "confirmationText">> & { updatedAt: Date },
) => db.consentSettings.upsert({ where: { tenantId }, create: { tenantId, ...data }, update: data });

/** When each of `phones` was last sent a message by the tenant (null: never), from the messages themselves. */
export const lastSentTo = (db: Db, tenantId: number, phones: string[]) =>
  db.$queryRaw<Array<{ to: string; at: Date | null }>>`-- last_sent_to
    SELECT p AS "to", (SELECT max(m.sent_at) FROM message m WHERE m.tenant_id = ${tenantId} AND m."to" = p AND m.status = 'sent') AS at
    FROM unnest(${phones}::text[]) AS p`;

/** Names the tenant's contact of `phone` (null clears it); none when the tenant has no such contact. */
export const renameContact = (db: Pick<Db, "contact">, tenantId: number, phone: string, name: string | null) =>
  db.contact.updateManyAndReturn({ where: { tenantId, phone }, data: { name } });

/** Adds a named contact, unless the tenant has one for `phone` already (then none). */
export const insertNamedContact = (db: Pick<Db, "contact">, c: { tenantId: number; phone: string; name: string | null; now: Date }) =>
  db.contact.createManyAndReturn({ data: [{ tenantId: c.tenantId, phone: c.phone, name: c.name, firstSeenAt: c.now, lastSeenAt: c.now }], skipDuplicates: true });

/** The sender of an inbound message, as its contact row records it. */
export interface InboundSender {
  tenantId: number;
  /** Normalised; null when the provider gave only a LID (no contact is recorded then). */
  phone: string | null;
  lid: string | null;
  profileName: string | null;
  /** The message is a stop word: it opts the contact out. */
  stopWord: boolean;
  now: Date;
}

/**
 * A CTE body that records an inbound message's sender as a contact, unless the CTE `storedBefore`
 * yields a row (a redelivery: nothing changes): created on first contact; last seen and last
 * inbound moved on; the LID and a first name kept; opted out on a stop word, where an existing
 * opt-out keeps its source and time. Yields the contact's id and `optedNow`, true when this
 * message opted it out: the upsert works on the latest row under its lock, so of two stop words at
 * once only the first does.
 */
export const recordInboundContactCte = (s: InboundSender, storedBefore: string) => Prisma.sql`
      INSERT INTO contact AS c (tenant_id, phone, lid, name, first_seen_at, last_seen_at, last_inbound_at, opted_out_at, opt_out_source)
      SELECT ${s.tenantId}::int, ${s.phone}::text, ${s.lid}::text, ${s.profileName}::text, ${s.now}::timestamptz, ${s.now}::timestamptz,
        ${s.now}::timestamptz, CASE WHEN ${s.stopWord} THEN ${s.now}::timestamptz END,
        CASE WHEN ${s.stopWord} THEN 'stop_word'::"ConsentSource" END
      WHERE ${s.phone}::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${Prisma.raw(storedBefore)})
      ON CONFLICT (tenant_id, phone) DO UPDATE SET
        last_inbound_at = GREATEST(c.last_inbound_at, EXCLUDED.last_inbound_at),
        last_seen_at = GREATEST(c.last_seen_at, EXCLUDED.last_seen_at),
        lid = COALESCE(EXCLUDED.lid, c.lid),
        name = COALESCE(c.name, EXCLUDED.name),
        opted_out_at = COALESCE(c.opted_out_at, EXCLUDED.opted_out_at),
        opt_out_source = CASE WHEN c.opted_out_at IS NULL THEN EXCLUDED.opt_out_source ELSE c.opt_out_source END
      RETURNING c.id, c.opted_out_at = ${s.now}::timestamptz AS "optedNow"`;
