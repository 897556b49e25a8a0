import { keyHint, vars, type GraphiQLTab } from "./graphiql-tab.js";

/** The Chatwoot tab: connecting an API channel inbox to some numbers, reading and ending the connection. */
export const chatwootTab: GraphiQLTab = {
  query: `${keyHint}
# Chatwoot (docs/chatwoot.md): an API channel inbox that carries some of your numbers. The access
# token is kept and never shown again; webhookUrl, shown only now, goes into the inbox's settings.
# Put one of your numbers' ids in the variables as accountId.
mutation ConnectChatwoot($accountId: ID!) {
  connectChatwoot(input: { baseUrl: "https://chatwoot.example.com", chatwootAccountId: 1, inboxId: 7, accessToken: "an-agent-access-token", accountIds: [$accountId] }) {
    webhookUrl
    bridge { id baseUrl inboxId accountIds }
  }
}

query ChatwootBridge {
  chatwootBridge { id baseUrl chatwootAccountId inboxId accountIds createdAt updatedAt }
}

# Chatwoot's calls to the old address are refused from then on.
mutation DisconnectChatwoot {
  disconnectChatwoot { bridge { id } }
}
`,
  variables: vars({ accountId: 1 }),
};
