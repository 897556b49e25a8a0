import type { ServiceDeps } from "../../core/deps.js";
import { optedOutAmong } from "../contacts/index.js";
import { nextOpening, readSendWindows } from "../campaigns/index.js";
import { queueContactReply } from "../messages/index.js";
import { compileRules, firstMatch, type CompiledRules } from "./matching.js";
import { readEnabledRules, type RuleView } from "./rule-sql.js";
import { answerQueuedSince, finishWork, handOver, readCooldowns, readMatchFacts, recordAnswer, type ClaimedWork, type MatchFacts, type Outcome } from "./work-sql.js";

// One contact's message before the tenant's rules: who may not be answered at all, which rule
// answers, and the answer, queued as any message is (charged, counted, paced, consent and the
// customer-service window checked again before it goes). docs/automation.md says it for callers.

/** The kinds whose text is the contact's own words (a caption included); a reaction's emoji is not. */
const WORDS = new Set(["text", "button", "image", "video", "document"]);

/** A tenant's rules compiled once for as long as none of them changes. */
export class CompiledRuleCache {
  private readonly byTenant = new Map<number, { signature: string; compiled: CompiledRules }>();

  of(tenantId: number, rules: readonly RuleView[]): CompiledRules {
    const signature = rules.map((r) => `${r.id}@${r.updatedAt.getTime()}`).join(",");
    const cached = this.byTenant.get(tenantId);
    if (cached?.signature === signature) return cached.compiled;
    const compiled = compileRules(rules.map((r) => ({ id: r.id, trigger: r.trigger, value: r.value, accountIds: r.accountIds })));
    // A bound: a process meeting every tenant keeps the most recent thousand.
    if (this.byTenant.size >= 1_000) this.byTenant.delete(this.byTenant.keys().next().value!);
    this.byTenant.set(tenantId, { signature, compiled });
    return compiled;
  }
}

export interface AnswerWork {
  deps: ServiceDeps;
  owner: string;
  rules: CompiledRuleCache;
}

/** Why a message is answered by no rule before any rule is read; null: rules may answer it. */
async function notToBeAnswered(deps: ServiceDeps, w: ClaimedWork, facts: MatchFacts, now: Date): Promise<Outcome | null> {
  if (facts.businessNumber) return "business_number";
  if (facts.handedOverUntil && facts.handedOverUntil > now) return "with_a_person";
  const opted = await optedOutAmong(deps, w.tenantId, [w.phone]);
  return opted.size > 0 ? "opted_out" : null;
}

/** The rule that answers the message now, if one does. */
async function matchingRule(a: AnswerWork, w: ClaimedWork, facts: MatchFacts, now: Date): Promise<RuleView | null> {
  const rules = await readEnabledRules(a.deps.db, w.tenantId);
  if (rules.length === 0) return null;
  const window = (await readSendWindows(a.deps.db, [w.tenantId])).get(w.tenantId);
  const cooldowns = await readCooldowns(a.deps.db, w.tenantId, w.phone);
  const byId = new Map(rules.map((r) => [r.id, r]));
  const cooling = (id: number) => {
    const last = cooldowns.get(id);
    return last !== undefined && last.getTime() + byId.get(id)!.cooldownSeconds * 1000 > now.getTime();
  };
  const facts_ = {
    accountId: w.accountId,
    text: WORDS.has(facts.kind) ? facts.text : null,
    replyId: facts.choiceId,
    firstMessage: facts.firstMessage,
    outsideHours: window ? nextOpening(window, facts.receivedAt).getTime() !== facts.receivedAt.getTime() : false,
  };
  const match = firstMatch(a.rules.of(w.tenantId, rules), facts_, cooling);
  return match ? byId.get(match.id)! : null;
}

/** Looks at one claimed message and answers it if a rule does; the work row records what came of it. */
export async function answerOne(a: AnswerWork, w: ClaimedWork): Promise<void> {
  const { deps, owner } = a;
  const now = deps.clock.now();
  const finish = (outcome: Outcome, ruleId: number | null = null, messageId: bigint | null = null) =>
    finishWork(deps.db, w.inboundMessageId, owner, { outcome, ruleId, messageId, now: deps.clock.now() });
  if (w.triedBefore) {
    const earlier = await answerQueuedSince(deps.db, w, w.triedBefore);
    if (earlier) return void (await finish("answered", earlier.ruleId, earlier.id));
  }
  const facts = await readMatchFacts(deps.db, w);
  if (!facts) return void (await finish("gone"));
  const refusal = await notToBeAnswered(deps, w, facts, now);
  if (refusal) return void (await finish(refusal));
  const rule = await matchingRule(a, w, facts, now);
  if (!rule) return void (await finish("no_rule"));
  await recordAnswer(deps.db, { ruleId: rule.id, tenantId: w.tenantId, phone: w.phone, now });
  if (rule.action === "handover") {
    await handOver(deps.db, { tenantId: w.tenantId, phone: w.phone, until: new Date(now.getTime() + deps.config.automation.handoverMs), ruleId: rule.id });
  }
  const says = rule.text !== null || rule.imageUrl !== null;
  const answer = { tenantId: w.tenantId, accountId: w.accountId, phone: w.phone, text: rule.text ?? "", imageUrl: rule.imageUrl, automationRuleId: rule.id };
  const message = says ? await queueContactReply(deps, answer) : null;
  if (says && !message) {
    deps.log.warn({ tenantId: w.tenantId, ruleId: rule.id }, "automated answer not sent: the monthly allowance is used up");
    return void (await finish("refused", rule.id));
  }
  deps.metrics.automatedAnswers.inc({ action: rule.action });
  await finish(rule.action === "handover" ? "handed_over" : "answered", rule.id, message?.id ?? null);
}
