/* eslint-disable */
import * as types from './graphql.js';
const documents = {
    "\n  mutation BenchSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id to status } }\n  }\n": types.BenchSendDocument,
    "\n  mutation ExampleSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status }\n    }\n  }\n": types.ExampleSendMessageDocument,
    "\n  subscription ExampleFollowMessage($id: ID!) {\n    messageStatus(id: $id) {\n      type\n      status\n      at\n      message { sentAt deliveredAt readAt error }\n    }\n  }\n": types.ExampleFollowMessageDocument,
    "\n  mutation RestSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status }\n    }\n  }\n": types.RestSendMessageDocument,
    "\n  mutation RestSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) {\n      batchId queued\n      messages { id to }\n    }\n  }\n": types.RestSendBulkDocument,
    "\n  query RestMessage($id: ID!) {\n    message(id: $id) { id to status sentAt error deliveredAt readAt }\n  }\n": types.RestMessageDocument,
    "\n  query RestBatch($id: ID!) {\n    batch(id: $id) {\n      id total finished createdAt\n      counts { pending sending sent failed }\n      messages { id to status sentAt error }\n    }\n  }\n": types.RestBatchDocument,
    "\n  query RestAccounts {\n    accounts { id name phoneNumber status todaySent monthSent dailyLimit monthlyLimit }\n  }\n": types.RestAccountsDocument,
    "\n  query RestBalance {\n    balance {\n      plan subscriptionEnds\n      messages { limit used remaining }\n      accounts { limit connected }\n    }\n  }\n": types.RestBalanceDocument,
    "\n  mutation RestRetryMessage($id: ID!) {\n    retryMessage(id: $id) {\n      message { id to status }\n    }\n  }\n": types.RestRetryMessageDocument,
    "\n  query RestWebhookEndpoints {\n    webhookEndpoints { id url events enabled createdAt }\n  }\n": types.RestWebhookEndpointsDocument,
    "\n  mutation RestCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint { id url events enabled createdAt }\n    }\n  }\n": types.RestCreateWebhookEndpointDocument,
    "\n  mutation RestDeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      endpoint { id url events enabled createdAt }\n    }\n  }\n": types.RestDeleteWebhookEndpointDocument,
    "\n  mutation RestSetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEndpointEnabled(id: $id, enabled: $enabled) {\n      endpoint { id url events enabled createdAt }\n    }\n  }\n": types.RestSetWebhookEndpointEnabledDocument,
    "\n  query RestWebhookDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      edges {\n        node { id endpointId eventId eventType messageId status attempts responseStatus lastError nextAttemptAt payload createdAt deliveredAt }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.RestWebhookDeliveriesDocument,
    "\n  mutation RestReplayWebhookDelivery($id: ID!) {\n    replayWebhookDelivery(id: $id) {\n      delivery { id endpointId eventId eventType messageId status attempts responseStatus lastError nextAttemptAt payload createdAt deliveredAt }\n    }\n  }\n": types.RestReplayWebhookDeliveryDocument,
    "\n  query AuthBalance {\n    balance { plan messages { remaining } }\n  }\n": types.AuthBalanceDocument,
    "\n  mutation GqlSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id to status text sentAt error accountId attempts createdAt } }\n  }\n": types.GqlSendDocument,
    "\n  mutation GqlBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued status messages { id to } }\n  }\n": types.GqlBulkDocument,
    "\n  query GqlBatch($id: ID!) {\n    batch(id: $id) { id total finished counts { pending sending sent failed } messages { id status } }\n  }\n": types.GqlBatchDocument,
    "\n  query GqlMessages($first: Int, $after: String, $last: Int, $before: String, $status: [MessageStatus!], $batchId: ID) {\n    messages(first: $first, after: $after, last: $last, before: $before, status: $status, batchId: $batchId) {\n      edges { cursor node { id status batchId } }\n      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }\n    }\n  }\n": types.GqlMessagesDocument,
    "\n  query GqlOverview {\n    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }\n    accounts { id phoneNumber status todaySent monthSent dailyLimit monthlyLimit }\n  }\n": types.GqlOverviewDocument,
    "\n  query IsolationMessages($first: Int, $batchId: ID) {\n    messages(first: $first, batchId: $batchId) { edges { node { id to } } }\n  }\n": types.IsolationMessagesDocument,
    "\n  mutation RetryFailed($id: ID!) {\n    retryMessage(id: $id) { message { id status attempts error } }\n  }\n": types.RetryFailedDocument,
    "\n  mutation WhCreate($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) { secret endpoint { id url events enabled createdAt } }\n  }\n": types.WhCreateDocument,
    "\n  query WhEndpoints { webhookEndpoints { id url events } }\n": types.WhEndpointsDocument,
    "\n  mutation WhDelete($id: ID!) { deleteWebhookEndpoint(id: $id) { endpoint { id url } } }\n": types.WhDeleteDocument,
    "\n  query WhDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      edges { node { id endpointId eventId eventType messageId status attempts responseStatus lastError payload deliveredAt } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.WhDeliveriesDocument,
    "\n  mutation WhReplay($id: ID!) { replayWebhookDelivery(id: $id) { delivery { id eventId status attempts } } }\n": types.WhReplayDocument,
};
export function graphql(source) {
    return documents[source] ?? {};
}
//# sourceMappingURL=gql.js.map