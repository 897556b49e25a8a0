import { builder } from "../../core/graphql/builder.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import { TRIGGER_KINDS } from "./matching.js";
import { ACTIONS, BOT_KINDS, parseNewRule, parseRuleChange, parseRuleTrial } from "./rule-input.js";
import { createRule, deleteRule, getRule, listRules, updateRule, type RuleView } from "./rules.js";
import { trialText, tryRules, type RuleTrialResult } from "./trial.js";
import type { ServiceDeps } from "../../core/deps.js";
import { answersSince, lookAt } from "./work-sql.js";
import { MenuInput, MenuRef, menuOf } from "./menus/graphql-menu.js";
import { replyContentFields, replyContentInputFields } from "../messages/graphql.js";
import { storedRuleContent } from "./rich/rule-content.js";

const TriggerEnum = builder.enumType("AutomationTrigger", {
  description: "What makes a rule answer (docs/automation.md).",
  values: TRIGGER_KINDS,
});
const ActionEnum = builder.enumType("AutomationAction", { values: ACTIONS });
const BotKindEnum = builder.enumType("AutomationBotKind", {
  description: "How a bot rule speaks to its bot: webhook (the message POSTed, signed) or typebot (Typebot's chat API; botUrl is its startChat URL).",
  values: BOT_KINDS,
});

const RuleRef = builder.objectRef<RuleView>("AutomationRule").implement({
  description: "A rule that answers contacts' messages without a person; the first that applies answers.",
  fields: (t) => ({
    id: t.id({ resolve: (r) => String(r.id) }),
    name: t.exposeString("name"),
    position: t.exposeInt("position", { description: "Rules are tried by position, then by age." }),
    enabled: t.exposeBoolean("enabled"),
    trigger: t.field({ type: TriggerEnum, resolve: (r) => r.trigger }),
    keyword: t.string({ nullable: true, resolve: (r) => (r.trigger === "keyword" ? r.value : null) }),
    pattern: t.string({ nullable: true, resolve: (r) => (r.trigger === "pattern" ? r.value : null) }),
    replyId: t.string({ nullable: true, resolve: (r) => (r.trigger === "reply_id" ? r.value : null) }),
    accountIds: t.exposeIntList("accountIds", { description: "The numbers whose messages it answers; empty: all." }),
    action: t.field({ type: ActionEnum, resolve: (r) => r.action }),
    text: t.exposeString("text", { nullable: true }),
    imageUrl: t.exposeString("imageUrl", { nullable: true }),
    ...replyContentFields(t, (r) => storedRuleContent(r.content)),
    botUrl: t.exposeString("botUrl", { nullable: true, description: "A bot rule's address, which the contact's message is POSTed to." }),
    menu: t.field({ type: MenuRef, nullable: true, description: "A menu rule's menu.", resolve: (r) => menuOf(r.menu) }),
    botKind: t.field({ type: BotKindEnum, description: "How a bot rule speaks to its bot (webhook for the other actions).", resolve: (r) => r.botKind }),
    cooldownSeconds: t.exposeInt("cooldownSeconds", { description: "A contact is answered by it at most once per this many seconds." }),
    answeredToday: t.int({
      description: "Contacts' messages it answered or handed over since the start of today in the service's time zone.",
      resolve: async (r, _, ctx) => (await answeredToday(ctx, (await ctx.principal()).tenantId)).get(r.id) ?? 0,
    }),
    createdAt: t.string({ resolve: (r, _, ctx) => ctx.deps.clock.timestamp(r.createdAt) }),
    updatedAt: t.string({ resolve: (r, _, ctx) => ctx.deps.clock.timestamp(r.updatedAt) }),
  }),
});

const ruleFields = (t: Parameters<Parameters<typeof builder.inputType>[1]["fields"]>[0], required: boolean) => ({
  name: t.string({ required, description: `1 to 80 characters.` }),
  trigger: t.field({ type: TriggerEnum, required }),
  keyword: t.string({ description: "For `keyword`: a word or phrase, matched as whole words in the message, Arabic spellings unified." }),
  pattern: t.string({ description: "For `pattern`: an RE2 regular expression (at most 200 characters), matched anywhere in the message, case-insensitive." }),
  replyId: t.string({ description: "For `reply_id`: the id of the button or list row the contact chose." }),
  accountIds: t.intList({ description: "Answer only messages to these numbers; omitted or empty: all of yours." }),
  action: t.field({ type: ActionEnum, required }),
  text: t.string({ description: "What it sends (a handover: what it says first, if anything)." }),
  imageUrl: t.string({ description: "An image it sends, with the text as its caption." }),
  // One rich kind at most, as sendMessage takes it, the text its body or caption; not with imageUrl.
  ...replyContentInputFields(t),
  botUrl: t.string({ description: "For the action `bot`: where the contact's message is POSTed, signed; the bot's answer is sent (docs/automation.md)." }),
  menu: t.field({ type: MenuInput, description: "For the action `menu`: the menu it opens (docs/automation.md, Menus)." }),
  botKind: t.field({ type: BotKindEnum, description: "For the action `bot`: `webhook` (default) or `typebot`, whose botUrl is the bot's startChat URL." }),
  cooldownSeconds: t.int({ description: "0 to 604800; default 600." }),
  enabled: t.boolean({ description: "Default true." }),
  position: t.int({ description: "Its place in the order; default: after the last." }),
});

