import { keyHint, vars, type GraphiQLTab } from "./graphiql-tab.js";

/** The access tab: keys with chosen scopes, numbers and expiry; rotation, revocation; staff users; the audit log. */
export const accessTab: GraphiQLTab = {
  query: `${keyHint}
# Access (docs/access.md): keys that may do only what they need, and who changed what. A key never
# makes or changes a key with more than it has itself. Put key ids in the variables as keyId and revokeKeyId.
query Keys {
  apiKeys { id prefix label scopes accountIds state lastUsedAt expiresAt }
}

# The secret is in this answer only.
mutation CreateKey {
  createApiKey(input: { label: "CRM sync", scopes: ["messages:send", "messages:read"] }) {
    secret
    key { id prefix scopes state }
  }
}

# A new secret with the same powers; the old one passes for an hour more.
mutation RotateKey($keyId: ID!) {
  rotateApiKey(id: $keyId, overlapSeconds: 3600) { secret key { id prefix } previous { id expiresAt } }
}

# Revoking a revoked key changes nothing.
mutation RevokeKey($revokeKeyId: ID!) {
  revokeApiKey(id: $revokeKeyId) { key { id state revokedAt } }
}

# Staff users sign in to the console with an email and a password; their role is a set of scopes.
query Users {
  users { id email role state twoFactor lastSignInAt }
}

# The link, shown only now and valid 72 hours, is where they choose a password.
mutation InviteUser($email: String!) {
  inviteUser(input: { email: $email, role: agent }) { link linkExpiresAt user { id state } }
}

# Their console sessions end with the change. Put the invited user's id in the variables as userId.
mutation ChangeRole($userId: ID!) {
  setUserRole(id: $userId, role: viewer) { user { id role } }
}

# A new one-time link to choose a password; earlier links stop working.
mutation PasswordLink($userId: ID!) {
  sendUserPasswordLink(id: $userId) { link linkExpiresAt }
}

mutation DisableUser($userId: ID!) {
  setUserDisabled(id: $userId, disabled: true) { user { id state disabledAt } }
}

# Who changed what, newest first; "key." is every action on keys.
query Audit {
  auditEvents(first: 20, action: "key.") {
    edges { node { at actor { kind name label } action target before after address requestId } }
    pageInfo { hasNextPage endCursor }
  }
}
`,
  variables: vars({ keyId: 2, revokeKeyId: 3, email: "agent@example.com", userId: 1 }),
};
