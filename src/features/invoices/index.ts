// What the invoices feature's rules offer the features above it (.dependency-cruiser.cjs): they
// import them from here, never from its other files. An invoice or a credit note is issued in the
// transaction that records its payment or refund, so neither exists without the other.

export { issueInvoice, invoiceOfPayment, invoiceByNumber, invoiceNumber, type IssuedInvoice, type InvoiceClient } from "./issue.js";
export type { InvoiceLineInput, IssueInvoiceInput } from "./issue-input.js";
export { useInvoiceSettings } from "./seller.js";
export { invoiceAmounts, sar, vatOfNet, VAT_PERCENT } from "./vat.js";
export { renderInvoicePdf } from "./pdf/render.js";
export { invoicePdf, invoicePdfHeaders } from "./reads.js";
