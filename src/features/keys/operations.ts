import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind this feature's REST routes: each route runs exactly one.

export const ApiKeysOperation = graphql(`
  query RestApiKeys {
    apiKeys { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }
  }
`);

export const CreateApiKeyOperation = graphql(`
  mutation RestCreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      secret
      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }
    }
  }
`);

export const RevokeApiKeyOperation = graphql(`
  mutation RestRevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }
    }
  }
`);

export const RotateApiKeyOperation = graphql(`
  mutation RestRotateApiKey($id: ID!, $overlapSeconds: Int) {
    rotateApiKey(id: $id, overlapSeconds: $overlapSeconds) {
      secret
      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }
      previous { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }
    }
  }
`);
