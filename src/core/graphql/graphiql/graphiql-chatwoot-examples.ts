import { keyHint, vars, type GraphiQLTab } from "./graphiql-tab.js";

/** The Chatwoot tab: connecting an API channel inbox to some numbers, reading the connection, posting again what Chatwoot refused, ending it. */
export const chatwootTab: GraphiQLTab = {
  query: `${keyHint}
# Chatwoot (docs/chatwoot.md): an API channel inbox that carries some of your numbers. The gateway
# reads the inbox with the token, an administrator's, and takes its webhook secret; the token is
# kept and never shown again; webhookUrl, shown only now, goes into the inbox's settings. Put
# Chatwoot's address in the variables as baseUrl, and one of your numbers' ids as accountId.
mutation ConnectChatwoot($baseUrl: String!, $accountId: ID!) {
  connectChatwoot(input: { baseUrl: $baseUrl, chatwootAccountId: 1, inboxId: 7, accessToken: "an-administrators-access-token", accountIds: [$accountId] }) {
    webhookUrl
    bridge { id baseUrl inboxId accountIds webhooksSigned }
  }
}

query ChatwootBridge {
  chatwootBridge {
    id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt
    relay { toChatwoot toWhatsapp failedPosts lastError }
    failedPosts { id phone kind reason failedAt }
  }
}

# What Chatwoot refused for good goes back in its contacts' queues (ids: [...] for some of it).
mutation RetryChatwootPosts {
  retryChatwootPosts { retried }
}

# Chatwoot's calls to the old address are refused from then on.
mutation DisconnectChatwoot {
  disconnectChatwoot { bridge { id } }
}
`,
  variables: vars({ baseUrl: "https://chatwoot.example.com", accountId: 1 }),
};
