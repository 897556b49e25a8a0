import type { SqlClient } from "../../core/db/database.js";

// The reads that prove a tenant's audit chain (audit-chain.ts): each event with its hash recomputed
// by the same SQL function the insert trigger used.

/** Tenants that have events, in order. */
export const auditedTenants = (db: SqlClient) =>
  db.$queryRaw<{ tenant_id: number }[]>`-- audited_tenants
    SELECT DISTINCT tenant_id FROM audit_event ORDER BY tenant_id`;

/**
 * Up to `limit` of a tenant's events after `after`, in chain order, each with its hash recomputed
 * and whether its content still matches its digest (an erased event's no longer does, by design).
 */
export const chainPage = (db: SqlClient, tenantId: number, after: bigint, limit: number) =>
  db.$queryRaw<{ id: bigint; prev_hash: string | null; hash: string; recomputed: string; content_matches: boolean; erased: boolean }[]>`-- audit_chain_page
    SELECT e.id, e.prev_hash, e.hash, audit_event_hash(e, e.prev_hash) AS recomputed,
      audit_event_digest(e) IS NOT DISTINCT FROM e.digest AS content_matches, e.erased_at IS NOT NULL AS erased
    FROM audit_event e WHERE e.tenant_id = ${tenantId} AND e.id > ${after} ORDER BY e.id LIMIT ${limit}`;
