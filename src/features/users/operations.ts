import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind this feature's REST routes: each route runs exactly one.

export const UsersOperation = graphql(`
  query RestUsers {
    users { id email role state twoFactor createdAt lastSignInAt disabledAt }
  }
`);

export const InviteUserOperation = graphql(`
  mutation RestInviteUser($input: InviteUserInput!) {
    inviteUser(input: $input) {
      link
      linkExpiresAt
      user { id email role state twoFactor createdAt lastSignInAt disabledAt }
    }
  }
`);

export const SetUserRoleOperation = graphql(`
  mutation RestSetUserRole($id: ID!, $role: StaffRole!) {
    setUserRole(id: $id, role: $role) { user { id email role state twoFactor createdAt lastSignInAt disabledAt } }
  }
`);

export const SetUserDisabledOperation = graphql(`
  mutation RestSetUserDisabled($id: ID!, $disabled: Boolean!) {
    setUserDisabled(id: $id, disabled: $disabled) { user { id email role state twoFactor createdAt lastSignInAt disabledAt } }
  }
`);

export const SendUserPasswordLinkOperation = graphql(`
  mutation RestSendUserPasswordLink($id: ID!) {
    sendUserPasswordLink(id: $id) {
      link
      linkExpiresAt
      user { id email role state twoFactor createdAt lastSignInAt disabledAt }
    }
  }
`);
