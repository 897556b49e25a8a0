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
