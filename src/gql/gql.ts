/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

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
    "\n  mutation RestSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status }\n    }\n  }\n": typeof types.RestSendMessageDocument,
    "\n  mutation RestSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) {\n      batchId queued status\n      messages { id to }\n    }\n  }\n": typeof types.RestSendBulkDocument,
    "\n  query RestMessage($id: ID!) {\n    message(id: $id) { id to status sentAt error }\n  }\n": typeof types.RestMessageDocument,
    "\n  query RestBatch($id: ID!) {\n    batch(id: $id) {\n      id total finished createdAt\n      counts { pending sending sent failed }\n      messages { id to status sentAt error }\n    }\n  }\n": typeof types.RestBatchDocument,
    "\n  query RestAccounts {\n    accounts { id name phoneNumber status todaySent monthSent dailyLimit monthlyLimit }\n  }\n": typeof types.RestAccountsDocument,
    "\n  query RestBalance {\n    balance {\n      plan subscriptionEnds\n      messages { limit used remaining }\n      accounts { limit connected }\n    }\n  }\n": typeof types.RestBalanceDocument,
    "\n  query AuthBalance {\n    balance { plan messages { remaining } }\n  }\n": typeof types.AuthBalanceDocument,
};
const documents: Documents = {
    "\n  mutation RestSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status }\n    }\n  }\n": types.RestSendMessageDocument,
    "\n  mutation RestSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) {\n      batchId queued status\n      messages { id to }\n    }\n  }\n": types.RestSendBulkDocument,
    "\n  query RestMessage($id: ID!) {\n    message(id: $id) { id to status sentAt error }\n  }\n": types.RestMessageDocument,
    "\n  query RestBatch($id: ID!) {\n    batch(id: $id) {\n      id total finished createdAt\n      counts { pending sending sent failed }\n      messages { id to status sentAt error }\n    }\n  }\n": types.RestBatchDocument,
    "\n  query RestAccounts {\n    accounts { id name phoneNumber status todaySent monthSent dailyLimit monthlyLimit }\n  }\n": types.RestAccountsDocument,
    "\n  query RestBalance {\n    balance {\n      plan subscriptionEnds\n      messages { limit used remaining }\n      accounts { limit connected }\n    }\n  }\n": types.RestBalanceDocument,
    "\n  query AuthBalance {\n    balance { plan messages { remaining } }\n  }\n": types.AuthBalanceDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status }\n    }\n  }\n"): (typeof documents)["\n  mutation RestSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) {\n      batchId queued status\n      messages { id to }\n    }\n  }\n"): (typeof documents)["\n  mutation RestSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) {\n      batchId queued status\n      messages { id to }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestMessage($id: ID!) {\n    message(id: $id) { id to status sentAt error }\n  }\n"): (typeof documents)["\n  query RestMessage($id: ID!) {\n    message(id: $id) { id to status sentAt error }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestBatch($id: ID!) {\n    batch(id: $id) {\n      id total finished createdAt\n      counts { pending sending sent failed }\n      messages { id to status sentAt error }\n    }\n  }\n"): (typeof documents)["\n  query RestBatch($id: ID!) {\n    batch(id: $id) {\n      id total finished createdAt\n      counts { pending sending sent failed }\n      messages { id to status sentAt error }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestAccounts {\n    accounts { id name phoneNumber status todaySent monthSent dailyLimit monthlyLimit }\n  }\n"): (typeof documents)["\n  query RestAccounts {\n    accounts { id name phoneNumber status todaySent monthSent dailyLimit monthlyLimit }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestBalance {\n    balance {\n      plan subscriptionEnds\n      messages { limit used remaining }\n      accounts { limit connected }\n    }\n  }\n"): (typeof documents)["\n  query RestBalance {\n    balance {\n      plan subscriptionEnds\n      messages { limit used remaining }\n      accounts { limit connected }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuthBalance {\n    balance { plan messages { remaining } }\n  }\n"): (typeof documents)["\n  query AuthBalance {\n    balance { plan messages { remaining } }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;