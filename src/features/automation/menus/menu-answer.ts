import type { ServiceDeps } from "../../../core/deps.js";
import { queueContactReply } from "../../messages/index.js";
import { omitTenant, type RuleView } from "../rule-sql.js";
import { numberCarries } from "../rich/rule-content.js";
import { handOver, type ClaimedWork, type Outcome } from "../work-sql.js";
import { chooseIn, renderMenu, storedMenu, type Menu, type MenuOption } from "./menu.js";
import { keepMenuPlace, leaveMenu, readMenuPlace } from "./menu-sql.js";

// A contact in a menu: the rule that opened it answers each of their messages, step by step, with
// no cooldown between steps, until they reach an answer, are handed to a person, say something
// that is no option twice in a row (then the rules read it as any message), or go quiet past the
// menu's timeout. Each step is a message like any rule's answer: charged, paced, consent checked.

export interface MenuStepTaken {
  outcome: Outcome;
  ruleId: number;
  messageId: bigint | null;
}

/** What the contact said: their words (none for a sticker or a location) and the list row they tapped. */
export interface Written {
  text: string | null;
  choiceId: string | null;
}

/** Sends the menu at `path` and keeps the contact's place there for the menu's timeout. */
async function showMenu(deps: ServiceDeps, w: ClaimedWork, rule: RuleView, at: { menu: Menu; path: number[]; misses: number; now: Date }): Promise<MenuStepTaken> {
  const { menu, path } = at;
  const shown = renderMenu(menu, path, menu.style === "list" && (await numberCarries(deps, w.accountId, "interactive")));
  const reply = { tenantId: w.tenantId, accountId: w.accountId, phone: w.phone, text: shown.text, content: shown.content, automationRuleId: rule.id };
  const message = await queueContactReply(deps, reply);
  if (!message) {
    await leaveMenu(deps.db, w.tenantId, w.phone);
    return { outcome: "refused", ruleId: rule.id, messageId: null };
  }
  const expiresAt = new Date(at.now.getTime() + menu.timeout * 1000);
  await keepMenuPlace(deps.db, { tenantId: w.tenantId, phone: w.phone, ruleId: rule.id, ruleUpdatedAt: rule.updatedAt, path, misses: at.misses, expiresAt });
  return { outcome: "answered", ruleId: rule.id, messageId: message.id };
}

/** A menu rule that matched a message: its top menu goes to the contact. */
export async function openMenu(deps: ServiceDeps, w: ClaimedWork, rule: RuleView, now: Date): Promise<MenuStepTaken> {
  const menu = storedMenu(rule.menu);
  if (!menu) return { outcome: "no_rule", ruleId: rule.id, messageId: null };
  return showMenu(deps, w, rule, { menu, path: [], misses: 0, now });
}

/** The option's answer: the contact leaves the menu, with its reply and into a person's hands if it says so. */
async function answerOption(deps: ServiceDeps, w: ClaimedWork, rule: RuleView, option: MenuOption, now: Date): Promise<MenuStepTaken> {
  await leaveMenu(deps.db, w.tenantId, w.phone);
  if (option.handover) {
    await handOver(deps.db, { tenantId: w.tenantId, phone: w.phone, until: new Date(now.getTime() + deps.config.automation.handoverMs), ruleId: rule.id });
  }
  const outcome = option.handover ? "handed_over" : "answered";
  if (option.reply === null) return { outcome, ruleId: rule.id, messageId: null };
  const message = await queueContactReply(deps, { tenantId: w.tenantId, accountId: w.accountId, phone: w.phone, text: option.reply, automationRuleId: rule.id });
  return message ? { outcome, ruleId: rule.id, messageId: message.id } : { outcome: "refused", ruleId: rule.id, messageId: null };
}

/** The rule whose menu the contact is in, as they met it; null when it was disabled, changed, deleted or no longer answers this number. */
async function menuRuleOf(deps: ServiceDeps, w: ClaimedWork, place: { ruleId: number; ruleUpdatedAt: Date }): Promise<{ rule: RuleView; menu: Menu } | null> {
  const rule = await deps.db.automationRule.findFirst({ where: { id: place.ruleId, tenantId: w.tenantId, enabled: true, action: "menu" }, omit: omitTenant });
  if (!rule || rule.updatedAt.getTime() !== place.ruleUpdatedAt.getTime()) return null;
  if (rule.accountIds.length > 0 && !rule.accountIds.includes(w.accountId)) return null;
  const menu = storedMenu(rule.menu);
  return menu ? { rule, menu } : null;
}

/** The step a contact's message makes in the menu they are in; null: they are in none (any more), and the rules read it. */
export async function continueMenu(deps: ServiceDeps, w: ClaimedWork, written: Written, now: Date): Promise<MenuStepTaken | null> {
  const place = await readMenuPlace(deps.db, w.tenantId, w.phone);
  if (!place) return null;
  const found = place.expiresAt > now ? await menuRuleOf(deps, w, place) : null;
  if (!found) {
    await leaveMenu(deps.db, w.tenantId, w.phone);
    return null;
  }
  const { rule, menu } = found;
  const step = chooseIn(menu, place.path, written);
  if (step.kind === "show") return showMenu(deps, w, rule, { menu, path: step.path, misses: 0, now });
  if (step.kind === "answer") return answerOption(deps, w, rule, step.option, now);
  // Once more, for a slip of the thumb; a second message that names no option is about something else.
  if (place.misses > 0) {
    await leaveMenu(deps.db, w.tenantId, w.phone);
    return null;
  }
  return showMenu(deps, w, rule, { menu, path: place.path, misses: 1, now });
}
