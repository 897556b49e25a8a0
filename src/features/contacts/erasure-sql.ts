import { Prisma, type ConsentSource } from "../../generated/prisma/client.js";
import type { SqlClient } from "../../core/db/database.js";
import { numberHashSql } from "./number-hash-sql.js";

// The contacts feature's part of erasing a contact (the erasure feature runs every owner's part in
// one transaction): the contact's row goes, and an opt-out it held stays as the number's keyed hash.

/**
 * Removes the tenant's contact of `number` (name, LID and all); when it was opted out or
 * suppressed, keeps that as the number's keyed hash in `erased_suppression`, with its source and
 * time, so the number stays refused. Run after the inbound messages let go of the contact.
 */
export async function eraseContactRow(db: SqlClient, tenantId: number, number: string, now: Date): Promise<{ contacts: number; suppressionKept: boolean }> {
  const rows = await db.$queryRaw<Array<{ contacts: number; kept: number }>>`-- erase_contact_row
    WITH gone AS (
      DELETE FROM contact c WHERE c.tenant_id = ${tenantId} AND c.phone = ${number}
      RETURNING c.opted_out_at, c.opt_out_source
    ),
    kept AS (
      INSERT INTO erased_suppression (tenant_id, number_hash, opt_out_source, opted_out_at, erased_at)
      SELECT ${tenantId}::int, ${numberHashSql(Prisma.sql`${number}::text`)}, g.opt_out_source, g.opted_out_at, ${now}::timestamptz
      FROM gone g WHERE g.opted_out_at IS NOT NULL
      ON CONFLICT (tenant_id, number_hash) DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM gone)::int AS contacts, (SELECT count(*) FROM kept)::int AS kept`;
  return { contacts: rows[0]?.contacts ?? 0, suppressionKept: (rows[0]?.kept ?? 0) > 0 };
}

/** Whether the tenant keeps `number` suppressed by its hash only (erased already). */
export async function erasedSuppressionOf(db: SqlClient, tenantId: number, number: string): Promise<ConsentSource | undefined> {
  const rows = await db.$queryRaw<Array<{ source: ConsentSource }>>`-- erased_suppression_of
    SELECT es.opt_out_source AS source FROM erased_suppression es
    WHERE es.tenant_id = ${tenantId} AND es.number_hash = ${numberHashSql(Prisma.sql`${number}::text`)}`;
  return rows[0]?.source;
}

/** Ends the erased suppressions of `numbers` (an opt-in); yields the ones ended. */
export const clearErasedSuppressions = (db: SqlClient, tenantId: number, numbers: string[]) =>
  db.$queryRaw<Array<{ phone: string }>>`-- clear_erased_suppressions
    DELETE FROM erased_suppression es USING unnest(${numbers}::text[]) AS n
    WHERE es.tenant_id = ${tenantId} AND es.number_hash = ${numberHashSql(Prisma.sql`n`)}
    RETURNING n AS phone`;
