import type { PrismaClient } from "../../../generated/prisma/client.js";

// The invoices as read back: one whole (for its JSON and its PDF) and a tenant's, newest first.

type Reader = Pick<PrismaClient, "invoice">;

const withLines = { lines: { orderBy: { position: "asc" } }, creditFor: { select: { number: true } } } as const;

/** One invoice with its lines and, for a credit note, the number of the invoice it corrects; with `tenantId`, only that tenant's. */
export async function readInvoice(db: Reader, id: bigint, tenantId?: number) {
  return db.invoice.findFirst({ where: { id, ...(tenantId === undefined ? {} : { tenantId }) }, include: withLines });
}

export type InvoiceRecord = NonNullable<Awaited<ReturnType<typeof readInvoice>>>;

/** A page of a tenant's invoices, newest first, after the id `before` when given; one more than `limit` tells that more follow. */
export async function listInvoices(db: Reader, tenantId: number, limit: number, before?: bigint) {
  return db.invoice.findMany({
    where: { tenantId, ...(before === undefined ? {} : { id: { lt: before } }) },
    orderBy: { id: "desc" },
    take: limit + 1,
    include: withLines,
  });
}
