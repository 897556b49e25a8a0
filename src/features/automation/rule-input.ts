import { z } from "zod";
import { accountId, httpUrl, imageUrl, messageText } from "../../core/input/send-input.js";
import { parseInput, storableText, STORABLE_TEXT_PROBLEM } from "../../core/input/validation.js";
import { TRIGGER_KINDS, type TriggerKind } from "./matching.js";
import { contentChangeOf, contentOf, ruleContentFields, ruleContentRules, type RuleContent } from "./rich/rule-content.js";
import { menuInput, toMenu, type Menu } from "./menus/menu.js";

// A rule's fields, with their rules written once: the rules service takes the typed input made
// here; over /graphql its arguments are checked by these schemas, and the REST bodies
// (rest-schemas.ts) are built from the same field rules. What needs the whole rule (a pattern
// RE2 refuses, a reply without anything to say) is checked by the service (rules.ts).

export const ACTIONS = ["reply", "handover", "bot", "menu"] as const;
export type RuleAction = (typeof ACTIONS)[number];

/** A contact is answered by a rule at most once per this long unless the rule says otherwise. */
export const DEFAULT_COOLDOWN_SECONDS = 600;
export const MAX_COOLDOWN_SECONDS = 7 * 86_400;
export const MAX_RULE_NAME = 80;
/** Numbers a rule may be limited to, as many as a tenant may reasonably hold. */
export const MAX_RULE_NUMBERS = 100;

export const ruleName = z
  .string()
  .refine(storableText, STORABLE_TEXT_PROBLEM)
  .refine((s) => s.trim().length > 0, "must not be empty")
  .refine((s) => [...s].length <= MAX_RULE_NAME, `must be at most ${MAX_RULE_NAME} characters`);
export const triggerKind = z.enum(TRIGGER_KINDS);
export const actionKind = z.enum(ACTIONS);
const triggerText = z.string().refine(storableText, STORABLE_TEXT_PROBLEM);
export const ruleNumbers = z.array(accountId).max(MAX_RULE_NUMBERS, `must name at most ${MAX_RULE_NUMBERS} numbers`);
export const cooldownSeconds = z.number().int("must be a whole number of seconds").min(0).max(MAX_COOLDOWN_SECONDS, `must be at most ${MAX_COOLDOWN_SECONDS} (7 days)`);
/** A bot's address: where to POST the contact's message (its reach is checked by the service, as a webhook's). */
export const botUrl = httpUrl;
/** How a bot rule speaks to its bot: webhook (the message POSTed, signed) or typebot (Typebot's chat API). */
export const BOT_KINDS = ["webhook", "typebot"] as const;
export type BotKind = (typeof BOT_KINDS)[number];
export const botKind = z.enum(BOT_KINDS);
export const rulePosition = z.number().int("must be an integer").min(1).max(1_000_000);

const createSchema = z.object({
  name: ruleName,
  trigger: triggerKind,
  keyword: triggerText.nullish(),
  pattern: triggerText.nullish(),
  replyId: triggerText.nullish(),
  accountIds: ruleNumbers.nullish(),
  action: actionKind,
  text: messageText.nullish(),
  imageUrl: imageUrl.nullish(),
  ...ruleContentFields,
  botUrl: botUrl.nullish(),
  botKind: botKind.nullish(),
  menu: menuInput.nullish(),
  cooldownSeconds: cooldownSeconds.nullish(),
  enabled: z.boolean().nullish(),
  position: rulePosition.nullish(),
});

const updateSchema = createSchema.partial();

/** Each trigger's value has a field of its own, named for what it is: the one its trigger takes. */
export const VALUE_FIELDS = { keyword: "keyword", pattern: "pattern", reply_id: "replyId" } as const satisfies Partial<Record<TriggerKind, string>>;
export type ValueField = (typeof VALUE_FIELDS)[keyof typeof VALUE_FIELDS];

export interface NewRule {
  name: string;
  trigger: TriggerKind;
  /** The value fields given (null: given as null). */
  values: Partial<Record<ValueField, string | null>>;
  /** null: every number the caller may use. */
  accountIds: number[] | null;
  action: RuleAction;
  text: string | null;
  imageUrl: string | null;
  /** The rich kind it sends with the text (rich/rule-content.ts). */
  content: RuleContent | null;
  botUrl: string | null;
  botKind: BotKind;
  /** A menu rule's options. */
  menu: Menu | null;
  cooldownSeconds: number;
  enabled: boolean;
  /** null: after the tenant's last rule. */
  position: number | null;
}

