// What the inbound feature's rules offer the features above it (.dependency-cruiser.cjs): they import
// them from here (its GraphQL types from graphql.ts, its REST helpers from rest.ts), never from its
// other files.

export { hasMedia, openStoredMedia } from "./inbound-media.js";
export type { InboundMedia, StoredMedia } from "./inbound-media.js";
export { forgetRepliesTo, inboundRangeExpired, pruneExpiredInbound, pruneSeenProviderIds } from "./retention-sql.js";
export { eraseInboundFrom } from "./erasure-sql.js";
