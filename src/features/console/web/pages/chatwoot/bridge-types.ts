import type { ChatwootBridgeFieldsFragment, ConsoleConnectChatwootMutation, ConsoleNumbersQuery } from "../../gql/graphql.js";

// The Chatwoot page's data, as its queries type it (queries-chatwoot.ts, and queries.ts's NumbersQuery).

/** The tenant's bridge with its relay's state. */
export type Bridge = ChatwootBridgeFieldsFragment;
/** The tenant's numbers, to tick. */
export type Numbers = ConsoleNumbersQuery["accounts"];
/** The answer to connecting: the bridge, and the webhook URL shown once. */
export type Connected = ConsoleConnectChatwootMutation["connectChatwoot"];
