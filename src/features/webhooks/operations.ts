import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind this feature's REST routes: each route runs exactly one.

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
