// What the batches feature's rules offer the features above it (.dependency-cruiser.cjs): they import
// them from here (its GraphQL types from graphql.ts, its REST helpers from rest.ts), never from its
// other files, so this list is the whole of what they rely on.

export { batchFinished, getBatch } from "./batch-reads.js";
export type { BatchView } from "./batch-reads.js";
export { keepExpiredBatchReports } from "./retention.js";
