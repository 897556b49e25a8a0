import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind the REST facade's automation routes (rest.ts): each
// route runs exactly one, all selecting a rule's fields through one fragment.

// A rule's content kind, every field of each (rich/rest-content.ts reads them back as given).
export const RuleContentFragment = graphql(`
  fragment RestRuleContentFields on AutomationRule {
    media { type url filename mimetype voice }
    location { latitude longitude name address }
    contacts { name phones emails organization }
    interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }
    whatsappTemplate { name language header { type text url filename } body buttons { index type value } }
  }
`);

export const RuleFieldsFragment = graphql(`
  fragment RestAutomationRuleFields on AutomationRule {
    id name position enabled trigger keyword pattern replyId accountIds action text imageUrl ...RestRuleContentFields botUrl botKind menu { ...RestAutomationMenuFields } cooldownSeconds createdAt updatedAt
  }
`);

export const RulesOperation = graphql(`
  query RestAutomationRules {
    automationRules { ...RestAutomationRuleFields }
  }
`);

export const RuleOperation = graphql(`
  query RestAutomationRule($id: ID!) {
    automationRule(id: $id) { ...RestAutomationRuleFields }
  }
`);

export const CreateRuleOperation = graphql(`
  mutation RestCreateAutomationRule($input: CreateAutomationRuleInput!) {
    createAutomationRule(input: $input) { rule { ...RestAutomationRuleFields } botSecret }
  }
`);

export const UpdateRuleOperation = graphql(`
  mutation RestUpdateAutomationRule($id: ID!, $input: UpdateAutomationRuleInput!) {
    updateAutomationRule(id: $id, input: $input) { rule { ...RestAutomationRuleFields } botSecret }
  }
`);

export const DeleteRuleOperation = graphql(`
  mutation RestDeleteAutomationRule($id: ID!) {
    deleteAutomationRule(id: $id) { rule { ...RestAutomationRuleFields } }
  }
`);

export const TrialOperation = graphql(`
  query RestAutomationTrial($input: AutomationTrialInput!) {
    automationTrial(input: $input) {
      rule { ...RestAutomationRuleFields } draft text imageUrl handover
      media { type url filename mimetype voice }
      location { latitude longitude name address }
      contacts { name phones emails organization }
      interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }
      whatsappTemplate { name language header { type text url filename } body buttons { index type value } }
    }
  }
`);
