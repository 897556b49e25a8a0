import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind the invoices' REST routes.

export const InvoiceOperation = graphql(`
  query RestInvoice($id: ID!) {
    invoice(id: $id) {
      id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }
      lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }
      subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath
    }
  }
`);

export const InvoicesOperation = graphql(`
  query RestInvoices($first: Int, $after: String) {
    invoices(first: $first, after: $after) {
      edges {
        node {
          id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }
          lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }
          subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`);
