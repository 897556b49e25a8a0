import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind this feature's REST routes: each route runs exactly one.

export const ChatwootBridgeOperation = graphql(`
  query RestChatwootBridge {
    chatwootBridge {
      id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt
      relay { toChatwoot toWhatsapp failedPosts oldestWaitingAt lastPostedAt lastError lastErrorAt }
      failedPosts { id phone kind inboundMessageId reason attempts createdAt failedAt }
    }
  }
`);

export const ConnectChatwootOperation = graphql(`
  mutation RestConnectChatwoot($input: ConnectChatwootInput!) {
    connectChatwoot(input: $input) {
      webhookUrl
      bridge { id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt }
    }
  }
`);

export const RetryChatwootPostsOperation = graphql(`
  mutation RestRetryChatwootPosts($ids: [ID!]) {
    retryChatwootPosts(ids: $ids) { retried }
  }
`);

export const DisconnectChatwootOperation = graphql(`
  mutation RestDisconnectChatwoot {
    disconnectChatwoot { bridge { id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt } }
  }
`);
