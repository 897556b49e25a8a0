import type { Db } from "../../core/db/database.js";

// A tenant's keys as the keys feature reads them: their view, and the count of active keys under
// the tenant's lock. The api_key table's writes are the core's (core/auth/api-key-sql.ts).
import type { ApiKey } from "../../generated/prisma/client.js";

/** A key as stored, its hash left out. */
export type KeyRow = Omit<ApiKey, "hash">;

export interface KeyView {
  id: number;
  prefix: string;
  label: string;
  scopes: string[];
  /** null: every number of the tenant. */
  accountIds: number[] | null;
  state: "active" | "expired" | "revoked";
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  rotatedFromId: number | null;
}

export const keyView = (row: KeyRow, now: Date): KeyView => ({
  id: row.id,
  prefix: row.prefix,
  label: row.label,
  scopes: row.scopes,
  accountIds: row.accountIds.length ? row.accountIds : null,
  state: row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt <= now ? "expired" : "active",
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  expiresAt: row.expiresAt,
  revokedAt: row.revokedAt,
  rotatedFromId: row.rotatedFromId,
});

/**
 * Locks the tenant's row for its key changes, then counts its active keys. Two statements, so under
 * READ COMMITTED the count sees every key committed by the turns before (the lock is NO KEY UPDATE,
 * which sends' foreign-key checks do not wait for).
 */
export async function lockTenantForKeys(tx: Pick<Db, "$queryRaw">, tenantId: number, now: Date): Promise<number> {
  await tx.$queryRaw`-- lock_tenant_for_keys
    SELECT id FROM tenant WHERE id = ${tenantId} FOR NO KEY UPDATE`;
  const [row] = await tx.$queryRaw<{ n: number }[]>`-- count_active_keys
    SELECT count(*)::int AS n FROM api_key
    WHERE tenant_id = ${tenantId} AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${now})`;
  return row?.n ?? 0;
}
