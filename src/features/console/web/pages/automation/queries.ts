import { graphql } from "../../gql/index.js";

// The GraphQL documents of the Automation page; codegen.ts types them into ../../gql/ like the
// others. The numbers a rule may be limited to come from queries.ts's NumbersQuery, read only when
// the session may read numbers (accounts:read), so the page itself needs automation:manage alone.

/** What the page shows of a rule's rich kind (rule-content.tsx). */
export const AutomationRuleContentFragment = graphql(`
  fragment AutomationRuleContent on AutomationRule {
    media { type url } location { name } contacts { name } interactive { buttons { title } list { button } } whatsappTemplate { name language }
  }
`);

export const AutomationRuleFieldsFragment = graphql(`
  fragment AutomationRuleFields on AutomationRule {
    id name position enabled trigger keyword pattern replyId accountIds action text imageUrl cooldownSeconds
    ...AutomationRuleContent
  }
`);

/** The tenant's rules, in the order they are tried. */
export const AutomationRulesQuery = graphql(`
  query ConsoleAutomationRules {
    automationRules { ...AutomationRuleFields }
  }
`);

export const CreateAutomationRuleMutation = graphql(`
  mutation ConsoleCreateAutomationRule($input: CreateAutomationRuleInput!) {
    createAutomationRule(input: $input) { rule { ...AutomationRuleFields } }
  }
`);

export const UpdateAutomationRuleMutation = graphql(`
  mutation ConsoleUpdateAutomationRule($id: ID!, $input: UpdateAutomationRuleInput!) {
    updateAutomationRule(id: $id, input: $input) { rule { ...AutomationRuleFields } }
  }
`);

export const DeleteAutomationRuleMutation = graphql(`
  mutation ConsoleDeleteAutomationRule($id: ID!) {
    deleteAutomationRule(id: $id) { rule { id name } }
  }
`);

/** What the saved, enabled rules would do with a typed message; nothing is sent. */
export const AutomationTrialQuery = graphql(`
  query ConsoleAutomationTrial($input: AutomationTrialInput!) {
    automationTrial(input: $input) {
      rule { id name } text imageUrl handover
      media { type url } location { name } contacts { name } interactive { buttons { title } list { button } } whatsappTemplate { name language }
    }
  }
`);
