const keyHint = `# Your API key goes in the Headers tab below: { "Authorization": "Bearer <API_KEY>" }.
# Several operations per tab: the run button asks which one.
`;
const vars = (v) => JSON.stringify(v, null, 2);
export const graphiqlTabs = [
    {
        query: `${keyHint}
query Balance {
  balance {
    plan
    subscriptionEnds
    messages { limit used remaining }
    accounts { limit connected }
  }
}

query Accounts {
  accounts { id name phoneNumber status todaySent monthSent dailyLimit monthlyLimit }
}
`,
    },
    {
        query: `${keyHint}
# The number may be local (05…) or international (9665…, +966 5…).
mutation SendMessage {
  sendMessage(input: { to: "0501234567", text: "مرحبا! Hello from the gateway" }) {
    message { id to status sentAt error }
  }
}

# Send the same idempotencyKey again within 24 hours and the first answer comes back, nothing is sent twice.
mutation SendWithImage {
  sendMessage(input: { to: "0501234567", text: "Your receipt", imageUrl: "https://example.com/receipt.png", idempotencyKey: "order-1001" }) {
    message { id to status imageUrl }
  }
}

mutation SendBulk {
  sendBulk(input: { numbers: ["0501234567", "0551234567"], text: "Weekly offer" }) {
    batchId queued status
    messages { id to }
  }
}

mutation RetryMessage($id: ID!) {
  retryMessage(id: $id) {
    message { id status attempts }
  }
}
`,
        variables: vars({ id: "1" }),
    },
    {
        query: `${keyHint}
query Message($id: ID!) {
  message(id: $id) { id to status text sentAt deliveredAt readAt error providerErrorCode attempts }
}

# Relay pagination: pass pageInfo.endCursor as "after" for the next page.
query RecentMessages($after: String) {
  messages(first: 20, after: $after) {
    edges { cursor node { id to status createdAt sentAt error batchId } }
    pageInfo { hasNextPage endCursor }
  }
}

query FailedMessages {
  messages(first: 20, status: [failed]) {
    edges { node { id to error providerErrorCode } }
  }
}

query Batch($batchId: ID!) {
  batch(id: $batchId) {
    id total finished createdAt
    counts { pending sending sent failed }
    messages { id to status }
  }
}
`,
        variables: vars({ id: "1", batchId: "1", after: null }),
    },
    {
        query: `${keyHint}
# Live: each runs until you stop it. Start one, then send from another tab.
subscription MessageEvents {
  messageEvents { type status statusVersion at messageId batchId message { to error } }
}

subscription MessageStatus($id: ID!) {
  messageStatus(id: $id) { type status at message { sentAt deliveredAt readAt error } }
}

subscription BatchProgress($batchId: ID!) {
  batchProgress(id: $batchId) { id total finished counts { pending sending sent failed } }
}
`,
        variables: vars({ id: "1", batchId: "1" }),
    },
    {
        query: `${keyHint}
# The secret is shown once, in this answer: keep it to verify X-Signature.
mutation CreateWebhookEndpoint {
  createWebhookEndpoint(input: { url: "https://example.com/hooks/messages", events: [STATUS, DELIVERED] }) {
    secret
    endpoint { id url events enabled }
  }
}

query WebhookEndpoints {
  webhookEndpoints { id url events enabled createdAt }
}

query WebhookDeliveries {
  webhookDeliveries(first: 20) {
    edges { node { id eventType status attempts responseStatus lastError nextAttemptAt } }
    pageInfo { hasNextPage endCursor }
  }
}

# Off: no new events are queued for it until it is turned on again.
mutation DisableWebhookEndpoint($endpointId: ID!) {
  setWebhookEndpointEnabled(id: $endpointId, enabled: false) { endpoint { id url enabled } }
}

mutation ReplayWebhookDelivery($deliveryId: ID!) {
  replayWebhookDelivery(id: $deliveryId) { delivery { id status attempts } }
}

mutation DeleteWebhookEndpoint($endpointId: ID!) {
  deleteWebhookEndpoint(id: $endpointId) { endpoint { id url } }
}
`,
        variables: vars({ deliveryId: "1", endpointId: "1" }),
    },
];
//# sourceMappingURL=graphiql-examples.js.map