import { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";

// The Idempotency-Key rows (messages/idempotency.ts has the rules): taken by one conditional
// insert, held under a lease its request renews, linked by the statement that creates something to
// what it created, and kept with the answer for KEEP_HOURS.

/** A request's hold on its key: the statement that creates something must still find it held. */
export interface Claim {
  tenantId: number;
  key: string;
  owner: string;
}

/** What an earlier holder of the key created, recorded in the statement that created it. */
export interface Created {
  messageId: bigint | null;
  batchId: bigint | null;
}

/** How long a key and its answer are kept. */
export const KEEP_HOURS = 24;

const held = (claim: Claim) => ({ tenantId: claim.tenantId, key: claim.key, owner: claim.owner });

/** A CTE body with one row while `claim` is held (always, without a key); it locks the key row, so a takeover waits for the statement. */
export function claimHeldSql(claim: Claim | undefined): Prisma.Sql {
  if (!claim) return Prisma.sql`SELECT 1`;
  return Prisma.sql`SELECT 1 FROM idempotency_key
    WHERE tenant_id = ${claim.tenantId}::int AND key = ${claim.key}::text AND owner = ${claim.owner}::text FOR UPDATE`;
}

/** `, claim_link AS (…)`: records on the held key the id of the row that the CTE `source` created. */
export function claimLinkCte(claim: Claim | undefined, column: "message_id" | "batch_id", source: string): Prisma.Sql {
  if (!claim) return Prisma.empty;
  return Prisma.sql`, claim_link AS (
      UPDATE idempotency_key AS k SET ${Prisma.raw(column)} = ${Prisma.raw(source)}.id FROM ${Prisma.raw(source)}
      WHERE k.tenant_id = ${claim.tenantId}::int AND k.key = ${claim.key}::text AND k.owner = ${claim.owner}::text
    )`;
}

/** Takes the key for `claim`: when it is new, or when its previous holder is older than `retainedSince`. */
export async function takeKey(db: Db, claim: Claim, o: { hash: string; leaseUntil: Date; now: Date; retainedSince: Date }): Promise<boolean> {
  const taken = await db.$queryRaw<Array<{ taken: boolean }>>`
    -- take_key
    INSERT INTO idempotency_key AS k (tenant_id, key, request_hash, owner, lease_until, created_at)
    VALUES (${claim.tenantId}, ${claim.key}, ${o.hash}, ${claim.owner}, ${o.leaseUntil}, ${o.now})
    ON CONFLICT (tenant_id, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, response = NULL,
      created_at = EXCLUDED.created_at, completed_at = NULL, owner = EXCLUDED.owner,
      lease_until = EXCLUDED.lease_until, message_id = NULL, batch_id = NULL
      WHERE k.created_at < ${o.retainedSince}
    RETURNING true AS taken`;
  return taken.length > 0;
}

/** The key's row as it stands. */
export const readKey = (db: Db, claim: Pick<Claim, "tenantId" | "key">) => db.idempotencyKey.findUnique({ where: { tenantId_key: { tenantId: claim.tenantId, key: claim.key } } });

/** Takes an unfinished key whose holder stopped renewing its lease; of concurrent retries one wins. */
export async function takeOverKey(db: Db, claim: Claim, o: { hash: string; leaseUntil: Date; now: Date }): Promise<Created | undefined> {
  const rows = await db.$queryRaw<Created[]>`
    -- take_over_key
    UPDATE idempotency_key SET owner = ${claim.owner}, lease_until = ${o.leaseUntil}
    WHERE tenant_id = ${claim.tenantId} AND key = ${claim.key} AND request_hash = ${o.hash} AND response IS NULL
      AND (lease_until IS NULL OR lease_until < ${o.now})
    RETURNING message_id AS "messageId", batch_id AS "batchId"`;
  return rows[0];
}

/** Keeps the answer on the held key, which ends its lease. */
export async function keepResult(db: Db, claim: Claim, stored: unknown, now: Date): Promise<void> {
  await db.idempotencyKey.updateMany({ where: held(claim), data: { response: stored as Prisma.InputJsonObject, completedAt: now, leaseUntil: null } });
}

/**
 * Lets the held key go after a failure: with nothing created, the key is free again; with something
 * created, a retry must answer from it, so the key stays, its lease ended at once.
 */
export async function letKeyGo(db: Db, claim: Claim): Promise<void> {
  const freed = await db.idempotencyKey.deleteMany({ where: { ...held(claim), messageId: null, batchId: null } });
  if (freed.count === 0) await db.idempotencyKey.updateMany({ where: held(claim), data: { leaseUntil: null } });
}

/** Renews the held key's lease; false when the key is no longer this claim's. */
export async function renewKeyLease(db: Db, claim: Claim, leaseUntil: Date): Promise<boolean> {
  const renewed = await db.idempotencyKey.updateMany({ where: held(claim), data: { leaseUntil } });
  return renewed.count > 0;
}

/**
 * Deletes at most `limit` idempotency keys past their 24 hours at `now` (a later request with the
 * key would take it afresh anyway); says how many.
 */
export async function pruneIdempotencyKeys(db: Db, now: Date, limit: number): Promise<number> {
  return db.$executeRaw`-- prune_idempotency_keys
    DELETE FROM idempotency_key
    WHERE (tenant_id, key) IN (
      SELECT tenant_id, key FROM idempotency_key
      WHERE created_at < ${now}::timestamptz - make_interval(hours => ${KEEP_HOURS}::int)
      LIMIT ${limit}::int)`;
}
