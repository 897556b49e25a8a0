import type { Db, DbClient } from "../../../core/db/database.js";

// The statements of a contact's place in a menu (automation_menu_state): one row per contact of a
// business, replaced at each step, gone when they leave the menu, and pruned once expired.

export interface MenuPlace {
  ruleId: number;
  ruleUpdatedAt: Date;
  path: number[];
  misses: number;
  expiresAt: Date;
}

export const readMenuPlace = (db: Db, tenantId: number, phone: string): Promise<MenuPlace | null> =>
  db.automationMenuState.findUnique({
    where: { tenantId_phone: { tenantId, phone } },
    select: { ruleId: true, ruleUpdatedAt: true, path: true, misses: true, expiresAt: true },
  });

/** The contact is at `path` of the rule's menu until `expiresAt`. */
export const keepMenuPlace = (db: Db, p: MenuPlace & { tenantId: number; phone: string }) =>
  db.$executeRaw`-- keep_menu_place
    INSERT INTO automation_menu_state (tenant_id, phone, rule_id, rule_updated_at, path, misses, expires_at)
    VALUES (${p.tenantId}, ${p.phone}, ${p.ruleId}, ${p.ruleUpdatedAt}::timestamptz, ${p.path}::int[], ${p.misses}, ${p.expiresAt}::timestamptz)
    ON CONFLICT (tenant_id, phone) DO UPDATE SET rule_id = EXCLUDED.rule_id, rule_updated_at = EXCLUDED.rule_updated_at,
      path = EXCLUDED.path, misses = EXCLUDED.misses, expires_at = EXCLUDED.expires_at`;

/** The contact left the menu (answered, handed over, timed out, or wandered off). */
export const leaveMenu = (db: DbClient, tenantId: number, phone: string) => db.automationMenuState.deleteMany({ where: { tenantId, phone } });

/** A deleted rule's menu holds no one. */
export const emptyMenuOf = (db: DbClient, tenantId: number, ruleId: number) => db.automationMenuState.deleteMany({ where: { tenantId, ruleId } });

/** Deletes at most `limit` places that expired before `now`; answers how many went. */
export const pruneExpiredMenuPlaces = (db: Db, now: Date, limit: number) =>
  db.$executeRaw`-- prune_menu_places
    DELETE FROM automation_menu_state WHERE (tenant_id, phone) IN (
      SELECT tenant_id, phone FROM automation_menu_state WHERE expires_at < ${now}::timestamptz LIMIT ${limit})`;
