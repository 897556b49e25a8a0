import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind this feature's REST routes: each route runs exactly one.

export const SendWindowOperation = graphql(`
  query RestSendWindow {
    sendWindow { timeZone days start end }
  }
`);

export const SetSendWindowOperation = graphql(`
  mutation RestSetSendWindow($input: SendWindowInput) {
    setSendWindow(input: $input) { sendWindow { timeZone days start end } }
  }
`);
