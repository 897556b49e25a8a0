import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind this feature's REST routes: each route runs exactly one.

export const ChatwootBridgeOperation = graphql(`
  query RestChatwootBridge {
    chatwootBridge {
      id baseUrl chatwootAccountId inboxId accountIds createdAt updatedAt
      relay { toChatwoot toWhatsapp oldestWaitingAt lastPostedAt lastError lastErrorAt }
    }
  }
`);

export const ConnectChatwootOperation = graphql(`
  mutation RestConnectChatwoot($input: ConnectChatwootInput!) {
    connectChatwoot(input: $input) {
      webhookUrl
      bridge { id baseUrl chatwootAccountId inboxId accountIds createdAt updatedAt }
    }
  }
`);

export const DisconnectChatwootOperation = graphql(`
  mutation RestDisconnectChatwoot {
    disconnectChatwoot { bridge { id baseUrl chatwootAccountId inboxId accountIds createdAt updatedAt } }
  }
`);
