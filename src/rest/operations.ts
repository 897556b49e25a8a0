import { graphql } from "../gql/index.js";

// The prepared GraphQL operations behind the REST facade: each REST route runs exactly one.

export const SendMessageOperation = graphql(`
  mutation RestSendMessage($input: SendMessageInput!) {
    sendMessage(input: $input) {
      message { id to status }
    }
  }
`);

export const SendBulkOperation = graphql(`
  mutation RestSendBulk($input: SendBulkInput!) {
    sendBulk(input: $input) {
      batchId queued
      messages { id to }
    }
  }
`);

export const MessageStatusOperation = graphql(`
  query RestMessage($id: ID!) {
    message(id: $id) { id to status sentAt error deliveredAt readAt }
  }
`);

export const BatchOperation = graphql(`
  query RestBatch($id: ID!) {
    batch(id: $id) {
      id total finished createdAt
      counts { pending sending sent failed }
      messages { id to status sentAt error }
    }
  }
`);

export const AccountsOperation = graphql(`
  query RestAccounts {
    accounts { id name phoneNumber status todaySent monthSent dailyLimit monthlyLimit }
  }
`);

export const BalanceOperation = graphql(`
  query RestBalance {
    balance {
      plan subscriptionEnds
      messages { limit used remaining }
      accounts { limit connected }
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
