import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind this feature's REST routes: each route runs exactly one.

export const ConnectionFieldsFragment = graphql(`
  fragment RestConnectionFields on AccountConnection {
    accountId name channel state status phoneNumber qr qrChangedAt pairingCode pairingPhone error verifiedName quality messagingTier
  }
`);

export const ConnectAccountOperation = graphql(`
  mutation RestConnectAccount($input: ConnectAccountInput!) {
    connectAccount(input: $input) { ...RestConnectionFields }
  }
`);

export const AccountConnectionOperation = graphql(`
  query RestAccountConnection($id: Int!) {
    accountConnection(id: $id) { ...RestConnectionFields }
  }
`);

export const RelinkAccountOperation = graphql(`
  mutation RestRelinkAccount($id: Int!) {
    relinkAccount(id: $id) { ...RestConnectionFields }
  }
`);

export const RequestPairingCodeOperation = graphql(`
  mutation RestRequestPairingCode($id: Int!, $phoneNumber: String!) {
    requestPairingCode(id: $id, phoneNumber: $phoneNumber) { ...RestConnectionFields }
  }
`);

export const RemoveAccountOperation = graphql(`
  mutation RestRemoveAccount($id: Int!) {
    removeAccount(id: $id) { id removedAt }
  }
`);
