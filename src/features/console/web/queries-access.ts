import { graphql } from "./gql/index.js";

// The GraphQL documents of the access pages (Keys, Users, Audit), apart from queries.ts so each file
// stays readable at once; codegen.ts types them into ./gql/ like the others.

export const ApiKeyFieldsFragment = graphql(`
  fragment ApiKeyFields on ApiKey {
    id prefix label scopes state createdAt lastUsedAt expiresAt revokedAt rotatedFromId
  }
`);

export const ApiKeysQuery = graphql(`
  query ConsoleApiKeys {
    apiKeys { ...ApiKeyFields }
  }
`);

export const CreateApiKeyMutation = graphql(`
  mutation ConsoleCreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) { secret key { ...ApiKeyFields } }
  }
`);

export const RevokeApiKeyMutation = graphql(`
  mutation ConsoleRevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) { key { ...ApiKeyFields } }
  }
`);

export const RotateApiKeyMutation = graphql(`
  mutation ConsoleRotateApiKey($id: ID!, $overlapSeconds: Int) {
    rotateApiKey(id: $id, overlapSeconds: $overlapSeconds) { secret key { ...ApiKeyFields } previous { ...ApiKeyFields } }
  }
`);

export const StaffUserFieldsFragment = graphql(`
  fragment StaffUserFields on StaffUser {
    id email role state twoFactor lastSignInAt createdAt
  }
`);

export const UsersQuery = graphql(`
  query ConsoleUsers {
    users { ...StaffUserFields }
  }
`);

export const InviteUserMutation = graphql(`
  mutation ConsoleInviteUser($input: InviteUserInput!) {
    inviteUser(input: $input) { link linkExpiresAt user { ...StaffUserFields } }
  }
`);

export const SetUserRoleMutation = graphql(`
  mutation ConsoleSetUserRole($id: ID!, $role: StaffRole!) {
    setUserRole(id: $id, role: $role) { user { ...StaffUserFields } }
  }
`);

export const SetUserDisabledMutation = graphql(`
  mutation ConsoleSetUserDisabled($id: ID!, $disabled: Boolean!) {
    setUserDisabled(id: $id, disabled: $disabled) { user { ...StaffUserFields } }
  }
`);

export const PasswordLinkMutation = graphql(`
  mutation ConsolePasswordLink($id: ID!) {
    sendUserPasswordLink(id: $id) { link linkExpiresAt user { ...StaffUserFields } }
  }
`);

export const AuditEventsQuery = graphql(`
  query ConsoleAuditEvents($first: Int!, $after: String, $action: String, $actor: String, $target: String, $since: String, $until: String) {
    auditEvents(first: $first, after: $after, action: $action, actor: $actor, target: $target, since: $since, until: $until) {
      edges { node { id at action target address actor { kind name label } } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);
