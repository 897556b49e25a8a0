import type { Db } from "../../core/db/database.js";
import { auditedTenants, chainPage } from "./audit-chain-sql.js";

// The proof that a tenant's audit log is whole: every event's hash is recomputed with the same SQL
// function the insert trigger used (migrations audit_and_scoped_keys, contact_erasure), and each
// event must hold its predecessor's hash. The hash covers a digest of the event's content, and the
// content must match that digest unless an erasure rewrote it (counted, not a break). An edited
// row fails the hash test, a removed one the link test at its successor. Retention
// removes the oldest events, so the chain starts where the table does.

export interface ChainBreak {
  tenantId: number;
  /** The event that does not verify. */
  eventId: string;
  problem: "hash" | "link";
}

export interface ChainReport {
  tenants: number;
  events: number;
  /** Events whose content an erasure of a contact rewrote: their digests and links still verify. */
  erased: number;
  breaks: ChainBreak[];
}

const BATCH = 5_000;

/** Checks every event of `tenantId` (or of every tenant), in bounded batches. */
export async function verifyAuditChain(db: Db, tenantId?: number): Promise<ChainReport> {
  const report: ChainReport = { tenants: 0, events: 0, erased: 0, breaks: [] };
  const tenants = tenantId !== undefined ? [tenantId] : (await auditedTenants(db)).map((r) => r.tenant_id);
  for (const tenant of tenants) {
    report.tenants++;
    let after = 0n;
    let prevHash: string | null | undefined;
    for (;;) {
      const rows = await chainPage(db, tenant, after, BATCH);
      for (const row of rows) {
        report.events++;
        if (row.erased) report.erased++;
        // Content that no longer matches its digest fails the hash test too, unless an erasure rewrote it.
        if (row.recomputed !== row.hash || (!row.content_matches && !row.erased)) report.breaks.push({ tenantId: tenant, eventId: String(row.id), problem: "hash" });
        // The first event left is linked to one retention removed, or to none: nothing to compare.
        else if (prevHash !== undefined && row.prev_hash !== prevHash) report.breaks.push({ tenantId: tenant, eventId: String(row.id), problem: "link" });
        prevHash = row.hash;
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
  }
  return report;
}
