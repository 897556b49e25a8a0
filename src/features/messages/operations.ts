import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind the REST facade: each REST route runs exactly one.

export const SendMessageOperation = graphql(`
  mutation RestSendMessage($input: SendMessageInput!) {
    sendMessage(input: $input) {
      message { id to status dueAt }
    }
  }
`);

export const SendBulkOperation = graphql(`
  mutation RestSendBulk($input: SendBulkInput!) {
    sendBulk(input: $input) {
      batchId queued sendAt
      messages { id to }
      skipped { to reason }
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
      ...RestBatchSummary
      messages { id to status sentAt error }
    }
  }
`);

export const BatchSummaryFragment = graphql(`
  fragment RestBatchSummary on Batch {
    id total finished state priority sendAt createdAt firstSentAt lastSentAt
    counts { pending sending sent failed cancelled expired optedOut delivered read replies }
  }
`);

export const BatchesOperation = graphql(`
  query RestBatches($first: Int, $after: String, $state: BatchState) {
    batches(first: $first, after: $after, state: $state) {
      edges { node { ...RestBatchSummary } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

export const CancelMessageOperation = graphql(`
  mutation RestCancelMessage($id: ID!) {
    cancelMessage(id: $id) {
      cancelled
      message { id status error }
    }
  }
`);

export const CancelBatchOperation = graphql(`
  mutation RestCancelBatch($id: ID!) {
    cancelBatch(id: $id) {
      cancelled
      batch { id counts { pending sending sent failed cancelled expired optedOut delivered read replies } }
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

export const WebhookEndpointsOperation = graphql(`
  query RestWebhookEndpoints {
    webhookEndpoints { id url events enabled createdAt }
  }
`);

export const CreateWebhookEndpointOperation = graphql(`
  mutation RestCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint { id url events enabled createdAt }
    }
  }
`);

export const DeleteWebhookEndpointOperation = graphql(`
  mutation RestDeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id) {
      endpoint { id url events enabled createdAt }
    }
  }
`);

export const SetWebhookEndpointEnabledOperation = graphql(`
  mutation RestSetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {
    setWebhookEndpointEnabled(id: $id, enabled: $enabled) {
      endpoint { id url events enabled createdAt }
    }
  }
`);

export const WebhookDeliveriesOperation = graphql(`
  query RestWebhookDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {
    webhookDeliveries(first: $first, after: $after, filter: $filter) {
      edges {
        node { id endpointId eventId eventType messageId inboundMessageId status attempts responseStatus lastError nextAttemptAt payload createdAt deliveredAt }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

export const ReplayWebhookDeliveryOperation = graphql(`
  mutation RestReplayWebhookDelivery($id: ID!) {
    replayWebhookDelivery(id: $id) {
      delivery { id endpointId eventId eventType messageId inboundMessageId status attempts responseStatus lastError nextAttemptAt payload createdAt deliveredAt }
    }
  }
`);

export const SendWindowOperation = graphql(`
  query RestSendWindow {
    sendWindow { timeZone days start end }
  }
`);

export const SetSendWindowOperation = graphql(`
  mutation RestSetSendWindow($input: SendWindowInput) {
    setSendWindow(input: $input) { sendWindow { timeZone days start end } }
  }
`);
