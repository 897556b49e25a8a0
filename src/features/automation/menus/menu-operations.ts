import { graphql } from "../../../gql/index.js";

// A menu rule's menu as the REST facade selects it: the tree to its deepest level (menu.ts,
// MAX_MENU_DEPTH), each level's options through one fragment.

export const MenuOptionFieldsFragment = graphql(`
  fragment RestAutomationMenuOptionFields on AutomationMenuOption {
    title description reply handover
  }
`);

export const MenuFieldsFragment = graphql(`
  fragment RestAutomationMenuFields on AutomationMenu {
    text style button back timeout
    options {
      ...RestAutomationMenuOptionFields
      menu {
        text
        options {
          ...RestAutomationMenuOptionFields
          menu { text options { ...RestAutomationMenuOptionFields } }
        }
      }
    }
  }
`);
