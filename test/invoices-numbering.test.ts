import { describe, expect, it } from "vitest";
import { issueInvoice, type IssueInvoiceInput } from "../src/features/invoices/index.js";
import { onPostgres, useServer } from "./kit/server.js";
import { VOLUME_MS } from "./kit/limits.js";

// The numbers of each series are gap-free and unique however many issuers race and however many
// of their transactions roll back (docs/invoices.md, "Numbering"); an issued invoice never changes.

const server = useServer({
  SELLER_NAME: "Numbering Test Operator",
  SELLER_NAME_AR: "مشغل اختبار الترقيم",
  SELLER_VAT_NUMBER: "310122393500003",
  SELLER_ADDRESS: "King Fahd Road, Riyadh",
  SELLER_ADDRESS_AR: "طريق الملك فهد، الرياض",
});

const at = new Date("2026-11-29T09:00:00Z");
const line = { descriptionAr: "باقة الرسائل", descriptionEn: "Messaging plan", quantity: 1, unitHalalas: 10_000 };
const invoiceInput = (tenantId: number, reference: string): IssueInvoiceInput => ({
  tenantId,
  kind: "invoice",
  lines: [line],
  payment: { provider: "moyasar", reference },
  at,
});

class RolledBack extends Error {}

/** Issues in a transaction of its own, then commits or rolls back; the number it was given either way. */
async function issueThen(input: IssueInvoiceInput, commit: boolean): Promise<string> {
  let number = "";
  await server()
    .app.deps.db.$transaction(async (tx) => {
      number = (await issueInvoice(tx, input)).number;
      if (!commit) throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return number;
}

const numbersOf = async (tenantId: number) =>
  (await server().app.deps.db.$queryRaw<{ number: string; kind: string }[]>`SELECT number, kind::text FROM invoice WHERE tenant_id = ${tenantId} ORDER BY number`).map(
    (r) => r.number,
  );

const series = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}-2026-${String(from + i).padStart(6, "0")}`);

describe("invoice numbers", () => {
  it(
    `have no gaps and no duplicates with ${onPostgres ? "concurrent" : "serialised"} issuers, a third of whom roll back`,
    async () => {
      const tenant = await server().seed.tenant().create();
      const issuers = 60;
      const issue = (i: number) => issueThen(invoiceInput(tenant.id, `pay_${i}`), i % 3 !== 0);
      const numbers: string[] = [];
      // PGlite has one connection: its transactions queue, one after the other, past Prisma's wait to start one.
      if (onPostgres) numbers.push(...(await Promise.all(Array.from({ length: issuers }, (_, i) => issue(i)))));
      else for (let i = 0; i < issuers; i++) numbers.push(await issue(i));
      const committed = await numbersOf(tenant.id);
      // The first file's server issues from a fresh database: its numbers start at 1.
      expect(committed).toEqual(series("INV", 1, issuers - issuers / 3));
      // Every issuer was given a number; a rolled-back one was given again to another issuer.
      expect(numbers.every((n) => /^INV-2026-\d{6}$/.test(n))).toBe(true);
      expect(new Set(numbers.filter((_, i) => i % 3 !== 0)).size).toBe(issuers - issuers / 3);
    },
    VOLUME_MS,
  );

  it("number credit notes in a series of their own, checked against what is left to credit", async () => {
    const tenant = await server().seed.tenant().create();
    const invoice = await issueInvoice(server().app.deps.db, { ...invoiceInput(tenant.id, "pay_credit"), lines: [{ ...line, quantity: 4, unitHalalas: 2_500 }] });
    expect(invoice.totalHalalas).toBe(11_500);
    const credit = (quantity: number, reference: string): IssueInvoiceInput => ({
      tenantId: tenant.id,
      kind: "credit_note",
      lines: [{ ...line, quantity, unitHalalas: 2_500 }],
      payment: { provider: "moyasar", reference },
      creditFor: invoice.id,
      at,
    });
    // Eight refunds of one unit race for the four units the invoice holds: four pass, in order.
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => issueInvoice(server().app.deps.db, credit(1, `refund_${i}`))));
    const passed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.number] : []));
    const refused = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { code?: string }).code] : []));
    expect(passed.sort()).toEqual(series("CRN", 1, 4));
    expect(refused).toEqual(["VALIDATION_ERROR", "VALIDATION_ERROR", "VALIDATION_ERROR", "VALIDATION_ERROR"]);
  });

  it("refuses a second invoice for one payment, and keeps the number for the next", async () => {
    const tenant = await server().seed.tenant().create();
    const first = await issueInvoice(server().app.deps.db, invoiceInput(tenant.id, "pay_twice"));
    await expect(issueInvoice(server().app.deps.db, invoiceInput(tenant.id, "pay_twice"))).rejects.toMatchObject({
      code: "PAYMENT_ALREADY_INVOICED",
      details: { number: first.number },
    });
    const next = await issueInvoice(server().app.deps.db, invoiceInput(tenant.id, "pay_after"));
    expect(Number(next.number.slice(-6))).toBe(Number(first.number.slice(-6)) + 1);
  });
});

describe("an issued invoice", () => {
  it("cannot be changed or deleted, and keeps the seller and buyer it was issued with", async () => {
    const db = server().app.deps.db;
    const tenant = await server().seed.tenant().create();
    await db.$executeRaw`UPDATE tenant SET name = 'Buyer Before', vat_number = '300000000000013' WHERE id = ${tenant.id}`;
    const issued = await issueInvoice(db, invoiceInput(tenant.id, "pay_immutable"));
    await db.$executeRaw`UPDATE tenant SET name = 'Buyer After', vat_number = NULL WHERE id = ${tenant.id}`;
    await expect(db.$executeRaw`UPDATE invoice SET total_halalas = 1 WHERE id = ${issued.id}`).rejects.toThrow(/UPDATE of an issued invoice is refused/);
    await expect(db.$executeRaw`DELETE FROM invoice_line WHERE invoice_id = ${issued.id}`).rejects.toThrow(/DELETE of an issued invoice is refused/);
    await expect(db.$executeRaw`TRUNCATE invoice CASCADE`).rejects.toThrow(/TRUNCATE of an issued invoice is refused/);
    const [row] = await db.$queryRaw<Record<string, unknown>[]>`
      SELECT buyer_name, buyer_vat_number, seller_name, seller_vat_number, subtotal_halalas, vat_halalas, total_halalas FROM invoice WHERE id = ${issued.id}`;
    expect(row).toEqual({
      buyer_name: "Buyer Before",
      buyer_vat_number: "300000000000013",
      seller_name: "Numbering Test Operator",
      seller_vat_number: "310122393500003",
      subtotal_halalas: 10_000,
      vat_halalas: 1_500,
      total_halalas: 11_500,
    });
  });
});