const valuesOf = (input: { keyword?: string | null | undefined; pattern?: string | null | undefined; replyId?: string | null | undefined }) => {
  const values: Partial<Record<ValueField, string | null>> = {};
  for (const field of Object.values(VALUE_FIELDS)) if (input[field] !== undefined) values[field] = input[field];
  return values;
};

/** A change: each field undefined stays as it is. */
export type RuleChange = { [K in keyof NewRule]?: NewRule[K] };

const newRule = (input: z.output<typeof createSchema>): NewRule => ({
  name: input.name.trim(),
  trigger: input.trigger,
  values: valuesOf(input),
  accountIds: input.accountIds ?? null,
  action: input.action,
  text: input.text ?? null,
  imageUrl: input.imageUrl ?? null,
  content: contentOf(input),
  botUrl: input.botUrl ?? null,
  botKind: input.botKind ?? "webhook",
  menu: input.menu ? toMenu(input.menu) : null,
  cooldownSeconds: input.cooldownSeconds ?? DEFAULT_COOLDOWN_SECONDS,
  enabled: input.enabled ?? true,
  position: input.position ?? null,
});

/** Fields given as null clear what may be cleared (value, text, image, numbers); a null name, trigger or action is no change. */
const ruleChange = (input: z.output<typeof updateSchema>): RuleChange => {
  const change: RuleChange = {};
  if (input.name != null) change.name = input.name.trim();
  if (input.trigger != null) change.trigger = input.trigger;
  const values = valuesOf(input);
  if (Object.keys(values).length) change.values = values;
  if (input.accountIds !== undefined) change.accountIds = input.accountIds;
  if (input.action != null) change.action = input.action;
  if (input.text !== undefined) change.text = input.text;
  if (input.imageUrl !== undefined) change.imageUrl = input.imageUrl;
  const content = contentChangeOf(input);
  if (content !== undefined) change.content = content;
  if (input.botUrl !== undefined) change.botUrl = input.botUrl;
  if (input.botKind != null) change.botKind = input.botKind;
  if (input.menu !== undefined) change.menu = input.menu ? toMenu(input.menu) : null;
  if (input.cooldownSeconds != null) change.cooldownSeconds = input.cooldownSeconds;
  if (input.enabled != null) change.enabled = input.enabled;
  if (input.position != null) change.position = input.position;
  return change;
};

/** A creation's fields checked by their rules; errors name them in GraphQL's names. */
export const parseNewRule = (raw: unknown): NewRule => newRule(parseInput(createSchema.check(ruleContentRules), raw));
export const parseRuleChange = (raw: unknown): RuleChange => ruleChange(parseInput(updateSchema, raw));
/** From a body its REST schema checked, renamed to GraphQL's names. */
export const newRuleFromRest = (checked: unknown): NewRule => newRule(checked as z.output<typeof createSchema>);
export const ruleChangeFromRest = (checked: unknown): RuleChange => ruleChange(checked as z.output<typeof updateSchema>);

/** A message to try the rules with, as the console's editor and POST /automation/rules/test send it. */
const trialSchema = z.object({
  text: z.string().refine(storableText, STORABLE_TEXT_PROBLEM).max(4096).nullish(),
  choiceId: z.string().max(256).nullish(),
  accountId: accountId.nullish(),
  firstMessage: z.boolean().nullish(),
  outsideHours: z.boolean().nullish(),
  draft: createSchema.check(ruleContentRules).nullish(),
  replaces: z.union([z.number(), z.string()]).pipe(z.coerce.number<number | string>().int().positive("must be a rule's id")).nullish(),
});

export interface RuleTrial {
  text: string | null;
  choiceId: string | null;
  /** null: the caller's first number. */
  accountId: number | null;
  firstMessage: boolean;
  outsideHours: boolean;
  /** A rule as an editor holds it, tried with the saved ones, not saved. */
  draft: NewRule | null;
  /** The saved rule the draft is an edit of: tried in its stead. */
  replaces: number | null;
}

const ruleTrial = (input: z.output<typeof trialSchema>): RuleTrial => ({
  text: input.text ?? null,
  choiceId: input.choiceId ?? null,
  accountId: input.accountId ?? null,
  firstMessage: input.firstMessage ?? false,
  outsideHours: input.outsideHours ?? false,
  draft: input.draft ? newRule(input.draft) : null,
  replaces: input.replaces ?? null,
});

export const parseRuleTrial = (raw: unknown): RuleTrial => ruleTrial(parseInput(trialSchema, raw));
export const ruleTrialFromRest = (checked: unknown): RuleTrial => ruleTrial(checked as z.output<typeof trialSchema>);
