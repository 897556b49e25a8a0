/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AccountStatus =
  | 'banned'
  | 'connected'
  | 'disconnected'
  | 'paused'
  | 'restricted'
  | 'token_invalid';

/** What a contact sent: `button` is a quick-reply or list choice (its title in `text`); `other` is anything the gateway does not read (contacts cards, polls, orders). */
export type InboundKind =
  | 'audio'
  | 'button'
  | 'document'
  | 'image'
  | 'location'
  | 'other'
  | 'reaction'
  | 'sticker'
  | 'text'
  | 'video';

/** A number's health state (docs/number-health.md): connected and warming_up send; the others do not. */
export type NumberState =
  | 'banned'
  | 'connected'
  | 'disconnected'
  | 'paused'
  | 'restricted'
  | 'token_invalid'
  | 'warming_up';

export type ConsoleOverviewQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleOverviewQuery = { balance: { plan: string, subscriptionEnds: string, messages: { limit: number, used: number, remaining: number }, accounts: { limit: number, connected: number } }, accounts: Array<{ id: number, name: string, phoneNumber: string, status: AccountStatus, state: NumberState, stateReason: string | null, todaySent: number, monthSent: number, dailyLimit: number, monthlyLimit: number }>, sendWindow: { timeZone: string } | null };

export type ConsoleInboxQueryVariables = Exact<{
  first: number;
}>;


export type ConsoleInboxQuery = { inboundMessages: { edges: Array<{ node: { id: string, from: string | null, text: string | null, type: InboundKind, optOut: boolean, receivedAt: string, accountId: number, inReplyTo: { id: string, text: string } | null } }> } };

export type InboxItemFragment = { id: string, from: string | null, text: string | null, type: InboundKind, optOut: boolean, receivedAt: string, accountId: number, inReplyTo: { id: string, text: string } | null };

export type ConsoleInboxLiveSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type ConsoleInboxLiveSubscription = { inboundMessages: { id: string, from: string | null, text: string | null, type: InboundKind, optOut: boolean, receivedAt: string, accountId: number, inReplyTo: { id: string, text: string } | null } };

export type ConsoleOptOutMutationVariables = Exact<{
  numbers: Array<string> | string;
}>;


export type ConsoleOptOutMutation = { optOutContacts: { optedOut: number, already: number } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const InboxItemFragmentDoc = new TypedDocumentString(`
    fragment InboxItem on InboundMessage {
  id
  from
  text
  type
  optOut
  receivedAt
  accountId
  inReplyTo {
    id
    text
  }
}
    `, {"fragmentName":"InboxItem"}) as unknown as TypedDocumentString<InboxItemFragment, unknown>;
export const ConsoleOverviewDocument = new TypedDocumentString(`
    query ConsoleOverview {
  balance {
    plan
    subscriptionEnds
    messages {
      limit
      used
      remaining
    }
    accounts {
      limit
      connected
    }
  }
  accounts {
    id
    name
    phoneNumber
    status
    state
    stateReason
    todaySent
    monthSent
    dailyLimit
    monthlyLimit
  }
  sendWindow {
    timeZone
  }
}
    `) as unknown as TypedDocumentString<ConsoleOverviewQuery, ConsoleOverviewQueryVariables>;
export const ConsoleInboxDocument = new TypedDocumentString(`
    query ConsoleInbox($first: Int!) {
  inboundMessages(first: $first) {
    edges {
      node {
        ...InboxItem
      }
    }
  }
}
    fragment InboxItem on InboundMessage {
  id
  from
  text
  type
  optOut
  receivedAt
  accountId
  inReplyTo {
    id
    text
  }
}`) as unknown as TypedDocumentString<ConsoleInboxQuery, ConsoleInboxQueryVariables>;
export const ConsoleInboxLiveDocument = new TypedDocumentString(`
    subscription ConsoleInboxLive {
  inboundMessages {
    ...InboxItem
  }
}
    fragment InboxItem on InboundMessage {
  id
  from
  text
  type
  optOut
  receivedAt
  accountId
  inReplyTo {
    id
    text
  }
}`) as unknown as TypedDocumentString<ConsoleInboxLiveSubscription, ConsoleInboxLiveSubscriptionVariables>;
export const ConsoleOptOutDocument = new TypedDocumentString(`
    mutation ConsoleOptOut($numbers: [String!]!) {
  optOutContacts(numbers: $numbers) {
    optedOut
    already
  }
}
    `) as unknown as TypedDocumentString<ConsoleOptOutMutation, ConsoleOptOutMutationVariables>;