import { Readable } from "node:stream";
import type { z } from "zod";
import type { RestInvoiceQuery } from "../../gql/graphql.js";
import { route, streamRoute } from "../../core/rest/route.js";
import { InvoiceOperation, InvoicesOperation } from "./operations.js";
import { invoiceAnswer, invoicePdfQuery, invoicesAnswer, invoicesQuery } from "./rest-schemas.js";
import { invoicePdf, invoicePdfHeaders } from "./reads.js";

// Invoices on the REST facade: a page of them, one, and one's PDF (bytes, so a stream route that
// runs the service with the admitted caller).

type InvoiceData = RestInvoiceQuery["invoice"];

const party = (p: InvoiceData["seller"]) => ({ name: p.name, vat_number: p.vatNumber ?? null });

const restInvoice = (i: InvoiceData): z.input<typeof invoiceAnswer> => ({
  id: Number(i.id),
  number: i.number,
  kind: i.kind,
  issued_at: i.issuedAt,
  seller: party(i.seller),
  buyer: party(i.buyer),
  lines: i.lines.map((l) => ({
    position: l.position,
    description_ar: l.descriptionAr,
    description_en: l.descriptionEn,
    quantity: l.quantity,
    unit_halalas: l.unitHalalas,
    net_halalas: l.netHalalas,
    vat_halalas: l.vatHalalas,
  })),
  subtotal_halalas: i.subtotalHalalas,
  vat_halalas: i.vatHalalas,
  total_halalas: i.totalHalalas,
  currency: "SAR",
  credit_for: i.creditFor ?? null,
  payment_provider: i.paymentProvider ?? null,
  payment_reference: i.paymentReference ?? null,
  pdf_path: i.pdfPath,
});

export const invoiceRoutes = [
  route({
    method: "GET",
    path: /^\/invoices$/,
    doc: {
      path: "/invoices",
      operationId: "listInvoices",
      summary: "Your invoices and credit notes, newest first",
      tag: "Invoices",
      query: invoicesQuery,
      errors: ["VALIDATION_ERROR"],
    },
    answer: invoicesAnswer,
    operation: InvoicesOperation,
    variables: (_, __, query) => {
      const q = query as z.output<typeof invoicesQuery>;
      return { first: q.limit, after: q.cursor };
    },
    respond: ({ invoices: c }) => ({
      invoices: c.edges.flatMap((e) => (e ? [restInvoice(e.node)] : [])),
      next_cursor: c.pageInfo.hasNextPage ? (c.pageInfo.endCursor ?? null) : null,
    }),
  }),
  route({
    method: "GET",
    path: /^\/invoices\/([^/]+)$/,
    doc: { path: "/invoices/{id}", operationId: "getInvoice", summary: "One invoice or credit note", tag: "Invoices", errors: ["NOT_FOUND", "VALIDATION_ERROR"] },
    answer: invoiceAnswer,
    operation: InvoiceOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ invoice }) => restInvoice(invoice),
  }),
  streamRoute({
    method: "GET",
    path: /^\/invoices\/([^/]+)\/pdf$/,
    scope: "billing:read",
    doc: {
      path: "/invoices/{id}/pdf",
      operationId: "downloadInvoicePdf",
      summary: "An invoice or credit note as a PDF",
      description: "One A4 page with every label in Arabic and English and ZATCA's QR code; `lang` chooses which is read first.",
      tag: "Invoices",
      query: invoicePdfQuery,
      errors: ["NOT_FOUND", "VALIDATION_ERROR"],
    },
    answerDescription: "The PDF: application/pdf.",
    answerHeaders: {
      "Content-Disposition": { required: true, type: "string", description: '`attachment; filename="INV-2026-000123.pdf"` (the invoice\'s number).' },
      "Content-Length": { required: true, type: "integer", description: "The file's size." },
      "Cache-Control": { required: true, type: "string", description: "`private, no-store`." },
    },
    open: async (deps, principal, [id], query) => {
      const { number, pdf } = await invoicePdf(deps, principal, id ?? "", (query as z.output<typeof invoicePdfQuery>).lang);
      return { body: Readable.from([pdf]), headers: invoicePdfHeaders(number, pdf) };
    },
  }),
];
