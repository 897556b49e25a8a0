import { graphql } from "./gql/index.js";

// Every GraphQL document the console sends, typed by GraphQL Code Generator (codegen.ts writes
// ./gql/ from this file): a field renamed on the server fails the typecheck here.

export const OverviewQuery = graphql(`
  query ConsoleOverview {
    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }
    accounts { id name phoneNumber status state stateReason todaySent monthSent dailyLimit monthlyLimit }
    sendWindow { timeZone }
  }
`);

export const InboxQuery = graphql(`
  query ConsoleInbox($first: Int!) {
    inboundMessages(first: $first) { edges { node { ...InboxItem } } }
  }
`);

export const InboxItemFragment = graphql(`
  fragment InboxItem on InboundMessage {
    id from text type optOut receivedAt accountId
    inReplyTo { id text }
  }
`);

export const InboxLive = graphql(`
  subscription ConsoleInboxLive {
    inboundMessages { ...InboxItem }
  }
`);

export const OptOutMutation = graphql(`
  mutation ConsoleOptOut($numbers: [String!]!) {
    optOutContacts(numbers: $numbers) { optedOut already }
  }
`);

export const SendSetupQuery = graphql(`
  query ConsoleSendSetup {
    templates { name text variables }
    accounts { id name phoneNumber state }
  }
`);

export const SheetQuery = graphql(`
  query ConsoleSheet($csv: String!) {
    sheetRecipients(csv: $csv) { to variables row }
  }
`);

export const PreviewQuery = graphql(`
  query ConsolePreview($input: SendBulkInput!) {
    previewBulk(input: $input, first: 3) { total skipped recipients { to text skipped } }
  }
`);

export const SendBulkMutation = graphql(`
  mutation ConsoleSendBulk($input: SendBulkInput!) {
    sendBulk(input: $input) { batchId queued skipped { to reason } }
  }
`);

export const BatchFieldsFragment = graphql(`
  fragment BatchFields on Batch {
    id total text createdAt sendAt state finished
    counts { pending sending sent failed cancelled optedOut delivered read replies }
  }
`);

export const BatchesQuery = graphql(`
  query ConsoleBatches($first: Int!, $state: BatchState) {
    batches(first: $first, state: $state) { edges { node { ...BatchFields } } }
  }
`);

export const BatchProgressLive = graphql(`
  subscription ConsoleBatchProgress($id: ID!) {
    batchProgress(id: $id) { ...BatchFields }
  }
`);

export const CancelBatchMutation = graphql(`
  mutation ConsoleCancelBatch($id: ID!) {
    cancelBatch(id: $id) { cancelled batch { ...BatchFields } }
  }
`);
