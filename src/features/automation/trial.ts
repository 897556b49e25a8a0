import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError } from "../../core/errors.js";
import { requireOwnNumber } from "../../core/auth/number-scope.js";
import { compileRules, firstMatch, type MatchableRule } from "./matching.js";
import type { RuleTrial } from "./rule-input.js";
import { checkedNewRule, getRule, listRules, type RuleView } from "./rules.js";
import { renderMenu, storedMenu } from "./menus/menu.js";

// The console's "try it" before a rule is trusted with contacts: which of the caller's enabled
// rules would answer a typed message, by the same matcher the answering loop uses, with the rule
// being edited tried as it stands (a draft, checked as saving it would be, in its place among the
// saved ones). Nothing is sent, charged or recorded, and cooldowns are left out (a trial asks
// what the rules say).

/** What a trial shows of the rule that would answer, saved or draft. */
export interface TrialAnswer {
  action: string;
  text: string | null;
  imageUrl: string | null;
  content: unknown;
  menu: unknown;
}

export interface RuleTrialResult {
  /** The saved rule that would answer; null: none would, or the draft would. */
  rule: RuleView | null;
  /** The rule that would answer as it would: the saved one, or the draft. */
  answer: TrialAnswer | null;
  /** The draft would answer. */
  draft: boolean;
}

/** Saved rules are never 0 (their ids count from 1): the draft's id among them. */
const DRAFT = 0;

type Candidate = MatchableRule & { position: number; answer: TrialAnswer };

/** A draft's problems, named inside `draft` as the trial's input names them. */
async function checkedDraft(deps: ServiceDeps, caller: Principal, draft: NonNullable<RuleTrial["draft"]>) {
  try {
    return await checkedNewRule(deps, caller, draft);
  } catch (error) {
    if (!(error instanceof ServiceError) || !error.fields) throw error;
    const fields = Object.fromEntries(Object.entries(error.fields).map(([name, problem]) => [name.replace(/^([^[]+)/, "draft[$1]"), problem]));
    throw new ServiceError(error.code, error.message, fields);
  }
}

/** The saved rules in their order, with the draft in its place (the rule it edits taken out). */
async function candidatesOf(deps: ServiceDeps, caller: Principal, trial: RuleTrial): Promise<Candidate[]> {
  const saved = (await listRules(deps, caller)).filter((r) => r.enabled);
  const rules: Candidate[] = saved.map((r) => ({ ...r, answer: r }));
  if (!trial.draft) return rules;
  const replaced = trial.replaces === null ? null : await getRule(deps, caller, trial.replaces);
  const draft = await checkedDraft(deps, caller, trial.draft);
  const others = rules.filter((r) => r.id !== replaced?.id);
  if (!draft.enabled) return others;
  const position = draft.position ?? replaced?.position ?? Math.max(0, ...saved.map((r) => r.position)) + 1;
  // Same position: by age, as saved rules are; a new rule is the newest.
  const after = (r: Candidate) => r.position < position || (r.position === position && (replaced === null || r.id < replaced.id));
  const at = others.filter(after).length;
  const candidate: Candidate = { id: DRAFT, trigger: draft.trigger, value: draft.value, accountIds: draft.accountIds, position, answer: draft };
  return [...others.slice(0, at), candidate, ...others.slice(at)];
}

export async function tryRules(deps: ServiceDeps, caller: Principal, trial: RuleTrial): Promise<RuleTrialResult> {
  if (trial.accountId !== null) requireOwnNumber(caller, trial.accountId);
  const rules = await candidatesOf(deps, caller, trial);
  // Without a number named, a rule limited to some numbers is tried as if the message came to one of them.
  const compiled = compileRules(rules.map((r) => ({ id: r.id, trigger: r.trigger, value: r.value, accountIds: trial.accountId === null ? [] : r.accountIds })));
  const facts = { accountId: trial.accountId ?? 0, text: trial.text, replyId: trial.choiceId, firstMessage: trial.firstMessage, outsideHours: trial.outsideHours };
  const match = firstMatch(compiled, facts, () => false);
  const found = match ? rules.find((r) => r.id === match.id) : undefined;
  if (!found) return { rule: null, answer: null, draft: false };
  return found.id === DRAFT ? { rule: null, answer: found.answer, draft: true } : { rule: found.answer as RuleView, answer: found.answer, draft: false };
}

/** What the rule would say: its text, or a menu rule's top menu as numbered text (what every number can show). */
export function trialText(answer: TrialAnswer | null): string | null {
  const menu = answer?.action === "menu" ? storedMenu(answer.menu) : null;
  return menu ? renderMenu(menu, [], false).text : (answer?.text ?? null);
}
