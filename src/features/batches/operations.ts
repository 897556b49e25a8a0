import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind this feature's REST routes: each route runs exactly one.

export const SendBulkOperation = graphql(`
  mutation RestSendBulk($input: SendBulkInput!) {
    sendBulk(input: $input) {
      batchId queued sendAt
      messages { id to }
      skipped { to reason }
    }
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

export const CancelBatchOperation = graphql(`
  mutation RestCancelBatch($id: ID!) {
    cancelBatch(id: $id) {
      cancelled
      inFlight
      batch { id counts { pending sending sent failed cancelled expired optedOut delivered read replies } }
    }
  }
`);
