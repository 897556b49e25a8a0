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
};
const documents: Documents = {
    "\n  query ConsoleOverview {\n    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }\n    accounts { id name phoneNumber status state stateReason todaySent monthSent dailyLimit monthlyLimit }\n    sendWindow { timeZone }\n  }\n": types.ConsoleOverviewDocument,
    "\n  query ConsoleInbox($first: Int!) {\n    inboundMessages(first: $first) { edges { node { ...InboxItem } } }\n  }\n": types.ConsoleInboxDocument,
    "\n  fragment InboxItem on InboundMessage {\n    id from text type optOut receivedAt accountId\n    inReplyTo { id text }\n  }\n": types.InboxItemFragmentDoc,
    "\n  subscription ConsoleInboxLive {\n    inboundMessages { ...InboxItem }\n  }\n": types.ConsoleInboxLiveDocument,
    "\n  mutation ConsoleOptOut($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already }\n  }\n": types.ConsoleOptOutDocument,
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


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
