import { Prisma, type PrismaClient } from "../../../generated/prisma/client.js";
import type { InvoiceSeller } from "../../../core/runtime/seller-settings.js";
import type { InvoiceLineInput } from "../issue-input.js";
import type { InvoiceAmounts } from "../vat.js";

// The statements that issue an invoice, run inside the caller's transaction: the invoice tables
// are written here only (scripts/check-sql.mjs), and never updated or deleted (migration invoices).

/** What runs the statements: the client, or the client of the caller's transaction. */
export type InvoiceSqlClient = Pick<PrismaClient, "$queryRaw">;

export interface BuyerRow {
  name: string;
  vat_number: string | null;
}

export async function buyerOf(tx: InvoiceSqlClient, tenantId: number): Promise<BuyerRow | undefined> {
  const [row] = await tx.$queryRaw<BuyerRow[]>`-- invoice_buyer
    SELECT name, vat_number FROM tenant WHERE id = ${tenantId}`;
  return row;
}

export interface CreditedRow {
  tenant_id: number;
  kind: "invoice" | "credit_note";
  total_halalas: number;
}

/**
 * Locks the invoice a credit note corrects until the caller's transaction ends, so two credit notes
 * of one invoice are checked one after the other (a lock only: the row itself never changes).
 */
export async function lockCreditedInvoice(tx: InvoiceSqlClient, id: bigint): Promise<CreditedRow | undefined> {
  const [row] = await tx.$queryRaw<CreditedRow[]>`-- lock_credited_invoice
    SELECT tenant_id, kind::text AS kind, total_halalas FROM invoice WHERE id = ${id} FOR UPDATE`;
  return row;
}

/** What the credit notes of an invoice already took back, in halalas (a statement of its own: it sees those committed while it waited for the lock). */
export async function creditedSoFar(tx: InvoiceSqlClient, id: bigint): Promise<number> {
  const [row] = await tx.$queryRaw<{ n: number }[]>`-- invoice_credited_so_far
    SELECT coalesce(sum(total_halalas), 0)::int AS n FROM invoice WHERE credit_for_id = ${id}`;
  return row?.n ?? 0;
}

/** The invoice of the same kind already recording this payment or refund, if any. */
export async function invoiceForPayment(tx: InvoiceSqlClient, kind: string, provider: string, reference: string): Promise<string | undefined> {
  const [row] = await tx.$queryRaw<{ number: string }[]>`-- invoice_for_payment
    SELECT number FROM invoice
    WHERE kind = ${kind}::"InvoiceKind" AND payment_provider = ${provider} AND payment_reference = ${reference}`;
  return row?.number;
}

/** The invoice recording a payment, with what its credit notes took back so far. */
export async function paymentInvoiceRow(tx: InvoiceSqlClient, provider: string, reference: string) {
  const [row] = await tx.$queryRaw<{ id: bigint; number: string; subtotal_halalas: number; total_halalas: number; credited: number }[]>`-- payment_invoice
    SELECT i.id, i.number, i.subtotal_halalas, i.total_halalas,
      (SELECT coalesce(sum(c.total_halalas), 0)::int FROM invoice c WHERE c.credit_for_id = i.id) AS credited
    FROM invoice i
    WHERE i.kind = 'invoice' AND i.payment_provider = ${provider} AND i.payment_reference = ${reference}`;
  return row;
}

/** An invoice or credit note by its number, with what credit notes took back of it so far. */
export async function numberedInvoiceRow(tx: InvoiceSqlClient, number: string) {
  const [row] = await tx.$queryRaw<
    { id: bigint; tenant_id: number; kind: "invoice" | "credit_note"; total_halalas: number; payment_provider: string | null; payment_reference: string | null; credited: number }[]
  >`-- numbered_invoice
    SELECT i.id, i.tenant_id, i.kind::text AS kind, i.total_halalas, i.payment_provider, i.payment_reference,
      (SELECT coalesce(sum(c.total_halalas), 0)::int FROM invoice c WHERE c.credit_for_id = i.id) AS credited
    FROM invoice i WHERE i.number = ${number}`;
  return row;
}

/**
 * The next number of a series in a year. The row's lock is held until the caller's transaction
 * ends, so issuers of one series take turns, and a rollback returns the number with the rest.
 */
export async function takeNumber(tx: InvoiceSqlClient, series: "INV" | "CRN", year: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ last: number }[]>`-- take_invoice_number
    INSERT INTO invoice_counter AS c (series, year, last) VALUES (${series}, ${year}, 1)
    ON CONFLICT (series, year) DO UPDATE SET last = c.last + 1
    RETURNING last`;
  if (!row) throw new Error("the invoice counter returned no row");
  return row.last;
}

export interface InvoiceInsert {
  tenantId: number;
  kind: "invoice" | "credit_note";
  number: string;
  creditFor: bigint | null;
  issuedAt: Date;
  seller: InvoiceSeller;
  buyer: BuyerRow;
  amounts: InvoiceAmounts;
  lines: InvoiceLineInput[];
  payment: { provider: string; reference: string } | null;
}

/** Writes the invoice and its lines in one statement; returns its id. */
export async function insertInvoice(tx: InvoiceSqlClient, i: InvoiceInsert): Promise<bigint> {
  const { seller, buyer, amounts } = i;
  const lines = i.lines.map(
    (l, n) =>
      Prisma.sql`(${n + 1}::int, ${l.descriptionAr}, ${l.descriptionEn}, ${l.quantity}::int, ${l.unitHalalas}::int, ${amounts.lines[n]?.netHalalas}::int, ${amounts.lines[n]?.vatHalalas}::int)`,
  );
  const [row] = await tx.$queryRaw<{ id: bigint }[]>`-- insert_invoice
    WITH issued AS (
      INSERT INTO invoice (tenant_id, kind, number, credit_for_id, issued_at,
        seller_name, seller_name_ar, seller_vat_number, seller_address, seller_address_ar,
        buyer_name, buyer_vat_number, subtotal_halalas, vat_halalas, total_halalas, payment_provider, payment_reference)
      VALUES (${i.tenantId}, ${i.kind}::"InvoiceKind", ${i.number}, ${i.creditFor}, ${i.issuedAt},
        ${seller.name}, ${seller.nameAr}, ${seller.vatNumber}, ${seller.address}, ${seller.addressAr},
        ${buyer.name}, ${buyer.vat_number}, ${amounts.subtotalHalalas}, ${amounts.vatHalalas}, ${amounts.totalHalalas},
        ${i.payment?.provider ?? null}, ${i.payment?.reference ?? null})
      RETURNING id
    ), written AS (
      INSERT INTO invoice_line (invoice_id, position, description_ar, description_en, quantity, unit_halalas, net_halalas, vat_halalas)
      SELECT issued.id, l.* FROM issued, (VALUES ${Prisma.join(lines)}) AS l
    )
    SELECT id FROM issued`;
  if (!row) throw new Error("the invoice insert returned no row");
  return row.id;
}
