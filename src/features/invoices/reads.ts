import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { notFound, validationError } from "../../core/errors.js";
import { parseId } from "../../core/input/ids.js";
import { renderInvoicePdf } from "./pdf/render.js";
import { listInvoices, readInvoice, readInvoiceFile, type InvoicePage, type InvoiceRecord } from "./sql/reads.js";

// A tenant reading its own invoices (billing:read, checked by the field or the route): one, a page,
// or one's PDF. Another tenant's invoice is not found, the same answer as an id nobody has.

type Caller = Pick<Principal, "tenantId">;
type Reads = Pick<ServiceDeps, "db">;

export type { InvoicePage, InvoiceRecord };
export type InvoiceLanguage = "ar" | "en";
export const INVOICE_LANGUAGES = ["ar", "en"] as const;

/** An id as the caller wrote it; anything that is not one is refused as bad input, before any read. */
function invoiceId(raw: string | bigint): bigint {
  const id = parseId(raw);
  if (id === undefined) throw validationError({ id: "must be an id: digits, not starting with 0" });
  return id;
}

/** The caller's invoice `id`, with its lines; NOT_FOUND for another tenant's. */
export async function getInvoice(deps: Reads, caller: Caller, rawId: string | bigint): Promise<InvoiceRecord> {
  const invoice = await readInvoice(deps.db, invoiceId(rawId), caller.tenantId);
  if (!invoice) throw notFound("Invoice");
  return invoice;
}

/** A page of the caller's invoices and credit notes, newest first. */
export async function pageOfInvoices(deps: Reads, caller: Caller, page: InvoicePage): Promise<InvoiceRecord[]> {
  return listInvoices(deps.db, caller.tenantId, page);
}

/** The caller's invoice `id` as a PDF in `language`, or the tenant's own language when none is asked; NOT_FOUND for another tenant's. */
export async function invoicePdf(deps: Reads, caller: Caller, rawId: string, language: InvoiceLanguage | undefined): Promise<{ number: string; pdf: Buffer }> {
  const id = invoiceId(rawId);
  const file = await readInvoiceFile(deps.db, id, caller.tenantId);
  if (!file) throw notFound("Invoice");
  const locale = language ?? (file.tenant.locale === "en" ? "en" : "ar");
  return { number: file.number, pdf: await renderInvoicePdf(deps.db, id, locale) };
}

/** The headers of an invoice's PDF: its type and size, named by its number, never cached. */
export const invoicePdfHeaders = (number: string, pdf: Buffer): Record<string, string> => ({
  "content-type": "application/pdf",
  "content-length": String(pdf.length),
  "content-disposition": `attachment; filename="${number}.pdf"`,
  "cache-control": "private, no-store",
});
