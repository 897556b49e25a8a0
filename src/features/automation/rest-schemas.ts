import { z } from "zod";
import { imageUrl, messageText } from "../../core/input/send-input.js";
import { timestamp } from "../../core/rest/schemas.js";
import { accountId } from "../../core/input/send-input.js";
import { restRuleContentBody, restRuleContentShape } from "./rich/rest-content.js";
import { restRuleContentRules } from "./rich/rule-content.js";
import { restMenuBody, restMenuShape } from "./menus/menu-rest.js";
import { actionKind, botKind, botUrl, cooldownSeconds, ruleName, ruleNumbers, rulePosition, triggerKind } from "./rule-input.js";

// The automation routes' bodies and answers (see core/rest/schemas.ts for how they are used). The
// fields and their rules are the service's own (rule-input.ts); what needs the whole rule (a
// pattern RE2 refuses, a value its trigger does not take) is said by the service.

const trigger = triggerKind.meta({
  id: "AutomationTrigger",
  description:
    "keyword: `keyword` as whole words in the message; pattern: the RE2 `pattern` found in it; first_message: the contact's first message; outside_hours: sent while the send window is closed; reply_id: the button or list row `reply_id` chosen; fallback: any message.",
});
const action = actionKind.meta({
  id: "AutomationAction",
  description:
    "reply: send `message`; handover: put the contact in a person's hands (saying `message` first, if given); bot: POST the message to `bot_url` and send its answer (`message` when it fails).",
});
const kind = botKind.meta({
  id: "AutomationBotKind",
  description: "How a bot rule speaks to its bot: webhook (the message POSTed to `bot_url`, signed) or typebot (Typebot's chat API; `bot_url` is the bot's startChat URL).",
});
const value = (what: string) => z.string().nullable().optional().meta({ description: what });

const ruleBody = {
  name: ruleName.meta({ description: "1 to 80 characters.", examples: ["Prices"] }),
  trigger,
  keyword: value("For trigger keyword: a word or phrase (at most 100 characters); Arabic spellings, diacritics and digits are unified."),
  pattern: value("For trigger pattern: an RE2 regular expression (at most 200 characters), case-insensitive."),
  reply_id: value("For trigger reply_id: the id of the button or list row."),
  account_ids: ruleNumbers.nullable().optional().meta({ description: "Answer only messages to these numbers; omitted or empty: all of yours." }),
  action,
  message: messageText.nullable().optional().meta({ description: "What it sends (with an image or media: the caption; with buttons or a list: the body)." }),
  image_url: imageUrl.nullable().optional(),
  ...restRuleContentBody,
  bot_url: botUrl.nullable().optional().meta({ description: "For action bot: your bot's address (public, as a webhook's); the message is POSTed there, signed." }),
  bot_kind: kind.optional(),
  menu: restMenuBody,
  cooldown_seconds: cooldownSeconds.optional().meta({ description: "A contact is answered by the rule at most once per this many seconds (default 600)." }),
  enabled: z.boolean().optional().meta({ description: "Default true." }),
  position: rulePosition.optional().meta({ description: "Its place in the order (rules are tried by position, then by age); default: after the last." }),
};

export const ruleCreateBody = z.strictObject(ruleBody).check(restRuleContentRules).meta({ id: "CreateAutomationRuleRequest" });
export const ruleUpdateBody = z
  .strictObject({ ...ruleBody, name: ruleBody.name.optional(), trigger: trigger.optional(), action: action.optional() })
  .meta({ id: "UpdateAutomationRuleRequest" });

export const ruleTrialBody = z
  .strictObject({
    message: z.string().max(4096).nullable().optional().meta({ description: "The message's words." }),
    reply_id: z.string().max(256).nullable().optional().meta({ description: "The id of a button or list row chosen." }),
    account_id: accountId.nullable().optional().meta({ description: "The number it is sent to; omitted: any." }),
    first_message: z.boolean().optional().meta({ description: "As the contact's first message." }),
    outside_hours: z.boolean().optional().meta({ description: "As if the send window were closed." }),
    draft: ruleCreateBody
      .optional()
      .meta({ description: "A rule as the body of POST /automation/rules, tried in its place among your saved rules without being saved; its problems are named inside `draft`." }),
    replaces: z.number().int().positive().optional().meta({ description: "The id of the saved rule the draft is an edit of: tried in its stead." }),
  })
  .meta({ id: "AutomationTrialRequest" });

export const ruleShape = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    position: z.number().int(),
    enabled: z.boolean(),
    trigger,
    keyword: z.string().nullable(),
    pattern: z.string().nullable(),
    reply_id: z.string().nullable(),
    account_ids: z.array(z.number().int()),
    action,
    message: z.string().nullable(),
    image_url: z.string().nullable(),
    ...restRuleContentShape,
    bot_url: z.string().nullable(),
    bot_kind: kind,
    menu: restMenuShape,
    cooldown_seconds: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "AutomationRule" });

export const rulesResponse = z.object({ rules: z.array(ruleShape).meta({ description: "In the order they are tried." }) }).meta({ id: "AutomationRules" });
export const ruleResponse = z
  .object({
    success: z.literal(true),
    rule: ruleShape,
    bot_secret: z.string().optional().meta({ description: "When the rule has just become a bot: the secret its requests are signed with, shown this once." }),
  })
  .meta({ id: "AutomationRuleResponse" });
export const trialResponse = z
  .object({
    rule: ruleShape.nullable().meta({ description: "The rule that would answer; null: none would." }),
    message: z.string().nullable(),
    image_url: z.string().nullable(),
    ...restRuleContentShape,
    handover: z.boolean(),
    draft: z.boolean().meta({ description: "The draft is what would answer (`rule` is then null)." }),
  })
  .meta({ id: "AutomationTrial" });
