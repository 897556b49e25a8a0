import { keyHint, vars, type GraphiQLTab } from "./graphiql-tab.js";

/** The Automation tab: rules that answer contacts without a person, tried on a typed message. */
export const automationTab: GraphiQLTab = {
  query: `${keyHint}
# Automation (docs/automation.md): ordered rules, each a trigger and an action; the first that
# applies answers a contact's message, at most once per contact per cooldown. Needs the scope
# automation:manage. Make one, try a message on your rules, change it, delete it.
mutation CreateAutomationRule {
  createAutomationRule(input: { name: "Prices", trigger: keyword, keyword: "السعر", action: reply, text: "Our prices: https://example.com/prices" }) {
    rule { id name position trigger keyword action text cooldownSeconds }
    botSecret
  }
}

query AutomationRules {
  automationRules { id name position enabled trigger keyword pattern replyId action text answeredToday }
}

query AutomationRule($ruleId: ID!) {
  automationRule(id: $ruleId) { id name accountIds updatedAt }
}

query TryAutomationRules {
  automationTrial(input: { text: "كم السِّعر؟" }) { rule { id name } text imageUrl handover }
}

mutation UpdateAutomationRule($ruleId: ID!) {
  updateAutomationRule(id: $ruleId, input: { cooldownSeconds: 3600, enabled: true }) { rule { id cooldownSeconds enabled } }
}

mutation DeleteAutomationRule($ruleId: ID!) {
  deleteAutomationRule(id: $ruleId) { rule { id name } }
}
`,
  variables: vars({ ruleId: "1" }),
};
