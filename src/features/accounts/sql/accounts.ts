import type { Prisma } from "../../../generated/prisma/client.js";
import { isUniqueViolation } from "../../../core/db/unique-violation.js";
import type { Db, DbClient } from "../../../core/db/database.js";

// The statements that write a number's own row besides its state (sql/number-states.ts) and
// pacing: an operator adding or changing it, a tenant's warm-up settings, and what providers say
// about it. Every write bumps the row's version (a trigger), which makes each sender re-read it.

/** Adds a number (an operator's account:create); the answer leaves out its provider settings. */
export const insertAccount = (db: Db, data: Prisma.AccountUncheckedCreateInput) => db.account.create({ data, omit: { settings: true } });

/** Changes a number's columns (an operator's account:update); the answer leaves out its provider settings. */
export const updateAccount = (db: Db, id: number, data: Prisma.AccountUncheckedUpdateInput) => db.account.update({ where: { id }, data, omit: { settings: true } });

/** A tenant's warm-up settings; an absent one is left as it is, and a null ramp is the plan's. */
export interface WarmUpSettings {
  ramp?: number[] | null | undefined;
  firstContactCap?: number | null | undefined;
  messagingTier?: number | null | undefined;
}

/** Sets a number's warm-up ramp, first-contact cap and messaging tier. */
export async function setWarmUpSettings(db: DbClient, id: number, s: WarmUpSettings): Promise<void> {
  await db.account.update({
    where: { id },
    data: {
      ...(s.ramp !== undefined ? { warmupRamp: s.ramp ?? [] } : {}),
      ...(s.firstContactCap !== undefined ? { firstContactCap: s.firstContactCap } : {}),
      ...(s.messagingTier !== undefined ? { messagingTier: s.messagingTier } : {}),
    },
  });
}

/**
 * Records what a provider said about a sender (disconnected, token refused), but only while the
 * account is still the version the send used: a send made with a token an operator has replaced
 * since must not mark the fixed account. Returns whether the mark applied.
 */
export async function markSenderUnusable(db: Db, sender: { id: number; version: number }, status: "disconnected" | "token_invalid"): Promise<boolean> {
  const changed = await db.$executeRaw`-- mark_sender_unusable
    UPDATE account SET status = ${status}::"AccountStatus" WHERE id = ${sender.id} AND version = ${sender.version}`;
  return changed > 0;
}

/**
 * Keeps the rating and messaging tier a provider's quality update reports (undefined: not
 * reported; a null tier: unlimited). Only a change is written, as each write makes every sender
 * re-read the account.
 */
export async function storeQualityReport(db: Db, accountIds: number[], report: { quality?: string | undefined; tier?: number | null | undefined }): Promise<void> {
  const quality = report.quality ?? null;
  const tierReported = report.tier !== undefined;
  const tier = report.tier ?? null;
  await db.$executeRaw`-- store_quality_report
    UPDATE account SET quality = COALESCE(${quality}::text, quality),
      messaging_tier = CASE WHEN ${tierReported}::boolean THEN ${tier}::int ELSE messaging_tier END
    WHERE id = ANY (${accountIds}::int[])
      AND (quality IS DISTINCT FROM COALESCE(${quality}::text, quality)
        OR (${tierReported}::boolean AND messaging_tier IS DISTINCT FROM ${tier}::int))`;
}

/**
 * A number being linked now has its phone number (its session reached WORKING). A number the
 * tenant removed earlier that had the same phone gives it up (its history keeps the account id):
 * a phone is one live number of a tenant at a time. Answers false when a live number of the tenant
 * already has it.
 */
export async function setLinkedNumber(db: Db, id: number, phone: string): Promise<boolean> {
  try {
    const [, set] = await db.$transaction([
      db.$executeRaw`-- release_removed_number
        UPDATE account o SET phone_number = NULL
        WHERE o.tenant_id = (SELECT tenant_id FROM account WHERE id = ${id}) AND o.phone_number = ${phone} AND o.removed_at IS NOT NULL AND o.id <> ${id}`,
      db.$executeRaw`-- set_linked_number
        UPDATE account SET phone_number = ${phone} WHERE id = ${id}`,
    ]);
    return set > 0;
  } catch (err) {
    // The tenant's unique phone numbers: a live number of the tenant has it.
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/**
 * The tenant removed the number (its state went to disconnected first): it is no longer listed;
 * its messages stay. Its provider secret (a Cloud number's access token) goes with the write: the
 * trigger account_removed_secrets (migration removed_number_secrets) keeps none in a removed row.
 */
export async function markAccountRemoved(db: DbClient, id: number, at: Date): Promise<void> {
  await db.$executeRaw`-- mark_account_removed
    UPDATE account SET removed_at = ${at} WHERE id = ${id}`;
}

/** Deletes a number that was never linked and never sent (a connection attempt that could not start). */
export async function deleteNeverLinkedAccount(db: DbClient, id: number): Promise<void> {
  await db.$executeRaw`-- delete_never_linked_account
    DELETE FROM account a WHERE a.id = ${id} AND a.phone_number IS NULL
      AND NOT EXISTS (SELECT 1 FROM message m WHERE m.account_id = a.id)
      AND NOT EXISTS (SELECT 1 FROM account_state_change c WHERE c.account_id = a.id)
      AND NOT EXISTS (SELECT 1 FROM account_usage u WHERE u.account_id = a.id)`;
}

/** The WAHA server a linked number's sends go to (`settings.waha.server`), after its session moved there (number-links). */
export async function setWahaServerOf(db: DbClient, id: number, serverId: number): Promise<void> {
  await db.$executeRaw`-- set_waha_server_of_account
    UPDATE account SET settings = jsonb_set(settings, '{waha,server}', to_jsonb(${serverId}::int)) WHERE id = ${id} AND settings ? 'waha'`;
}
