import type { PrismaClient } from "../../generated/prisma/client.js";
import { ServiceError, notFound, validationError } from "../../core/errors.js";
import { checkIssueInput, MAX_HALALAS, type IssueInvoiceInput } from "./issue-input.js";
import { invoiceSettings } from "./seller.js";
import {
  buyerOf,
  creditedSoFar,
  insertInvoice,
  invoiceForPayment,
  lockCreditedInvoice,
  numberedInvoiceRow,
  paymentInvoiceRow,
  takeNumber,
  type InvoiceSqlClient,
} from "./sql/issue.js";
import { invoiceAmounts, type InvoiceAmounts } from "./vat.js";

export interface IssuedInvoice {
  id: bigint;
  number: string;
  subtotalHalalas: number;
  vatHalalas: number;
  totalHalalas: number;
}

/** The client of the caller's transaction, or the client itself (then issuing runs in a transaction of its own). */
export type InvoiceClient = InvoiceSqlClient & Partial<Pick<PrismaClient, "$transaction" | "$connect">>;

const SERIES = { invoice: "INV", credit_note: "CRN" } as const;

/** INV-2026-000123: the series, the year, the number in six digits (more once a year passes 999,999). */
export const invoiceNumber = (series: string, year: number, n: number): string => `${series}-${year}-${String(n).padStart(6, "0")}`;

/** The calendar year of `at` in `timeZone`, which numbers the invoices issued then. */
const yearIn = (at: Date, timeZone: string): number => Number(new Intl.DateTimeFormat("en", { timeZone, year: "numeric" }).format(at));

/**
 * Issues an invoice or a credit note within the caller's transaction: numbered from its series'
 * counter (no gaps, no duplicates: a rollback returns the number), with the seller and buyer as
 * they are now, and its amounts from invoiceAmounts. Refuses (422) a bad input, a credit note for
 * another tenant's invoice or above what is left to credit, and (409) a payment already invoiced.
 */
export async function issueInvoice(tx: InvoiceClient, input: IssueInvoiceInput): Promise<IssuedInvoice> {
  checkIssueInput(input);
  const { seller, timeZone } = invoiceSettings();
  const amounts = invoiceAmounts(input.lines);
  if (amounts.totalHalalas > MAX_HALALAS) throw validationError({ lines: "the total is above what one invoice may hold (21,474,836.47 SAR)" });
  const issue = async (t: InvoiceSqlClient) => {
    const buyer = await buyerOf(t, input.tenantId);
    if (!buyer) throw notFound("Tenant");
    await checkPaymentUnused(t, input);
    if (input.kind === "credit_note") await checkCreditable(t, input, amounts);
    const year = yearIn(input.at, timeZone);
    const series = SERIES[input.kind];
    const number = invoiceNumber(series, year, await takeNumber(t, series, year));
    const id = await insertInvoice(t, { ...input, number, creditFor: input.creditFor ?? null, issuedAt: input.at, seller, buyer, amounts });
    return { id, number, subtotalHalalas: amounts.subtotalHalalas, vatHalalas: amounts.vatHalalas, totalHalalas: amounts.totalHalalas };
  };
  try {
    // The client itself (a transaction's client has no $connect) would commit the counter and the
    // insert apart: issuing is one unit, so it gets a transaction of its own.
    return tx.$connect && tx.$transaction ? await tx.$transaction((t) => issue(t)) : await issue(tx);
  } catch (err) {
    if (input.payment && paymentKeyTaken(err)) throw paymentInvoiced(input);
    throw err;
  }
}

/** The payment's unique index refused a second invoice that raced the check (any other failure is not this one). */
const paymentKeyTaken = (err: unknown): boolean =>
  err instanceof Error && /23505/.test(err.message) && /invoice_kind_payment_provider_payment_reference_key|payment_provider/.test(err.message);

const paymentInvoiced = (input: IssueInvoiceInput, number?: string) =>
  new ServiceError(
    "PAYMENT_ALREADY_INVOICED",
    `The ${input.kind === "invoice" ? "payment" : "refund"} ${input.payment?.provider} ${input.payment?.reference} already has its ${input.kind === "invoice" ? "invoice" : "credit note"}${number ? ` ${number}` : ""}.`,
    undefined,
    number ? { number } : undefined,
  );

async function checkPaymentUnused(t: InvoiceSqlClient, input: IssueInvoiceInput): Promise<void> {
  if (!input.payment) return;
  const existing = await invoiceForPayment(t, input.kind, input.payment.provider, input.payment.reference);
  if (existing) throw paymentInvoiced(input, existing);
}

/** A credit note corrects an invoice of the same tenant, and takes back at most what is left of it. */
async function checkCreditable(t: InvoiceSqlClient, input: IssueInvoiceInput, amounts: InvoiceAmounts): Promise<void> {
  const id = input.creditFor as bigint;
  const credited = await lockCreditedInvoice(t, id);
  if (!credited || credited.tenant_id !== input.tenantId) throw validationError({ creditFor: "no invoice of this tenant has this id" });
  if (credited.kind !== "invoice") throw validationError({ creditFor: "a credit note corrects an invoice, not another credit note" });
  const left = credited.total_halalas - (await creditedSoFar(t, id));
  if (amounts.totalHalalas > left) throw validationError({ lines: `the credit note's total is above what is left to credit on that invoice (${left} halalas)` });
}

/** The invoice of a provider's payment, if one was issued: what a refund's credit note corrects. */
export async function invoiceOfPayment(tx: InvoiceSqlClient, provider: string, reference: string) {
  const row = await paymentInvoiceRow(tx, provider, reference);
  return row && { id: row.id, number: row.number, subtotalHalalas: row.subtotal_halalas, totalHalalas: row.total_halalas, creditedHalalas: row.credited };
}

/** An invoice by its number (INV-2026-000123), with its payment and what its credit notes took back: what a refund starts from. */
export async function invoiceByNumber(tx: InvoiceSqlClient, number: string) {
  const row = await numberedInvoiceRow(tx, number);
  return (
    row && {
      id: row.id,
      tenantId: row.tenant_id,
      kind: row.kind,
      number,
      totalHalalas: row.total_halalas,
      creditedHalalas: row.credited,
      paymentProvider: row.payment_provider,
      paymentReference: row.payment_reference,
    }
  );
}
