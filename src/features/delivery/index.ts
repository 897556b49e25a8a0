// What the delivery feature's rules offer the features above it (.dependency-cruiser.cjs): they import
// them from here (its GraphQL types from graphql.ts, its REST helpers from rest.ts), never from its
// other files, so this list is the whole of what they rely on.

export { SENDER_ATTEMPTS, announce, deliverInline } from "./delivery.js";
export { afterFailedAttempt } from "./retry-policy.js";
export type { RetryDecision } from "./retry-policy.js";
