import { randomBytes } from "node:crypto";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { notFound, validationError } from "../../core/errors.js";
import { refuseInwardLink } from "../../core/input/public-address.js";
import { mayUseNumber } from "../../core/auth/number-scope.js";
import { audited, authorIn } from "../../core/audit/audited.js";
import { triggerValueError, type TriggerKind } from "./matching.js";
import { VALUE_FIELDS, type NewRule, type RuleChange, type ValueField } from "./rule-input.js";
import { typebotAddressProblem } from "./typebot/typebot-api.js";
import { menuProblems, storedMenu } from "./menus/menu.js";
import { checkRuleContent, storedRuleContent } from "./rich/rule-content.js";
import { deleteRule as deleteRuleRow, insertRuleUnderCap, lockTenantForRules, omitTenant, RULE_ORDER, updateRule as updateRuleRow, type RuleView } from "./rule-sql.js";

// A tenant's automation rules: read, made, changed and deleted by callers with automation:manage,
// each change audited. A key restricted to some numbers sees and makes only rules limited to its
// own numbers, so a rule never answers from a number its maker could not send from; another
// tenant's rule, or one the caller may not see, is answered as unknown.

export type { RuleView } from "./rule-sql.js";

/** Enough for any business's keywords; a bound on the work one inbound message costs (docs/automation.md). */
export const MAX_RULES_PER_TENANT = 200;

/** Whether a restricted caller may see the rule: only one limited to its own numbers. */
const visibleTo = (caller: Principal, rule: Pick<RuleView, "accountIds">) =>
  caller.accountIds === null || (rule.accountIds.length > 0 && rule.accountIds.every((id) => mayUseNumber(caller, id)));

export async function listRules(deps: ServiceDeps, caller: Principal): Promise<RuleView[]> {
  const rules = await deps.db.automationRule.findMany({ where: { tenantId: caller.tenantId }, omit: omitTenant, orderBy: [...RULE_ORDER] });
  return rules.filter((r) => visibleTo(caller, r));
}

export async function getRule(deps: ServiceDeps, caller: Principal, id: number): Promise<RuleView> {
  const rule = await deps.db.automationRule.findFirst({ where: { id, tenantId: caller.tenantId }, omit: omitTenant });
  if (!rule || !visibleTo(caller, rule)) throw notFound("Rule");
  return rule;
}

/** The stored value of a trigger: the one field it takes, checked; any other value field is refused. */
function triggerValue(trigger: TriggerKind, values: NewRule["values"]): string | null {
  const own: ValueField | undefined = (VALUE_FIELDS as Partial<Record<TriggerKind, ValueField>>)[trigger];
  for (const [field, value] of Object.entries(values)) {
    if (field !== own && value != null) throw validationError({ [field]: `is not taken by the trigger ${trigger}` });
  }
  const value = own ? (values[own] ?? null) : null;
  const problem = triggerValueError(trigger, value);
  if (problem) throw validationError({ [own ?? "trigger"]: problem });
  return value;
}

/** The numbers a rule answers on: each the tenant's and the caller's; none named: all the caller's. */
async function ruleNumbers(deps: ServiceDeps, caller: Principal, named: number[] | null): Promise<number[]> {
  if (named === null || named.length === 0) return caller.accountIds === null ? [] : [...caller.accountIds];
  const ids = [...new Set(named)];
  const own = await deps.db.account.findMany({ where: { tenantId: caller.tenantId, id: { in: ids } }, select: { id: true } });
  const known = new Set(own.map((a) => a.id));
  const stranger = ids.find((id) => !known.has(id) || !mayUseNumber(caller, id));
  if (stranger !== undefined) throw validationError({ accountIds: `number ${stranger} is not one of yours` });
  return ids.sort((a, b) => a - b);
}

/**
 * What a rule sends: a reply needs a text or an image; an image must lead to a public address; a
 * bot's address is the bot rule's alone and must be public, as a webhook's.
 */
async function checkMessage(deps: ServiceDeps, rule: Pick<NewRule, "action" | "text" | "imageUrl" | "content" | "botUrl" | "menu">): Promise<void> {
  if (rule.action === "reply" && rule.text === null && rule.imageUrl === null && rule.content === null)
    throw validationError({ text: "a reply needs a text, an image or another content kind" });
  checkMenu(rule);
  if (rule.action === "bot" && rule.botUrl === null) throw validationError({ botUrl: "a bot rule needs its bot's address" });
  if (rule.action !== "bot" && rule.botUrl !== null) throw validationError({ botUrl: "is taken only by the action bot" });
  if (rule.imageUrl) await refuseInwardLink(rule.imageUrl, "imageUrl", deps.config.channel.mediaAllowPrivateAddresses);
  if (rule.botUrl) await refuseInwardLink(rule.botUrl, "botUrl", deps.config.webhooks.allowPrivateAddresses);
}

