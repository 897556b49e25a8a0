import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { requireOwnNumber } from "../../core/auth/number-scope.js";
import { compileRules, firstMatch } from "./matching.js";
import type { RuleTrial } from "./rule-input.js";
import { listRules, type RuleView } from "./rules.js";

// The console's "try it" before a rule is trusted with contacts: which of the caller's enabled
// rules would answer a typed message, by the same matcher the answering loop uses. Nothing is
// sent, charged or recorded, and cooldowns are left out (a trial asks what the rules say).

export interface RuleTrialResult {
  rule: RuleView | null;
}

export async function tryRules(deps: ServiceDeps, caller: Principal, trial: RuleTrial): Promise<RuleTrialResult> {
  if (trial.accountId !== null) requireOwnNumber(caller, trial.accountId);
  const rules = (await listRules(deps, caller)).filter((r) => r.enabled);
  // Without a number named, a rule limited to some numbers is tried as if the message came to one of them.
  const compiled = compileRules(rules.map((r) => ({ id: r.id, trigger: r.trigger, value: r.value, accountIds: trial.accountId === null ? [] : r.accountIds })));
  const facts = { accountId: trial.accountId ?? 0, text: trial.text, replyId: trial.choiceId, firstMessage: trial.firstMessage, outsideHours: trial.outsideHours };
  const match = firstMatch(compiled, facts, () => false);
  return { rule: match ? (rules.find((r) => r.id === match.id) ?? null) : null };
}