const CreateRuleInput = builder.inputType("CreateAutomationRuleInput", { fields: (t) => ruleFields(t, true) });
const UpdateRuleInput = builder.inputType("UpdateAutomationRuleInput", { fields: (t) => ruleFields(t, false) });
const TrialInput = builder.inputType("AutomationTrialInput", {
  fields: (t) => ({
    text: t.string({ description: "The message's words." }),
    choiceId: t.string({ description: "The id of a button or list row chosen." }),
    accountId: t.int({ description: "The number it is sent to; omitted: any." }),
    firstMessage: t.boolean({ description: "As the contact's first message (default false)." }),
    outsideHours: t.boolean({ description: "As if the send window were closed (default false)." }),
    draft: t.field({
      type: CreateRuleInput,
      description: "A rule as an editor holds it, tried in its place among the saved ones without being saved; its problems are named inside `draft`.",
    }),
    replaces: t.id({ description: "The saved rule the draft is an edit of: tried in its stead." }),
  }),
});

const TrialRef = builder.objectRef<RuleTrialResult>("AutomationTrial").implement({
  description: "What the rules would do with a message, now: nothing is sent or recorded.",
  fields: (t) => ({
    rule: t.field({ type: RuleRef, nullable: true, description: "The saved rule that would answer; null: none would, or the draft would.", resolve: (r) => r.rule }),
    draft: t.boolean({ description: "The draft tried with the saved rules is what would answer.", resolve: (r) => r.draft }),
    text: t.string({ nullable: true, description: "What it would say; a menu rule: its top menu as numbered text.", resolve: (r) => trialText(r.answer) }),
    imageUrl: t.string({ nullable: true, resolve: (r) => r.answer?.imageUrl ?? null }),
    ...replyContentFields(t, (r) => storedRuleContent(r.answer?.content ?? null)),
    handover: t.boolean({ description: "The contact would be handed to a person.", resolve: (r) => r.answer?.action === "handover" }),
  }),
});

/** Today's counts of the caller's rules, read once per request however many rules are listed. */
const todayCounts = new WeakMap<object, Promise<Map<number, number>>>();
function answeredToday(ctx: { deps: ServiceDeps }, tenantId: number): Promise<Map<number, number>> {
  let counts = todayCounts.get(ctx);
  if (!counts) {
    const now = ctx.deps.clock.now();
    counts = answersSince(ctx.deps.db, tenantId, ctx.deps.clock.startOfNextDay(new Date(now.getTime() - 86_400_000)));
    todayCounts.set(ctx, counts);
  }
  return counts;
}

/** What the rules made of one of a contact's messages. */
export const AutomationLookRef = builder.objectRef<NonNullable<Awaited<ReturnType<typeof lookAt>>>>("AutomationLook").implement({
  description: "What the automation rules made of a contact's message (docs/automation.md, How it runs).",
  fields: (t) => ({
    done: t.boolean({ resolve: (w) => w.status === "done" }),
    outcome: t.exposeString("outcome", {
      nullable: true,
      description: "answered, handed_over, no_rule, opted_out, business_number, with_a_person, bot_failed, bot_silent, unsendable, refused or gone; null while it waits.",
    }),
    ruleId: t.exposeInt("ruleId", { nullable: true, description: "The rule that answered." }),
    messageId: t.id({ nullable: true, description: "The answer it sent.", resolve: (w) => (w.messageId === null ? null : String(w.messageId)) }),
  }),
});

const RulePayload = builder.simpleObject("AutomationRulePayload", {
  fields: (t) => ({
    rule: t.field({ type: RuleRef }),
    botSecret: t.string({ nullable: true, description: "The secret a bot rule's requests are signed with: given once, when the rule becomes a bot." }),
  }),
});
const scope = { scope: "automation:manage" } as const;
const idOf = (raw: string | number) => (/^\d{1,9}$/.test(String(raw)) ? Number(raw) : 0);

builder.queryFields((t) => ({
  automationRules: t.field({
    authScopes: scope,
    type: [RuleRef],
    description: "Your automation rules, in the order they are tried.",
    resolve: async (_, __, ctx) => listRules(ctx.deps, await ctx.principal()),
  }),
  automationRule: t.field({
    authScopes: scope,
    type: RuleRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, args, ctx) => getRule(ctx.deps, await ctx.principal(), idOf(args.id)),
  }),
  automationTrial: t.field({
    authScopes: scope,
    type: TrialRef,
    description: "Which of your enabled rules would answer a message, and with what; cooldowns are not counted.",
    args: { input: t.arg({ type: TrialInput, required: true }) },
    resolve: async (_, { input }, ctx) => tryRules(ctx.deps, await ctx.principal(), checkedInput(ctx, parseRuleTrial, input)),
  }),
}));

builder.mutationFields((t) => ({
  createAutomationRule: t.field({
    authScopes: scope,
    type: RulePayload,
    description: "Adds a rule (at most 200).",
    args: { input: t.arg({ type: CreateRuleInput, required: true }) },
    resolve: async (_, { input }, ctx) => createRule(ctx.deps, await ctx.principal(), checkedInput(ctx, parseNewRule, input)),
  }),
  updateAutomationRule: t.field({
    authScopes: scope,
    type: RulePayload,
    description: "Changes a rule; fields left out stay as they are.",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateRuleInput, required: true }) },
    resolve: async (_, args, ctx) => updateRule(ctx.deps, await ctx.principal(), idOf(args.id), checkedInput(ctx, parseRuleChange, args.input)),
  }),
  deleteAutomationRule: t.field({
    authScopes: scope,
    type: RulePayload,
    description: "Deletes a rule; the messages it sent keep its id.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, args, ctx) => ({ rule: await deleteRule(ctx.deps, await ctx.principal(), idOf(args.id)), botSecret: null }),
  }),
}));
