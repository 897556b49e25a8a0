/* eslint-disable */
import * as types from './graphql.js';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query ConsoleOverview {\n    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }\n    accounts { id name phoneNumber status state stateReason todaySent monthSent dailyLimit monthlyLimit }\n    sendWindow { timeZone }\n  }\n": typeof types.ConsoleOverviewDocument,
    "\n  query ConsoleInbox($first: Int!) {\n    inboundMessages(first: $first) { edges { node { ...InboxItem } } }\n  }\n": typeof types.ConsoleInboxDocument,
    "\n  fragment InboxItem on InboundMessage {\n    id from text type optOut receivedAt accountId\n    inReplyTo { id text }\n  }\n": typeof types.InboxItemFragmentDoc,
    "\n  subscription ConsoleInboxLive {\n    inboundMessages { ...InboxItem }\n  }\n": typeof types.ConsoleInboxLiveDocument,
    "\n  mutation ConsoleOptOut($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already }\n  }\n": typeof types.ConsoleOptOutDocument,
    "\n  query ConsoleSendSetup {\n    templates { name text variables }\n    accounts { id name phoneNumber state }\n  }\n": typeof types.ConsoleSendSetupDocument,
    "\n  query ConsoleSheet($csv: String!) {\n    sheetRecipients(csv: $csv) { to variables row }\n  }\n": typeof types.ConsoleSheetDocument,
    "\n  query ConsolePreview($input: SendBulkInput!) {\n    previewBulk(input: $input, first: 3) { total skipped recipients { to text skipped } }\n  }\n": typeof types.ConsolePreviewDocument,
    "\n  mutation ConsoleSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued skipped { to reason } }\n  }\n": typeof types.ConsoleSendBulkDocument,
    "\n  fragment BatchFields on Batch {\n    id total text createdAt sendAt state finished\n    counts { pending sending sent failed cancelled optedOut delivered read replies }\n  }\n": typeof types.BatchFieldsFragmentDoc,
    "\n  query ConsoleBatches($first: Int!, $state: BatchState) {\n    batches(first: $first, state: $state) { edges { node { ...BatchFields } } }\n  }\n": typeof types.ConsoleBatchesDocument,
    "\n  subscription ConsoleBatchProgress($id: ID!) {\n    batchProgress(id: $id) { ...BatchFields }\n  }\n": typeof types.ConsoleBatchProgressDocument,
    "\n  mutation ConsoleCancelBatch($id: ID!) {\n    cancelBatch(id: $id) { cancelled batch { ...BatchFields } }\n  }\n": typeof types.ConsoleCancelBatchDocument,
};
const documents: Documents = {
    "\n  query ConsoleOverview {\n    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }\n    accounts { id name phoneNumber status state stateReason todaySent monthSent dailyLimit monthlyLimit }\n    sendWindow { timeZone }\n  }\n": types.ConsoleOverviewDocument,
    "\n  query ConsoleInbox($first: Int!) {\n    inboundMessages(first: $first) { edges { node { ...InboxItem } } }\n  }\n": types.ConsoleInboxDocument,
    "\n  fragment InboxItem on InboundMessage {\n    id from text type optOut receivedAt accountId\n    inReplyTo { id text }\n  }\n": types.InboxItemFragmentDoc,
    "\n  subscription ConsoleInboxLive {\n    inboundMessages { ...InboxItem }\n  }\n": types.ConsoleInboxLiveDocument,
    "\n  mutation ConsoleOptOut($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already }\n  }\n": types.ConsoleOptOutDocument,
    "\n  query ConsoleSendSetup {\n    templates { name text variables }\n    accounts { id name phoneNumber state }\n  }\n": types.ConsoleSendSetupDocument,
    "\n  query ConsoleSheet($csv: String!) {\n    sheetRecipients(csv: $csv) { to variables row }\n  }\n": types.ConsoleSheetDocument,
    "\n  query ConsolePreview($input: SendBulkInput!) {\n    previewBulk(input: $input, first: 3) { total skipped recipients { to text skipped } }\n  }\n": types.ConsolePreviewDocument,
    "\n  mutation ConsoleSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued skipped { to reason } }\n  }\n": types.ConsoleSendBulkDocument,
    "\n  fragment BatchFields on Batch {\n    id total text createdAt sendAt state finished\n    counts { pending sending sent failed cancelled optedOut delivered read replies }\n  }\n": types.BatchFieldsFragmentDoc,
    "\n  query ConsoleBatches($first: Int!, $state: BatchState) {\n    batches(first: $first, state: $state) { edges { node { ...BatchFields } } }\n  }\n": types.ConsoleBatchesDocument,
    "\n  subscription ConsoleBatchProgress($id: ID!) {\n    batchProgress(id: $id) { ...BatchFields }\n  }\n": types.ConsoleBatchProgressDocument,
    "\n  mutation ConsoleCancelBatch($id: ID!) {\n    cancelBatch(id: $id) { cancelled batch { ...BatchFields } }\n  }\n": types.ConsoleCancelBatchDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleOverview {\n    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }\n    accounts { id name phoneNumber status state stateReason todaySent monthSent dailyLimit monthlyLimit }\n    sendWindow { timeZone }\n  }\n"): typeof import('./graphql.js').ConsoleOverviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleInbox($first: Int!) {\n    inboundMessages(first: $first) { edges { node { ...InboxItem } } }\n  }\n"): typeof import('./graphql.js').ConsoleInboxDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment InboxItem on InboundMessage {\n    id from text type optOut receivedAt accountId\n    inReplyTo { id text }\n  }\n"): typeof import('./graphql.js').InboxItemFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ConsoleInboxLive {\n    inboundMessages { ...InboxItem }\n  }\n"): typeof import('./graphql.js').ConsoleInboxLiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleOptOut($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already }\n  }\n"): typeof import('./graphql.js').ConsoleOptOutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleSendSetup {\n    templates { name text variables }\n    accounts { id name phoneNumber state }\n  }\n"): typeof import('./graphql.js').ConsoleSendSetupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleSheet($csv: String!) {\n    sheetRecipients(csv: $csv) { to variables row }\n  }\n"): typeof import('./graphql.js').ConsoleSheetDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsolePreview($input: SendBulkInput!) {\n    previewBulk(input: $input, first: 3) { total skipped recipients { to text skipped } }\n  }\n"): typeof import('./graphql.js').ConsolePreviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued skipped { to reason } }\n  }\n"): typeof import('./graphql.js').ConsoleSendBulkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BatchFields on Batch {\n    id total text createdAt sendAt state finished\n    counts { pending sending sent failed cancelled optedOut delivered read replies }\n  }\n"): typeof import('./graphql.js').BatchFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleBatches($first: Int!, $state: BatchState) {\n    batches(first: $first, state: $state) { edges { node { ...BatchFields } } }\n  }\n"): typeof import('./graphql.js').ConsoleBatchesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ConsoleBatchProgress($id: ID!) {\n    batchProgress(id: $id) { ...BatchFields }\n  }\n"): typeof import('./graphql.js').ConsoleBatchProgressDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleCancelBatch($id: ID!) {\n    cancelBatch(id: $id) { cancelled batch { ...BatchFields } }\n  }\n"): typeof import('./graphql.js').ConsoleCancelBatchDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
