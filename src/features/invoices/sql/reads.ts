import type { PrismaClient } from "../../../generated/prisma/client.js";

// The invoices as read back: one whole (for its JSON and its PDF), a page of a tenant's by id, and
// the language the tenant reads first (its PDF's default).

type Reader = Pick<PrismaClient, "invoice">;

const withLines = { lines: { orderBy: { position: "asc" } }, creditFor: { select: { number: true } } } as const;

/** One invoice with its lines and, for a credit note, the number of the invoice it corrects; with `tenantId`, only that tenant's. */
export async function readInvoice(db: Reader, id: bigint, tenantId?: number) {
  return db.invoice.findFirst({ where: { id, ...(tenantId === undefined ? {} : { tenantId }) }, include: withLines });
}

export type InvoiceRecord = NonNullable<Awaited<ReturnType<typeof readInvoice>>>;

/** Which of a tenant's invoices a page holds, by id. */
export interface InvoicePage {
  /** Only ids below this one (the next page of the newest-first list). */
  olderThan: bigint | undefined;
  /** Only ids above this one (the previous page). */
  newerThan: bigint | undefined;
  /** Oldest first instead (paging backwards). */
  ascending: boolean;
  limit: number;
}

/** A page of a tenant's invoices with their lines, newest first unless `ascending`; at most `limit`. */
export async function listInvoices(db: Reader, tenantId: number, page: InvoicePage) {
  const ids = { ...(page.olderThan !== undefined ? { lt: page.olderThan } : {}), ...(page.newerThan !== undefined ? { gt: page.newerThan } : {}) };
  return db.invoice.findMany({
    where: { tenantId, ...(Object.keys(ids).length ? { id: ids } : {}) },
    orderBy: { id: page.ascending ? "asc" : "desc" },
    take: page.limit,
    include: withLines,
  });
}

/** A tenant's invoice's number and the tenant's language; null when the tenant has no invoice with that id. */
export async function readInvoiceFile(db: Reader, id: bigint, tenantId: number) {
  return db.invoice.findFirst({ where: { id, tenantId }, select: { number: true, tenant: { select: { locale: true } } } });
}
