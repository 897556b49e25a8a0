import { graphql } from "./gql/index.js";

// The GraphQL documents of the Chatwoot page (pages/chatwoot/), apart from queries.ts like
// queries-access.ts; codegen.ts types them into ./gql/ like the others. The numbers to tick come
// from queries.ts's NumbersQuery, the Numbers page's own.

export const ChatwootBridgeFieldsFragment = graphql(`
  fragment ChatwootBridgeFields on ChatwootBridge {
    id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt
    relay { toChatwoot toWhatsapp failedPosts oldestWaitingAt lastPostedAt lastError lastErrorAt }
    failedPosts { id phone kind reason failedAt }
  }
`);

/** The tenant's bridge with its relay's state (NOT_FOUND when there is none), read again every few seconds. */
export const ChatwootBridgeQuery = graphql(`
  query ConsoleChatwootBridge {
    chatwootBridge { ...ChatwootBridgeFields }
  }
`);

/** Connects, or connects again with new settings: the webhook URL, with its secret, is in this answer only. */
export const ConnectChatwootMutation = graphql(`
  mutation ConsoleConnectChatwoot($input: ConnectChatwootInput!) {
    connectChatwoot(input: $input) { webhookUrl bridge { ...ChatwootBridgeFields } }
  }
`);

export const DisconnectChatwootMutation = graphql(`
  mutation ConsoleDisconnectChatwoot {
    disconnectChatwoot { bridge { id } }
  }
`);

/** Posts again every post Chatwoot refused for good. */
export const RetryChatwootPostsMutation = graphql(`
  mutation ConsoleRetryChatwootPosts {
    retryChatwootPosts { retried }
  }
`);
