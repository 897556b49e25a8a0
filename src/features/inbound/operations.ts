import { graphql } from "../../gql/index.js";

// The prepared GraphQL operation behind GET /inbound-messages.

export const InboundMessagesOperation = graphql(`
  query RestInboundMessages($first: Int, $after: String, $filter: InboundMessageFilter) {
    inboundMessages(first: $first, after: $after, filter: $filter) {
      edges {
        node {
          id providerMessageId accountId from fromLid type text mediaUrl mediaId mimeType fileName latitude longitude
          replyToProviderId inReplyTo { id } batchId optOut sentAt receivedAt
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`);
