import { builder } from "../../core/graphql/builder.js";
import { newestFirstPage } from "../../core/graphql/pages.js";
import { getInvoice, pageOfInvoices, type InvoiceRecord } from "./reads.js";

// The tenant's invoices and credit notes over GraphQL. Amounts are halalas (Int; 1 SAR = 100). The
// PDF is bytes, which GraphQL does not carry: `pdfPath` names where the REST facade serves it.

type LineRecord = InvoiceRecord["lines"][number];

const InvoiceKindEnum = builder.enumType("InvoiceKind", {
  values: { invoice: { value: "invoice" }, credit_note: { value: "credit_note" } } as const,
  description: "invoice: a tax invoice (INV-…); credit_note: a correction that takes back part or all of an invoice (CRN-…).",
});

const InvoicePartyRef = builder.simpleObject("InvoiceParty", {
  description: "The seller or the buyer as the invoice names them, as they were when it was issued.",
  fields: (t) => ({
    name: t.string(),
    vatNumber: t.string({ nullable: true, description: "The 15-digit VAT number; null for a buyer that is not VAT-registered." }),
  }),
});

const InvoiceLineRef = builder.objectRef<LineRecord>("InvoiceLine").implement({
  description: "One line of an invoice, in the order printed.",
  fields: (t) => ({
    position: t.exposeInt("position", { description: "1, 2, … in the order printed." }),
    descriptionAr: t.exposeString("descriptionAr"),
    descriptionEn: t.exposeString("descriptionEn"),
    quantity: t.exposeInt("quantity"),
    unitHalalas: t.exposeInt("unitHalalas", { description: "The price of one, before VAT, in halalas." }),
    netHalalas: t.exposeInt("netHalalas", { description: "quantity × unit, before VAT, in halalas." }),
    vatHalalas: t.exposeInt("vatHalalas", { description: "The line's VAT (15 %, rounded to the halala, half up), in halalas." }),
  }),
});

/** Where the REST facade serves an invoice's PDF, under /api/v1. */
export const invoicePdfPath = (id: bigint) => `/invoices/${id}/pdf`;

export const InvoiceRef = builder.objectRef<InvoiceRecord>("Invoice").implement({
  description: "A tax invoice or credit note the operator issued to the tenant; never changed once issued.",
  fields: (t) => ({
    id: t.id({ resolve: (i) => String(i.id) }),
    number: t.exposeString("number", { description: "INV-2026-000123 or CRN-2026-000007." }),
    kind: t.field({ type: InvoiceKindEnum, resolve: (i) => i.kind }),
    issuedAt: t.string({ resolve: (i, _, ctx) => ctx.deps.clock.timestamp(i.issuedAt) }),
    seller: t.field({ type: InvoicePartyRef, resolve: (i) => ({ name: i.sellerName, vatNumber: i.sellerVatNumber }) }),
    buyer: t.field({ type: InvoicePartyRef, resolve: (i) => ({ name: i.buyerName, vatNumber: i.buyerVatNumber }) }),
    lines: t.field({ type: [InvoiceLineRef], resolve: (i) => i.lines }),
    subtotalHalalas: t.exposeInt("subtotalHalalas", { description: "The lines' net amounts summed, in halalas." }),
    vatHalalas: t.exposeInt("vatHalalas", { description: "The lines' VAT summed, in halalas." }),
    totalHalalas: t.exposeInt("totalHalalas", { description: "Subtotal plus VAT, in halalas; a credit note's is what it takes back." }),
    currency: t.string({ description: "Always SAR.", resolve: () => "SAR" }),
    creditFor: t.string({ nullable: true, description: "A credit note's: the number of the invoice it corrects.", resolve: (i) => i.creditFor?.number ?? null }),
    paymentProvider: t.exposeString("paymentProvider", { nullable: true, description: "The payment or refund it records: its provider; null for an operator's manual invoice." }),
    paymentReference: t.exposeString("paymentReference", { nullable: true, description: "The provider's reference of that payment or refund." }),
    pdfPath: t.string({ description: "GET this path under /api/v1, with an API key, for the PDF (?lang=ar or en).", resolve: (i) => invoicePdfPath(i.id) }),
  }),
});

builder.queryFields((t) => ({
  invoice: t.field({
    authScopes: { scope: "billing:read" },
    type: InvoiceRef,
    description: "One of the tenant's invoices or credit notes (NOT_FOUND for another's).",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, { id }, ctx) => getInvoice(ctx.deps, await ctx.principal(), String(id)),
  }),
  invoices: t.connection({
    authScopes: { scope: "billing:read" },
    type: InvoiceRef,
    description: "The tenant's invoices and credit notes, newest first.",
    resolve: async (_, args, ctx) => {
      const principal = await ctx.principal();
      return newestFirstPage(
        args,
        (page) => pageOfInvoices(ctx.deps, principal, page),
        (i) => i.id,
      );
    },
  }),
}));
