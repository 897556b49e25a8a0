import type { ServiceDeps } from "../../core/deps.js";
import { optedOutAmong } from "../contacts/index.js";
import { nextOpening, readSendWindows } from "../campaigns/index.js";
import { queueContactReply } from "../messages/index.js";
import type { OutboundAgent } from "../../core/http/outbound-agent.js";
import { askBot } from "./bot-bridge.js";
import { readyAnswer, ruleSaid, type Ready } from "./rich/answer-content.js";
import { askTypebot, queueReplies, ruleHoldingContact } from "./typebot/typebot.js";
import type { TypebotReply } from "./typebot/typebot-replies.js";
import { compileRules, firstMatch, type CompiledRules } from "./matching.js";
import { readEnabledRules, type RuleView } from "./rule-sql.js";
import { continueMenu, openMenu } from "./menus/menu-answer.js";
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
  botAgent: OutboundAgent;
  /** Ends a bot's call when the loop stops. */
  stop: AbortSignal;
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
  const holding = await ruleHoldingContact(a.deps, w, byId, now);
  if (holding && !cooling(holding.id)) return holding;
  const inbound = {
    accountId: w.accountId,
    text: WORDS.has(facts.kind) ? facts.text : null,
    replyId: facts.choiceId,
    firstMessage: facts.firstMessage,
    outsideHours: window ? nextOpening(window, facts.receivedAt).getTime() !== facts.receivedAt.getTime() : false,
  };
  const match = firstMatch(a.rules.of(w.tenantId, rules), inbound, cooling);
  return match ? byId.get(match.id)! : null;
}

/** What a rule does with the message: what it says (if anything), whether a person takes over, and how that is recorded. */
interface Plan {
  says: Ready | null;
  handover: boolean;
  outcome: Outcome;
  /** A Typebot's answer: its messages, in its order (`says` is then null). */
  replies?: TypebotReply[];
}

/** The rule's own answer, ready to go; nothing, recorded `unsendable`, when its content cannot go from the number written to. */
async function ownPlan(deps: ServiceDeps, w: ClaimedWork, rule: RuleView, handover: boolean, outcome: Outcome): Promise<Plan> {
  const said = ruleSaid(rule);
  const ready = said && (await readyAnswer(deps, w, said));
  if (ready && "problem" in ready) {
    deps.log.warn({ tenantId: w.tenantId, ruleId: rule.id, accountId: w.accountId, problem: ready.problem }, "a rule's answer cannot be sent from this number; nothing is sent");
    return { says: null, handover, outcome: "unsendable" };
  }
  return { says: ready?.ready ?? null, handover, outcome };
}

/** The plan of a reply or handover rule, or what its bot answered (its own text standing in for a bot that failed). */
async function planOf(a: AnswerWork, w: ClaimedWork, facts: MatchFacts, rule: RuleView): Promise<Plan> {
  if (rule.action !== "bot") return ownPlan(a.deps, w, rule, rule.action === "handover", rule.action === "handover" ? "handed_over" : "answered");
  if (rule.botKind === "typebot") return typebotPlan(a, w, facts, rule);
  const bot = await a.deps.db.automationRule.findUnique({ where: { id: rule.id }, select: { botUrl: true, botSecret: true } });
  if (!bot?.botUrl || !bot.botSecret) return ownPlan(a.deps, w, rule, false, "bot_failed");
  const question = { eventId: `evt_bot_${w.inboundMessageId}`, ruleId: rule.id, accountId: w.accountId, from: w.phone, inboundMessageId: w.inboundMessageId, ...facts };
  const answer = await askBot(a.botAgent, a.deps.config, { url: bot.botUrl, secret: bot.botSecret }, question, a.stop);
  if (!answer.ok) {
    a.deps.log.warn({ tenantId: w.tenantId, ruleId: rule.id, error: answer.error }, "a rule's bot did not answer; its own text stands in");
    return ownPlan(a.deps, w, rule, false, "bot_failed");
  }
  // An answer that cannot be sent from this number (a link leading inward, a kind its channel does not carry) is a failed bot's.
  const ready = answer.reply && (await readyAnswer(a.deps, w, answer.reply));
  if (ready && "problem" in ready) {
    a.deps.log.warn({ tenantId: w.tenantId, ruleId: rule.id, problem: ready.problem }, "a rule's bot answered what cannot be sent; its own text stands in");
    return ownPlan(a.deps, w, rule, false, "bot_failed");
  }
  const says = ready?.ready ?? null;
  return { says, handover: answer.handover, outcome: answer.handover ? "handed_over" : says ? "answered" : "bot_silent" };
}

/** What the rule's Typebot answered this turn (typebot/typebot.ts), or its own text when the Typebot failed. */
async function typebotPlan(a: AnswerWork, w: ClaimedWork, facts: MatchFacts, rule: RuleView): Promise<Plan> {
  const q = { ...w, ruleId: rule.id, botUrl: rule.botUrl ?? "", text: WORDS.has(facts.kind) ? facts.text : null, choiceId: facts.choiceId };
  const turn = await askTypebot({ deps: a.deps, agent: a.botAgent, stop: a.stop }, q);
  if (!turn.ok) {
    a.deps.log.warn({ tenantId: w.tenantId, ruleId: rule.id, error: turn.error }, "a rule's Typebot did not answer; its own text stands in");
    return ownPlan(a.deps, w, rule, false, "bot_failed");
  }
  return { says: null, replies: turn.replies, handover: false, outcome: turn.replies.length > 0 ? "answered" : "bot_silent" };
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
  const step = await continueMenu(deps, w, { text: WORDS.has(facts.kind) ? facts.text : null, choiceId: facts.choiceId }, now);
  if (step) return void (await finish(step.outcome, step.ruleId, step.messageId));
  const rule = await matchingRule(a, w, facts, now);
  if (!rule) return void (await finish("no_rule"));
  await recordAnswer(deps.db, { ruleId: rule.id, tenantId: w.tenantId, phone: w.phone, now });
  if (rule.action === "menu") {
    const opened = await openMenu(deps, w, rule, now);
    if (opened.messageId !== null) deps.metrics.automatedAnswers.inc({ action: "menu" });
    return void (await finish(opened.outcome, rule.id, opened.messageId));
  }
  const plan = await planOf(a, w, facts, rule);
  if (plan.handover) {
    await handOver(deps.db, { tenantId: w.tenantId, phone: w.phone, until: new Date(now.getTime() + deps.config.automation.handoverMs), ruleId: rule.id });
  }
  if (plan.outcome === "unsendable") return void (await finish("unsendable", rule.id));
  const answer = plan.says && {
    tenantId: w.tenantId,
    accountId: w.accountId,
    phone: w.phone,
    text: plan.says.message,
    imageUrl: plan.says.imageUrl,
    content: plan.says.content,
    automationRuleId: rule.id,
  };
  const to = { tenantId: w.tenantId, accountId: w.accountId, phone: w.phone, automationRuleId: rule.id };
  const message = answer ? await queueContactReply(deps, answer) : plan.replies?.length ? await queueReplies(deps, to, plan.replies) : null;
  if ((answer || plan.replies?.length) && !message) {
    deps.log.warn({ tenantId: w.tenantId, ruleId: rule.id }, "automated answer not sent: the monthly allowance is used up");
    return void (await finish("refused", rule.id));
  }
  deps.metrics.automatedAnswers.inc({ action: rule.action });
  await finish(plan.outcome, rule.id, message?.id ?? null);
}
