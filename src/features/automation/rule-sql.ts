import { Prisma, type AutomationRule } from "../../generated/prisma/client.js";
import type { Db, DbClient } from "../../core/db/database.js";
import { emptyMenuOf } from "./menus/menu-sql.js";
import type { Menu } from "./menus/menu.js";
import type { RuleContent } from "./rich/rule-content.js";
import { endSessionsOfRule } from "./typebot/session-sql.js";

// The statements that write a tenant's automation rules (rules.ts says when), and the read of the
// rules that answer, in their order.

/** A rule as callers and its audit events see it: whose it is and its bot's secret stay out. */
export type RuleView = Omit<AutomationRule, "tenantId" | "botSecret">;
export const omitTenant = { tenantId: true, botSecret: true } as const;

/** Rules answer in the order of their position, then of their making. */
export const RULE_ORDER = [{ position: "asc" }, { id: "asc" }] as const;

/** Locks the tenant's row so its rule creations take turns under the cap (as templates do). */
export const lockTenantForRules = (db: DbClient, tenantId: number) =>
  db.$queryRaw<Array<{ id: number }>>`-- lock_tenant_for_rules
    SELECT id FROM tenant WHERE id = ${tenantId} FOR NO KEY UPDATE`;

export interface RuleRow {
  tenantId: number;
  name: string;
  position: number | null;
  enabled: boolean;
  trigger: AutomationRule["trigger"];
  value: string | null;
  accountIds: number[];
  action: AutomationRule["action"];
  text: string | null;
  imageUrl: string | null;
  content: RuleContent | null;
  botUrl: string | null;
  botKind: AutomationRule["botKind"];
  botSecret: string | null;
  menu: Menu | null;
  cooldownSeconds: number;
  now: Date;
}

/** Adds a rule while the tenant has fewer than `cap` (at the end when it names no position); nothing otherwise. */
export const insertRuleUnderCap = (db: DbClient, r: RuleRow, cap: number) =>
  db.$queryRaw<RuleView[]>`-- insert_rule_under_cap
    INSERT INTO automation_rule (tenant_id, name, position, enabled, trigger, value, account_ids, action, text, image_url, content, bot_url, bot_kind, bot_secret,
      menu, cooldown_seconds, created_at, updated_at)
    SELECT ${r.tenantId}, ${r.name}, COALESCE(${r.position}::int, (SELECT COALESCE(max(position), 0) + 1 FROM automation_rule WHERE tenant_id = ${r.tenantId})),
      ${r.enabled}, ${r.trigger}::"AutomationTrigger", ${r.value}, ${r.accountIds}::int[], ${r.action}::"AutomationAction", ${r.text}, ${r.imageUrl},
      ${r.content === null ? null : JSON.stringify(r.content)}::jsonb, ${r.botUrl}, ${r.botKind}::"AutomationBotKind", ${r.botSecret}, ${r.menu === null ? null : JSON.stringify(r.menu)}::jsonb, ${r.cooldownSeconds}, ${r.now}, ${r.now}
    WHERE (SELECT count(*) FROM automation_rule WHERE tenant_id = ${r.tenantId}) < ${cap}
    RETURNING id, name, position, enabled, trigger, value, account_ids AS "accountIds", action, text, image_url AS "imageUrl", content,
      bot_url AS "botUrl", bot_kind AS "botKind", menu, cooldown_seconds AS "cooldownSeconds", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Rewrites a tenant's rule; none when it is gone. */
export const updateRule = (
  db: DbClient,
  tenantId: number,
  id: number,
  row: Omit<RuleRow, "tenantId" | "now" | "position" | "botSecret"> & { position: number; updatedAt: Date; botSecret?: string },
) =>
  db.automationRule.updateManyAndReturn({
    where: { id, tenantId },
    data: {
      ...row,
      content: row.content === null ? Prisma.DbNull : (row.content as Prisma.InputJsonObject),
      menu: row.menu === null ? Prisma.DbNull : (row.menu as unknown as Prisma.InputJsonObject),
    },
    omit: omitTenant,
  });

/**
 * Deletes a tenant's rule with its cooldowns, its contacts' places in its menu and their Typebot
 * conversations; says how many rules went (0: it was gone already).
 * The messages it sent keep its id, as a message keeps a deleted template's text.
 */
export async function deleteRule(db: DbClient, tenantId: number, id: number): Promise<number> {
  await db.automationAnswer.deleteMany({ where: { ruleId: id, tenantId } });
  await emptyMenuOf(db, tenantId, id);
  await endSessionsOfRule(db, tenantId, id);
  const { count } = await db.automationRule.deleteMany({ where: { id, tenantId } });
  return count;
}

/** The tenant's enabled rules, in the order they answer. */
export const readEnabledRules = (db: Db, tenantId: number) => db.automationRule.findMany({ where: { tenantId, enabled: true }, omit: omitTenant, orderBy: [...RULE_ORDER] });
