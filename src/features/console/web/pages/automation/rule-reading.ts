import type { AutomationAction, AutomationRuleFieldsFragment, AutomationTrigger, ConsoleNumbersQuery, CreateAutomationRuleInput } from "../../gql/graphql.js";
import type { Texts } from "../../i18n.js";
import { FIGURES } from "../../figures.js";
import { fieldText } from "../parts.js";
import { menuInputOf, type MenuDraft } from "./menu-draft.js";
import type { RuleProblems } from "./rule-problems.js";
import { automationTexts, type AutomationKey } from "./texts.js";

// The rule as its editor's form says it (rule-form.tsx), for saving it or trying it as it stands:
// the value field of the trigger chosen, whole numbers typed in either language's digits, and a
// menu rule's tree from its editor. What the page refuses itself is named by field.

export type Rule = AutomationRuleFieldsFragment;
export type Numbers = ConsoleNumbersQuery["accounts"];

/** The value field each trigger takes, with its label and help. */
export const VALUE_FIELDS: Partial<Record<AutomationTrigger, { field: "keyword" | "pattern" | "replyId"; label: AutomationKey; help: AutomationKey }>> = {
  keyword: { field: "keyword", label: "autoKeyword", help: "autoKeywordHelp" },
  pattern: { field: "pattern", label: "autoPattern", help: "autoPatternHelp" },
  reply_id: { field: "replyId", label: "autoReplyId", help: "autoReplyIdHelp" },
};

/** A whole number typed in a field, in Latin or Arabic-Indic digits (an Arabic keyboard's), or undefined; "" is null (not given). */
function wholeNumber(typed: string, min: number, max: number): number | null | undefined {
  if (typed === "") return null;
  // Both runs of digits start at a multiple of 16, so a digit's value is its code's last hex digit.
  const text = typed.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) % 16));
  const n = /^\d{1,7}$/.test(text) ? Number(text) : -1;
  return n >= min && n <= max ? n : undefined;
}

/** A form field's text exactly as typed ("" when missing). */
const asTyped = (f: FormData, name: string): string => {
  const value = f.get(name);
  return typeof value === "string" ? value : "";
};

/** The rule as the form says it (a menu rule's menu from its editor), or the fields the page refuses itself. */
export function ruleOf(
  tx: Texts,
  f: FormData,
  trigger: AutomationTrigger,
  numbers: Numbers | undefined,
  menu: MenuDraft,
): { input: CreateAutomationRuleInput } | { problems: RuleProblems } {
  const at = automationTexts(tx);
  const action = fieldText(f, "action") as AutomationAction;
  const cooldownSeconds = wholeNumber(fieldText(f, "cooldownSeconds"), FIGURES.autoCooldownEvery, FIGURES.autoCooldownMaxSeconds);
  const position = wholeNumber(fieldText(f, "position"), FIGURES.autoPositionMin, FIGURES.autoPositionMax);
  const timeout = action === "menu" ? wholeNumber(menu.timeout.trim(), FIGURES.autoMenuTimeoutMin, FIGURES.autoMenuTimeoutMax) : null;
  const problems: RuleProblems = {};
  if (cooldownSeconds == null) problems.cooldownSeconds = at("autoErr_cooldown");
  if (position === undefined) problems.position = at("autoErr_position");
  if (action === "menu" && timeout == null) problems["menu[timeout]"] = at("autoErr_menuTimeout");
  if (Object.keys(problems).length > 0 || cooldownSeconds == null || position === undefined) return { problems };
  // A pattern is sent as typed (a space in it may matter); a keyword or an id without the spaces around it.
  const value = (field: string) => (VALUE_FIELDS[trigger]?.field !== field ? null : field === "pattern" ? asTyped(f, field) : fieldText(f, field));
  return {
    input: {
      name: fieldText(f, "name"),
      trigger,
      keyword: value("keyword"),
      pattern: value("pattern"),
      replyId: value("replyId"),
      action,
      // With a menu the message and image are kept aside, disabled: not in the form's data.
      text: fieldText(f, "text") || null,
      imageUrl: fieldText(f, "imageUrl") || null,
      menu: timeout != null ? menuInputOf(menu, timeout) : null,
      cooldownSeconds,
      position,
      enabled: f.get("enabled") === "on",
      // Without the numbers (no accounts:read) the rule's stay as they are.
      ...(numbers ? { accountIds: numbers.filter((n) => f.get(`number-${n.id}`) === "on").map((n) => n.id) } : {}),
    },
  };
}

/** What the rule being edited keeps that the form does not show, for its draft: a bot's address and kind, or a rich kind (not a menu's). */
export function keptOf(rule: Rule | null, action: AutomationAction): Partial<CreateAutomationRuleInput> {
  if (!rule || action === "menu") return {};
  if (action === "bot") return { botUrl: rule.botUrl, botKind: rule.botKind };
  const { media, location, contacts, interactive, whatsappTemplate } = rule;
  return { media, location, contacts, interactive, whatsappTemplate };
}
