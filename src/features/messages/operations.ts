import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind this feature's REST routes: each route runs exactly one.

export const SendMessageOperation = graphql(`
  mutation RestSendMessage($input: SendMessageInput!) {
    sendMessage(input: $input) {
      message { id to status dueAt }
    }
  }
`);

export const MessageStatusOperation = graphql(`
  query RestMessage($id: ID!) {
    message(id: $id) { id to status sentAt error kind deliveredAt readAt }
  }
`);

export const CancelMessageOperation = graphql(`
  mutation RestCancelMessage($id: ID!) {
    cancelMessage(id: $id) {
      cancelled
      inFlight
      message { id status error }
    }
  }
`);

export const RetryMessageOperation = graphql(`
  mutation RestRetryMessage($id: ID!) {
    retryMessage(id: $id) {
      message { id to status }
    }
  }
`);
