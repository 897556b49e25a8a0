// What the webhooks feature's rules offer the features above it (.dependency-cruiser.cjs): they import
// them from here (its GraphQL types from graphql.ts, its REST helpers from rest.ts), never from its
// other files, so this list is the whole of what they rely on.

export { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints, setWebhookEndpointEnabled } from "./webhooks.js";
export { parseNewEndpoint } from "./endpoint-input.js";
export { deliveryRangeExpired, pruneEndedDeliveries } from "./webhook-queue-sql.js";
export { enqueueContactErased, eraseFromDeliveries } from "./erasure-sql.js";
