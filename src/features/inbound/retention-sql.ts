import type { Db } from "../../core/db/database.js";
import { retentionCutoffs } from "../../core/db/retention-sql.js";

// Retention's deletes of inbound messages (core/db/retention-sql.ts says how long), a bounded batch
// at a time, from each tenant's oldest up. A contact's row, its consent and its counts stay.

export async function pruneExpiredInbound(db: Db, defaultDays: number | undefined, now: Date, limit: number): Promise<number> {
  return db.$executeRaw`-- prune_expired_inbound
    WITH policy AS (${retentionCutoffs(defaultDays, now)}),
    doomed AS (
      SELECT o.id FROM policy p CROSS JOIN LATERAL (
        SELECT i.id, i.received_at FROM inbound_message i WHERE i.tenant_id = p.tenant_id ORDER BY i.id LIMIT ${limit}::int) o
      WHERE o.received_at < p.cutoff
      LIMIT ${limit}::int
    )
    DELETE FROM inbound_message WHERE id IN (SELECT id FROM doomed)`;
}
