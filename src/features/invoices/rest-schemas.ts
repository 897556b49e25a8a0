import { z } from "zod";
import { idParam, pageLimit, timestamp } from "../../core/rest/schemas.js";
import { INVOICE_LANGUAGES } from "./reads.js";

// GET /invoices's query string and answer, an invoice as the REST answers show it, and the PDF's query string.

export const invoicesQuery = z.strictObject({
  limit: pageLimit("Invoices per page, 0 to 100 (default 20)."),
  cursor: idParam("The previous page's `next_cursor`.").optional(),
});

export const invoicePdfQuery = z.strictObject({
  lang: z
    .enum(INVOICE_LANGUAGES)
    .optional()
    .meta({ description: "The language read first (ar: right to left, Arabic above; en: left to right, English above); both are on the page. Default: the tenant's language." }),
});

const halalas = (description: string) =>
  z
    .number()
    .int()
    .meta({ description: `${description}, in halalas (1 SAR = 100).` });

const party = z.object({
  name: z.string(),
  vat_number: z.string().nullable().meta({ description: "The 15-digit VAT number; null for a buyer that is not VAT-registered." }),
});

const invoiceLine = z.object({
  position: z.number().int().positive().meta({ description: "1, 2, … in the order printed." }),
  description_ar: z.string(),
  description_en: z.string(),
  quantity: z.number().int().positive(),
  unit_halalas: halalas("The price of one before VAT"),
  net_halalas: halalas("quantity × unit, before VAT"),
  vat_halalas: halalas("The line's VAT (15 %, rounded to the halala, half up)"),
});

export const invoiceAnswer = z
  .object({
    id: z.number().int().positive(),
    number: z.string().meta({ examples: ["INV-2026-000123"] }),
    kind: z.enum(["invoice", "credit_note"]),
    issued_at: timestamp,
    seller: party,
    buyer: party,
    lines: z.array(invoiceLine),
    subtotal_halalas: halalas("The lines' net amounts summed"),
    vat_halalas: halalas("The lines' VAT summed"),
    total_halalas: halalas("Subtotal plus VAT; a credit note's is what it takes back"),
    currency: z.literal("SAR"),
    credit_for: z.string().nullable().meta({ description: "A credit note's: the number of the invoice it corrects." }),
    payment_provider: z.string().nullable().meta({ description: "The payment or refund it records: its provider; null for an operator's manual invoice." }),
    payment_reference: z.string().nullable(),
    pdf_path: z.string().meta({ description: "GET this path under /api/v1 for the PDF." }),
  })
  .meta({ id: "Invoice" });

export const invoicesAnswer = z
  .object({
    invoices: z.array(invoiceAnswer).meta({ description: "Newest first." }),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next (older) page; null on the last page." }),
  })
  .meta({ id: "Invoices" });
