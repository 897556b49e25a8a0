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

/** A menu rule's tree, its three levels written out (GraphQL has no recursive selection; menus go three deep). */
export const AutomationRuleMenuFragment = graphql(`
  fragment AutomationRuleMenu on AutomationRule {
    menu {
      text style button back timeout
      options { title description reply handover menu { text options { title description reply handover menu { text options { title description reply handover } } } } }
    }
  }
`);

/**
 * What a rule has that the editor does not show (a bot's address, a rich kind), in full: a draft of
 * it carries them, so "Try a message" sends what saving would keep (the input types mirror these).
 */
export const AutomationRuleKeptFragment = graphql(`
  fragment AutomationRuleKept on AutomationRule {
    botUrl botKind
    media { type url mimetype filename voice } location { latitude longitude name address } contacts { name phones emails organization }
    interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }
    whatsappTemplate { name language body header { type text url filename } buttons { index type value } }
  }
`);

export const AutomationRuleFieldsFragment = graphql(`
  fragment AutomationRuleFields on AutomationRule {
    id name position enabled trigger keyword pattern replyId accountIds action text imageUrl cooldownSeconds answeredToday
    ...AutomationRuleMenu
    ...AutomationRuleKept
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

/** What the saved, enabled rules (with the rule in the editor, unsaved) would do with a typed message; nothing is sent. */
export const AutomationTrialQuery = graphql(`
  query ConsoleAutomationTrial($input: AutomationTrialInput!) {
    automationTrial(input: $input) {
      rule { id name } draft text imageUrl handover
      media { type url } location { name } contacts { name } interactive { buttons { title } list { button } } whatsappTemplate { name language }
    }
  }
`);
