import { graphql } from "../../gql/index.js";

// The prepared GraphQL operation behind POST /contacts/{number}/erase.

export const EraseContactOperation = graphql(`
  mutation RestEraseContact($number: String!) {
    eraseContact(number: $number) {
      erasureId messages inboundMessages contacts cancelled inFlight webhookDeliveries idempotencyRecords batches auditEvents chatwootRecords suppressionKept
    }
  }
`);
