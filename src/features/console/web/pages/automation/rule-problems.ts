import { ApiError } from "../../api.js";
import type { Texts } from "../../i18n.js";
import { menuSentence } from "./menu-problems.js";
import { automationTexts, type AutomationKey } from "./texts.js";

// The API's refusal of a rule, said in the page's words beside the field it names. The API names
// a field by its GraphQL name (`pattern`, an item of a list `accountIds[0]`) and explains it in
// English; the page picks its own sentence by what the explanation says. RE2's reason for a
// pattern is kept as RE2 gave it: it points at the part of the pattern to change. A part of a
// menu keeps the API's name for it (`menu[options][1][title]`), which its field is found by.

/** The editor's fields a refusal can name; `form` is what no field explains. */
export const RULE_FIELDS = ["name", "trigger", "keyword", "pattern", "replyId", "accountIds", "action", "text", "imageUrl", "cooldownSeconds", "position"] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export type RuleProblems = Partial<Record<RuleField | "form" | "menu", string>> & { [menuPart: `menu[${string}`]: string | undefined };

/** Per field, the API's explanations and the page's sentence for each, the first that matches; the last is the field's own. */
const SENTENCES: Record<RuleField, Array<[RegExp, AutomationKey]>> = {
  name: [
    [/at most \d+ rules/, "autoErr_tooMany"],
    [/./, "autoErr_name"],
  ],
  trigger: [[/./, "autoErr_trigger"]],
  keyword: [
    [/empty once/, "autoErr_keywordEmpty"],
    [/./, "autoErr_keyword"],
  ],
  pattern: [
    [/too complex/, "autoErr_patternComplex"],
    [/not valid RE2 syntax|cannot be compiled/, "autoErr_patternSyntax"],
    [/./, "autoErr_pattern"],
  ],
  replyId: [[/./, "autoErr_replyId"]],
  accountIds: [[/./, "autoErr_numbers"]],
  action: [[/./, "autoErr_action"]],
  text: [
    [/needs a text, an image/, "autoErr_nothingToSend"],
    [/./, "autoErr_text"],
  ],
  imageUrl: [[/./, "autoErr_imageUrl"]],
  cooldownSeconds: [[/./, "autoErr_cooldown"]],
  position: [[/./, "autoErr_position"]],
};

/** RE2's own reason in the API's sentence (`invalid escape sequence: \`\1\``), when it gave one. */
const re2Reason = (problem: string) => /not valid RE2 syntax: (.+)$/.exec(problem)?.[1] ?? "";

function sentence(tx: Texts, field: RuleField, problem: string): string {
  const at = automationTexts(tx);
  const key = SENTENCES[field].find(([said]) => said.test(problem))?.[1] ?? SENTENCES[field].at(-1)![1];
  // The reason is RE2's, in English and in the pattern's own characters: isolated left to right in any page.
  return key === "autoErr_patternSyntax" ? at(key, { reason: `\u2066${re2Reason(problem) || problem}\u2069` }) : at(key);
}

/** The API's refusal of a rule, by the field each part shows beside; anything else as the form's sentence. */
export function ruleProblems(tx: Texts, err: unknown): RuleProblems {
  const at = automationTexts(tx);
  if (!(err instanceof ApiError)) return { form: tx.t("error", { message: err instanceof Error ? err.message : String(err) }) };
  const problems: RuleProblems = {};
  for (const [name, problem] of Object.entries(err.fields)) {
    if (name === "menu" || name.startsWith("menu[")) problems[name as "menu"] ??= menuSentence(tx, name, problem);
    const field = RULE_FIELDS.find((f) => f === name.replace(/[.[].*$/, ""));
    if (field) problems[field] ??= sentence(tx, field, problem);
  }
  if (Object.keys(problems).length === 0) problems.form = err.code === "NOT_FOUND" ? at("autoGone") : tx.t("error", { message: err.message });
  return problems;
}
