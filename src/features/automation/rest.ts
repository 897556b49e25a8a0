import type { z } from "zod";
import type { RestAutomationRuleFieldsFragment } from "../../gql/graphql.js";
import { renamed, route } from "../../core/rest/route.js";
import * as shapes from "./rest-schemas.js";
import { restMenu } from "./menus/menu-rest.js";
import { restRuleContent, restRuleContentNames } from "./rich/rest-content.js";
import { newRuleFromRest, ruleChangeFromRest, ruleTrialFromRest } from "./rule-input.js";
import { CreateRuleOperation, DeleteRuleOperation, RuleOperation, RulesOperation, TrialOperation, UpdateRuleOperation } from "./operations.js";

// Automation rules on the REST facade, over the same GraphQL operations as /graphql
// (docs/automation.md). A change is a PUT of the fields to change, as for templates.

const ruleFields = {
  name: "name",
  trigger: "trigger",
  keyword: "keyword",
  pattern: "pattern",
  reply_id: "replyId",
  account_ids: "accountIds",
  action: "action",
  message: "text",
  image_url: "imageUrl",
  ...restRuleContentNames,
  bot_url: "botUrl",
  bot_kind: "botKind",
  menu: "menu",
  cooldown_seconds: "cooldownSeconds",
  enabled: "enabled",
  position: "position",
};
const trialFields = { message: "text", reply_id: "choiceId", account_id: "accountId", first_message: "firstMessage", outside_hours: "outsideHours", replaces: "replaces" };

const rule = (r: RestAutomationRuleFieldsFragment): z.input<typeof shapes.ruleShape> => ({
  id: Number(r.id),
  name: r.name,
  position: r.position,
  enabled: r.enabled,
  trigger: r.trigger,
  keyword: r.keyword ?? null,
  pattern: r.pattern ?? null,
  reply_id: r.replyId ?? null,
  account_ids: r.accountIds,
  action: r.action,
  message: r.text ?? null,
  image_url: r.imageUrl ?? null,
  ...restRuleContent(r),
  bot_url: r.botUrl ?? null,
  bot_kind: r.botKind,
  menu: restMenu(r.menu),
  cooldown_seconds: r.cooldownSeconds,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

const tag = "Automation";
const byId = /^\/automation\/rules\/([^/]+)$/;

export const automationRoutes = [
  route({
    method: "GET",
    path: /^\/automation\/rules$/,
    doc: { path: "/automation/rules", operationId: "listAutomationRules", summary: "Your automation rules, in the order they are tried", tag, errors: [] },
    answer: shapes.rulesResponse,
    operation: RulesOperation,
    variables: () => ({}),
    respond: ({ automationRules }) => ({ rules: automationRules.map(rule) }),
  }),
  route({
    method: "POST",
    path: /^\/automation\/rules$/,
    doc: {
      path: "/automation/rules",
      operationId: "createAutomationRule",
      summary: "Add an automation rule",
      description: "At most 200 rules. A pattern RE2 cannot take, or one over 200 characters, is refused with 422 naming `pattern`.",
      tag,
      body: shapes.ruleCreateBody,
      errors: [],
    },
    answer: shapes.ruleResponse,
    operation: CreateRuleOperation,
    variables: (_, body) => ({ input: renamed(body, ruleFields) as never }),
    checked: ({ input }) => newRuleFromRest(input),
    respond: ({ createAutomationRule: c }) => ({ success: true as const, rule: rule(c.rule), ...(c.botSecret ? { bot_secret: c.botSecret } : {}) }),
  }),
  route({
    method: "POST",
    path: /^\/automation\/rules\/test$/,
    doc: {
      path: "/automation/rules/test",
      operationId: "testAutomationRules",
      summary: "Which rule would answer a message",
      description: "Runs your enabled rules on a message you type, as they would run on a contact's; nothing is sent or recorded, and cooldowns are not counted.",
      tag,
      body: shapes.ruleTrialBody,
      errors: [],
    },
    answer: shapes.trialResponse,
    operation: TrialOperation,
    variables: (_, body) => ({ input: { ...renamed(body, trialFields), draft: body.draft ? renamed(body.draft as Record<string, unknown>, ruleFields) : undefined } as never }),
    checked: ({ input }) => ruleTrialFromRest(input),
    respond: ({ automationTrial: t }) => ({
      rule: t.rule ? rule(t.rule) : null,
      message: t.text ?? null,
      image_url: t.imageUrl ?? null,
      ...restRuleContent(t),
      handover: t.handover,
      draft: t.draft,
    }),
  }),
  route({
    method: "GET",
    path: byId,
    doc: { path: "/automation/rules/{id}", operationId: "getAutomationRule", summary: "One automation rule", tag, errors: ["NOT_FOUND"] },
    answer: shapes.ruleResponse,
    operation: RuleOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ automationRule: r }) => ({ success: true as const, rule: rule(r) }),
  }),
  route({
    method: "PUT",
    path: byId,
    doc: {
      path: "/automation/rules/{id}",
      operationId: "updateAutomationRule",
      summary: "Change an automation rule",
      description: "Fields left out are unchanged; `null` clears the message, the image or the numbers. A new trigger takes its own value field.",
      tag,
      body: shapes.ruleUpdateBody,
      errors: ["NOT_FOUND"],
    },
    answer: shapes.ruleResponse,
    operation: UpdateRuleOperation,
    variables: ([id], body) => ({ id: id ?? "", input: renamed(body, ruleFields) as never }),
    checked: ({ input }) => ruleChangeFromRest(input),
    respond: ({ updateAutomationRule: u }) => ({ success: true as const, rule: rule(u.rule), ...(u.botSecret ? { bot_secret: u.botSecret } : {}) }),
  }),
  route({
    method: "DELETE",
    path: byId,
    doc: { path: "/automation/rules/{id}", operationId: "deleteAutomationRule", summary: "Delete an automation rule", tag, errors: ["NOT_FOUND"] },
    answer: shapes.ruleResponse,
    operation: DeleteRuleOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ deleteAutomationRule: d }) => ({ success: true as const, rule: rule(d.rule) }),
  }),
];
