import { keyHint, vars, type GraphiQLTab } from "./graphiql-tab.js";
import { campaignsTab } from "./graphiql-campaign-examples.js";
import { featureTabs } from "./graphiql-feature-tabs.js";

/** The tabs GraphiQL opens with: every root field of the schema, as an integrator meets them; variables name ids to replace with one's own. */
export const graphiqlTabs: GraphiQLTab[] = [
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
# The link is on this machine, which needs MEDIA_ALLOW_PRIVATE_ADDRESSES=true (docs/README.md); in production, a public one.
mutation SendWithImage {
  sendMessage(input: { to: "0501234567", text: "Your receipt", imageUrl: "http://localhost:8000/receipt.png", idempotencyKey: "order-1001" }) {
    message { id to status imageUrl }
  }
}

mutation SendBulk {
  sendBulk(input: { numbers: ["0501234567", "0551234567"], text: "Weekly offer" }) {
    batchId queued status
    messages { id to }
  }
}

# $id: a failed message of yours (FailedMessages in the next tab lists them).
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
# The secret is shown once, in this answer: keep it to verify X-Signature. This receiver is
# examples/webhook-receiver.mjs on this machine, which needs WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true
# (docs/README.md); in production, a public URL. DeleteWebhookEndpoint below removes it again.
mutation CreateWebhookEndpoint {
  createWebhookEndpoint(input: { url: "http://127.0.0.1:8080/hooks/gateway", events: [STATUS, DELIVERED] }) {
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

# $endpointId: the id CreateWebhookEndpoint answered. Off: no new events are queued for it until it is turned on again.
mutation DisableWebhookEndpoint($endpointId: ID!) {
  setWebhookEndpointEnabled(id: $endpointId, enabled: false) { endpoint { id url enabled } }
}

# $deliveryId: a delivered or failed one from WebhookDeliveries.
mutation ReplayWebhookDelivery($deliveryId: ID!) {
  replayWebhookDelivery(id: $deliveryId) { delivery { id status attempts } }
}

mutation DeleteWebhookEndpoint($endpointId: ID!) {
  deleteWebhookEndpoint(id: $endpointId) { endpoint { id url } }
}
`,
    variables: vars({ deliveryId: "1", endpointId: "1" }),
  },
  campaignsTab,
  {
    query: `${keyHint}
# Templates are named per account; their {{placeholders}} are filled from each send's variables.
mutation CreateTemplate {
  createTemplate(input: { name: "order_ready", text: "Hello {{name}}, order {{order}} is ready." }) {
    template { id name text variables }
  }
}

query Templates {
  templates { name text imageUrl variables updatedAt }
}

query Template {
  template(name: "order_ready") { name text imageUrl variables createdAt updatedAt }
}

# Messages already accepted keep the text they were rendered with.
mutation UpdateTemplate {
  updateTemplate(name: "order_ready", input: { text: "Hello {{name}}, order {{order}} is ready for pickup.", imageUrl: "http://localhost:8000/ready.png" }) {
    template { name text imageUrl variables }
  }
}

mutation SendTemplate {
  sendMessage(input: { to: "0501234567", template: "order_ready", variables: { name: "Sara", order: "A17" } }) {
    message { id to status text }
  }
}

# Refused with TEMPLATE_IN_USE while queued messages came from it, unless force: true.
mutation DeleteTemplate {
  deleteTemplate(name: "order_ready", force: false) {
    queuedMessages
    template { name }
  }
}
`,
  },
  {
    query: `${keyHint}
# Two-way: what contacts send to your numbers, and who you may send to. A reply is attributed to
# your message it quotes, else to the last one sent to that contact from that number within 7 days.
query InboundMessages($after: String) {
  inboundMessages(first: 20, after: $after, filter: { contact: "0501234567", since: "2026-11-01T00:00:00+03:00" }) {
    edges { cursor node { id accountId from fromLid type text mediaUrl mediaId optOut sentAt receivedAt batchId inReplyTo { id text } } }
    pageInfo { hasNextPage endCursor }
  }
}

query BatchReplies($batchId: ID!) {
  batch(id: $batchId) { id total counts { sent failed optedOut replies } }
  inboundMessages(first: 20, filter: { batchId: $batchId }) {
    edges { node { id from type text optOut inReplyTo { id to } } }
  }
}

# Runs with readOne: true (as in Variables); false skips it (@include), e.g. before anything arrived.
query InboundMessage($inboundId: ID = "1", $readOne: Boolean = false) {
  inboundMessage(id: $inboundId) @include(if: $readOne) {
    id providerMessageId accountId from fromLid type text mediaUrl mediaId mimeType fileName
    latitude longitude replyToProviderId optOut sentAt receivedAt batchId
    inReplyTo { id to text sentAt }
  }
}

# Live: each runs until you stop it.
subscription LiveInboundMessages {
  inboundMessages { id from text optOut inReplyTo { id } }
}

subscription LiveBatchReplies($batchId: ID!) {
  inboundMessages(filter: { batchId: $batchId }) { id from type text optOut receivedAt }
}

# A message that is, as a whole, one of the effective stop words (any case, punctuation or Arabic
# spelling) opts its sender out. Your own words come on top of the defaults unless
# useDefaultStopWords is false. The confirmation goes once per opt-out, from the same number.
query ConsentSettings {
  consentSettings { useDefaultStopWords stopWords confirmationText defaultStopWords effectiveStopWords }
}

mutation SetConsentSettings {
  setConsentSettings(stopWords: ["كفاية", "NO MORE"], confirmationText: "تم إيقاف رسائلنا لك. You will get no more messages from us.") {
    useDefaultStopWords stopWords confirmationText effectiveStopWords
  }
}

# New sends to them are refused (RECIPIENT_OPTED_OUT); their queued messages fail "opted_out" and
# their allowance is given back. inFlight: already with the provider, they may still arrive.
# A number of its own, so the other examples' sends still go out; OptInContacts below undoes it.
mutation OptOutContacts {
  optOutContacts(numbers: ["0509990001"]) {
    optedOut already cancelled inFlight
    invalid { index value }
  }
}

# A bulk send leaves opted-out and suppressed numbers out and charges only the rest.
mutation BulkSkipsOptedOut {
  sendBulk(input: { numbers: ["0509990001", "0551234567"], text: "Weekly offer" }) {
    batchId queued
    skipped { to reason }
  }
}

query OptedOutContacts($after: String) {
  contacts(first: 20, after: $after, optedOut: true) {
    edges { cursor node { id phone name optedOutAt optOutReason lastInboundAt } }
    pageInfo { hasNextPage endCursor }
  }
}

# Adds the contact if there is none: one you only sent to has no contact row yet.
mutation SetContactName {
  setContactName(phone: "0501234567", name: "Sara") { id phone name }
}

query Contact {
  contact(phone: "0501234567") {
    id phone lid name firstSeenAt lastSeenAt lastInboundAt lastOutboundAt optedOut optedOutAt optOutReason
    windows { accountId openUntil open }
  }
}

# Up to 10,000 numbers; an entry that is not a number is reported by its index, the others are suppressed.
mutation ImportSuppressionList {
  importSuppressionList(numbers: ["0509876543", "+966 55 987 6543", "not a number"]) {
    optedOut already cancelled inFlight
    invalid { index value }
  }
}

# Only with the contact's consent: whoever opted them out, sends to them are accepted again.
mutation OptInContacts {
  optInContacts(numbers: ["0509990001", "0509876543", "0559876543"]) {
    optedIn
    invalid { index value }
  }
}
`,
    variables: vars({ after: null, batchId: "1", inboundId: "1", readOne: true }),
  },
  ...featureTabs,
];