/** A menu rule has a menu, with its own words; no other rule has one. */
function checkMenu(rule: Pick<NewRule, "action" | "text" | "imageUrl" | "menu">): void {
  if (rule.action !== "menu") {
    if (rule.menu !== null) throw validationError({ menu: "is taken only by the action menu" });
    return;
  }
  if (rule.menu === null) throw validationError({ menu: "a menu rule needs its menu" });
  if (rule.text !== null) throw validationError({ text: "is not taken by the action menu: the menu's text is what it says" });
  if (rule.imageUrl !== null) throw validationError({ imageUrl: "is not taken by the action menu" });
  const problems = menuProblems(rule.menu);
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

/** A bot's kind is the bot rule's alone; a Typebot's address is its startChat URL. */
function checkBotKind(rule: Pick<NewRule, "action" | "botUrl" | "botKind">): void {
  if (rule.action !== "bot" && rule.botKind !== "webhook") throw validationError({ botKind: "is taken only by the action bot" });
  const problem = rule.botKind === "typebot" && rule.botUrl !== null ? typebotAddressProblem(rule.botUrl) : null;
  if (problem) throw validationError({ botUrl: problem });
}

/** The secret a bot's requests are signed with: shown once, as a webhook's. */
const newBotSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;
/** A bot its requests are signed for: Typebot's chat API takes no signature. */
const signedBot = (rule: { action: string; botKind: string }) => rule.action === "bot" && rule.botKind === "webhook";

/** A rule as made or changed, with its bot's secret when one was made just now (shown this once). */
export interface RuleWritten {
  rule: RuleView;
  botSecret: string | null;
}

/** A new rule's fields checked as its creation checks them, with its trigger's value and its numbers; nothing is written. */
export async function checkedNewRule(deps: ServiceDeps, caller: Principal, input: NewRule): Promise<NewRule & { value: string | null; accountIds: number[] }> {
  const value = triggerValue(input.trigger, input.values);
  checkBotKind(input);
  await checkMessage(deps, input);
  const accountIds = await ruleNumbers(deps, caller, input.accountIds);
  await checkRuleContent(deps, caller.tenantId, { ...input, accountIds });
  return { ...input, value, accountIds };
}

export async function createRule(deps: ServiceDeps, caller: Principal, input: NewRule): Promise<RuleWritten> {
  const { value, accountIds } = await checkedNewRule(deps, caller, input);
  const { tenantId } = caller;
  const botSecret = signedBot(input) ? newBotSecret() : null;
  const row = { ...input, tenantId, value, accountIds, botSecret, now: deps.clock.now() };
  const [made] = await audited(
    deps.db,
    authorIn(deps, caller),
    async (tx) => {
      await lockTenantForRules(tx, tenantId);
      return insertRuleUnderCap(tx, row, MAX_RULES_PER_TENANT);
    },
    ([rule]) => (rule ? { tenantId, action: "automation_rule.created", target: `automation_rule:${rule.id}`, after: rule } : null),
    // The fresh snapshot per statement that the cap relies on, whatever the server's default.
    { isolationLevel: "ReadCommitted" },
  );
  if (!made) throw validationError({ name: `you may have at most ${MAX_RULES_PER_TENANT} rules; delete one first` });
  return { rule: made, botSecret };
}

export async function updateRule(deps: ServiceDeps, caller: Principal, id: number, change: RuleChange): Promise<RuleWritten> {
  const current = await getRule(deps, caller, id);
  const trigger = change.trigger ?? current.trigger;
  const action = change.action ?? current.action;
  const values = change.values ?? (change.trigger && change.trigger !== current.trigger ? {} : storedValues(current));
  const next = {
    name: change.name ?? current.name,
    position: change.position ?? current.position,
    enabled: change.enabled ?? current.enabled,
    trigger,
    value: triggerValue(trigger, values),
    accountIds: change.accountIds !== undefined ? await ruleNumbers(deps, caller, change.accountIds) : current.accountIds,
    action,
    // A rule that becomes a menu says what its menu says: its own text and image go unless given.
    text: change.text !== undefined ? change.text : action === "menu" ? null : current.text,
    imageUrl: change.imageUrl !== undefined ? change.imageUrl : action === "menu" ? null : current.imageUrl,
    content: change.content !== undefined ? change.content : action === "menu" ? null : storedRuleContent(current.content),
    // A rule that stops being a menu forgets it.
    menu: change.menu !== undefined ? change.menu : action === "menu" ? storedMenu(current.menu) : null,
    // A rule that stops being a bot forgets its address; one that names none keeps it.
    botUrl: change.botUrl !== undefined ? change.botUrl : action === "bot" ? current.botUrl : null,
    botKind: change.botKind ?? (action === "bot" ? current.botKind : "webhook"),
    cooldownSeconds: change.cooldownSeconds ?? current.cooldownSeconds,
  };
  checkBotKind(next);
  await checkMessage(deps, next);
  await checkRuleContent(deps, caller.tenantId, next);
  // A rule that becomes a signed bot gets a secret; a signed bot keeps its own.
  const botSecret = signedBot(next) && !signedBot(current) ? newBotSecret() : null;
  const [updated] = await audited(
    deps.db,
    authorIn(deps, caller),
    (tx) => updateRuleRow(tx, caller.tenantId, id, { ...next, ...(botSecret ? { botSecret } : {}), updatedAt: deps.clock.now() }),
    ([after]) => (after ? { tenantId: caller.tenantId, action: "automation_rule.updated", target: `automation_rule:${id}`, before: current, after } : null),
  );
  if (!updated) throw notFound("Rule");
  return { rule: updated, botSecret };
}

/** The value fields of a stored rule, as a change that names none keeps them. */
const storedValues = (rule: RuleView): NewRule["values"] => {
  const own = (VALUE_FIELDS as Partial<Record<TriggerKind, ValueField>>)[rule.trigger];
  return own ? { [own]: rule.value } : {};
};

export async function deleteRule(deps: ServiceDeps, caller: Principal, id: number): Promise<RuleView> {
  const rule = await getRule(deps, caller, id);
  const count = await audited(
    deps.db,
    authorIn(deps, caller),
    (tx) => deleteRuleRow(tx, caller.tenantId, id),
    (deleted) => (deleted ? { tenantId: caller.tenantId, action: "automation_rule.deleted", target: `automation_rule:${id}`, before: rule } : null),
  );
  if (count === 0) throw notFound("Rule");
  return rule;
}
