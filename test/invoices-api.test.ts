import { beforeAll, describe, expect, it } from "vitest";
import { graphql } from "../src/gql/index.js";
import { issueInvoice, renderInvoicePdf, type IssuedInvoice } from "../src/features/invoices/index.js";
import type { SeededTenant } from "./kit/seed.js";
import { useServer } from "./kit/server.js";
import { changedTables, storeDigest } from "./kit/store-digest.js";

// A tenant reading the invoices the operator issued it, through the server as a client does: the
// REST list, page and PDF, and GraphQL's invoice and invoices; another tenant's invoice is not found
// on every path, a key without billing:read is refused, and bad input changes nothing.

const server = useServer({
  SELLER_NAME: "Sahm Gateway Co.",
  SELLER_NAME_AR: "شركة سهم للرسائل",
  SELLER_VAT_NUMBER: "310122393500003",
  SELLER_ADDRESS: "King Fahd Road, Riyadh",
  SELLER_ADDRESS_AR: "طريق الملك فهد، الرياض",
});

const InvoicesQuery = graphql(`
  query TestInvoices($first: Int, $after: String) {
    invoices(first: $first, after: $after) {
      edges { cursor node { id number kind totalHalalas creditFor pdfPath } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

const InvoiceQuery = graphql(`
  query TestInvoice($id: ID!) {
    invoice(id: $id) {
      id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }
      lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }
      subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath
    }
  }
`);

let nakheel: SeededTenant;
let other: SeededTenant;
/** Nakheel's, oldest first: three invoices, then a credit note of the first. */
const issued: IssuedInvoice[] = [];
let othersInvoice: IssuedInvoice;
const issuedAt = new Date("2026-11-29T09:15:00Z");

const plan = { descriptionAr: "باقة الرسائل الشهرية", descriptionEn: "Monthly messaging plan", quantity: 2, unitHalalas: 9_950 };
const extra = { descriptionAr: "رقم إضافي", descriptionEn: "Extra number", quantity: 1, unitHalalas: 3 };

beforeAll(async () => {
  const db = server().app.deps.db;
  nakheel = await server().seed.tenant().create();
  other = await server().seed.tenant().create();
  await db.$executeRaw`UPDATE tenant SET name = 'Nakheel Dates Trading', vat_number = '300055512300003', locale = 'en' WHERE id = ${nakheel.id}`;
  for (const reference of ["pay_1", "pay_2", "pay_3"]) {
    issued.push(await issueInvoice(db, { tenantId: nakheel.id, kind: "invoice", lines: [plan, extra], payment: { provider: "moyasar", reference }, at: issuedAt }));
  }
  issued.push(
    await issueInvoice(db, {
      tenantId: nakheel.id,
      kind: "credit_note",
      creditFor: issued[0]!.id,
      lines: [{ ...plan, quantity: 1 }],
      payment: { provider: "moyasar", reference: "ref_1" },
      at: issuedAt,
    }),
  );
  othersInvoice = await issueInvoice(db, { tenantId: other.id, kind: "invoice", lines: [extra], payment: null, at: issuedAt });
});

const nakheelApi = () => server().client(nakheel.key);

async function download(path: string, key: string) {
  const r = await fetch(`${server().url}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
}

describe("reading invoices over REST", () => {
  it("lists the tenant's invoices newest first, a page at a time by cursor, and never another tenant's", async () => {
    const first = await nakheelApi().get("/invoices?limit=3");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.invoices.map((i: { number: string }) => i.number)).toEqual([issued[3]!.number, issued[2]!.number, issued[1]!.number]);
    expect(first.body.next_cursor).toBe(String(issued[1]!.id));
    const second = await nakheelApi().get(`/invoices?limit=3&cursor=${first.body.next_cursor}`);
    expect(second.status).toBe(200);
    expect(second.body.invoices.map((i: { number: string }) => i.number)).toEqual([issued[0]!.number]);
    expect(second.body.next_cursor).toBeNull();

    const others = await server().client(other.key).get("/invoices");
    expect(others.body).toEqual({ invoices: [expect.objectContaining({ number: othersInvoice.number })], next_cursor: null });
  });

  it("reads one invoice whole, and a credit note with the number it corrects", async () => {
    const r = await nakheelApi().get(`/invoices/${issued[0]!.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      id: Number(issued[0]!.id),
      number: issued[0]!.number,
      kind: "invoice",
      issued_at: server().app.deps.clock.timestamp(issuedAt),
      seller: { name: "Sahm Gateway Co.", vat_number: "310122393500003" },
      buyer: { name: "Nakheel Dates Trading", vat_number: "300055512300003" },
      lines: [
        { position: 1, description_ar: plan.descriptionAr, description_en: plan.descriptionEn, quantity: 2, unit_halalas: 9_950, net_halalas: 19_900, vat_halalas: 2_985 },
        { position: 2, description_ar: extra.descriptionAr, description_en: extra.descriptionEn, quantity: 1, unit_halalas: 3, net_halalas: 3, vat_halalas: 0 },
      ],
      subtotal_halalas: 19_903,
      vat_halalas: 2_985,
      total_halalas: 22_888,
      currency: "SAR",
      credit_for: null,
      payment_provider: "moyasar",
      payment_reference: "pay_1",
      pdf_path: `/invoices/${issued[0]!.id}/pdf`,
    });

    const note = await nakheelApi().get(`/invoices/${issued[3]!.id}`);
    expect(note.body).toMatchObject({
      kind: "credit_note",
      credit_for: issued[0]!.number,
      subtotal_halalas: 9_950,
      vat_halalas: 1_493,
      total_halalas: 11_443,
      payment_reference: "ref_1",
    });
  });

  it("downloads the PDF: the bytes the renderer makes for the language asked, or the tenant's own by default", async () => {
    const db = server().app.deps.db;
    const id = issued[0]!.id;
    for (const [query, locale] of [
      ["?lang=ar", "ar"],
      ["?lang=en", "en"],
      ["", "en"],
    ] as const) {
      const r = await download(`/invoices/${id}/pdf${query}`, nakheel.key);
      expect(r.status).toBe(200);
      const expected = await renderInvoicePdf(db, id, locale);
      expect(r.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(r.bytes.equals(expected), `${query || "no lang"} is the ${locale} rendering`).toBe(true);
      expect(r.headers.get("content-type")).toBe("application/pdf");
      expect(r.headers.get("content-length")).toBe(String(expected.length));
      expect(r.headers.get("content-disposition")).toBe(`attachment; filename="${issued[0]!.number}.pdf"`);
      expect(r.headers.get("cache-control")).toBe("private, no-store");
    }
    // The other tenant's language is Arabic, the default of a tenant.
    const theirs = await download(`/invoices/${othersInvoice.id}/pdf`, other.key);
    expect(theirs.bytes.equals(await renderInvoicePdf(db, othersInvoice.id, "ar"))).toBe(true);
    // The two languages are different pages.
    expect((await renderInvoicePdf(db, id, "ar")).equals(await renderInvoicePdf(db, id, "en"))).toBe(false);
  });

  it("answers another tenant's invoice exactly as an id nobody has: 404, on all three paths", async () => {
    for (const id of [othersInvoice.id, 999_999_999n]) {
      const one = await nakheelApi().get(`/invoices/${id}`);
      expect(one.status).toBe(404);
      expect(one.body).toEqual({ success: false, error: { code: "NOT_FOUND", message: "Invoice not found." } });
      const pdf = await nakheelApi().get(`/invoices/${id}/pdf?lang=ar`);
      expect(pdf.status).toBe(404);
      expect(pdf.body).toEqual({ success: false, error: { code: "NOT_FOUND", message: "Invoice not found." } });
    }
    const list = await server().client(other.key).get("/invoices?limit=100");
    expect(list.body.invoices.map((i: { id: number }) => i.id)).toEqual([Number(othersInvoice.id)]);
  });

  it("refuses a key without billing:read with 403 INSUFFICIENT_SCOPE on every path, changing nothing", async () => {
    const made = await nakheelApi().post("/keys", { label: "no billing", scopes: ["messages:read", "accounts:read"] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const key = made.body.secret as string;
    const before = await storeDigest(server());
    for (const path of ["/invoices", `/invoices/${issued[0]!.id}`, `/invoices/${issued[0]!.id}/pdf`]) {
      const r = await server().client(key).get(path);
      expect(r.status, path).toBe(403);
      expect(r.body, path).toMatchObject({ success: false, error: { code: "INSUFFICIENT_SCOPE" }, scope: "billing:read" });
    }
    const gql = await server()
      .client(key)
      .graphql(InvoiceQuery, { id: String(issued[0]!.id) });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: "INSUFFICIENT_SCOPE", scope: "billing:read" });
    expect(changedTables(before, await storeDigest(server()))).toEqual([]);
  });

  it("refuses bad ids, cursors, limits and languages in the error shape, changing nothing", async () => {
    const before = await storeDigest(server());
    const id = issued[0]!.id;
    const cases: [string, number, Record<string, string>][] = [
      ["/invoices/abc", 422, { id: "must be an id: digits, not starting with 0" }],
      ["/invoices/-1", 422, { id: "must be an id: digits, not starting with 0" }],
      ["/invoices/01", 422, { id: "must be an id: digits, not starting with 0" }],
      ["/invoices/abc/pdf", 422, { id: "must be an id: digits, not starting with 0" }],
      [`/invoices/${id}/pdf?lang=fr`, 422, { lang: expect.any(String) as string }],
      [`/invoices/${id}/pdf?format=png`, 422, { format: expect.any(String) as string }],
      ["/invoices?cursor=x", 422, { cursor: expect.any(String) as string }],
      ["/invoices?limit=500", 422, { limit: expect.any(String) as string }],
    ];
    for (const [path, status, fields] of cases) {
      const r = await nakheelApi().get(path);
      expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(status);
      expect(r.body, path).toEqual({ success: false, error: { code: "VALIDATION_ERROR", message: expect.any(String), fields } });
    }
    expect(changedTables(before, await storeDigest(server()))).toEqual([]);
  });
});

describe("reading invoices over GraphQL", () => {
  it("pages the invoices newest first by the cursors it gives", async () => {
    const first = await nakheelApi().graphql(InvoicesQuery, { first: 2 });
    expect(first.errors).toBeUndefined();
    const page1 = first.data!.invoices;
    expect(page1.edges.map((e) => e.node.number)).toEqual([issued[3]!.number, issued[2]!.number]);
    expect(page1.edges[0]!.node).toMatchObject({ kind: "credit_note", creditFor: issued[0]!.number, totalHalalas: 11_443, pdfPath: `/invoices/${issued[3]!.id}/pdf` });
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const second = await nakheelApi().graphql(InvoicesQuery, { first: 2, after: page1.pageInfo.endCursor });
    expect(second.data!.invoices.edges.map((e) => e.node.number)).toEqual([issued[1]!.number, issued[0]!.number]);
    expect(second.data!.invoices.pageInfo.hasNextPage).toBe(false);
  });

  it("reads one invoice's fields, and answers NOT_FOUND for another tenant's", async () => {
    const r = await nakheelApi().graphql(InvoiceQuery, { id: String(issued[1]!.id) });
    expect(r.errors).toBeUndefined();
    expect(r.data!.invoice).toEqual({
      id: String(issued[1]!.id),
      number: issued[1]!.number,
      kind: "invoice",
      issuedAt: server().app.deps.clock.timestamp(issuedAt),
      seller: { name: "Sahm Gateway Co.", vatNumber: "310122393500003" },
      buyer: { name: "Nakheel Dates Trading", vatNumber: "300055512300003" },
      lines: [
        { position: 1, descriptionAr: plan.descriptionAr, descriptionEn: plan.descriptionEn, quantity: 2, unitHalalas: 9_950, netHalalas: 19_900, vatHalalas: 2_985 },
        { position: 2, descriptionAr: extra.descriptionAr, descriptionEn: extra.descriptionEn, quantity: 1, unitHalalas: 3, netHalalas: 3, vatHalalas: 0 },
      ],
      subtotalHalalas: 19_903,
      vatHalalas: 2_985,
      totalHalalas: 22_888,
      currency: "SAR",
      creditFor: null,
      paymentProvider: "moyasar",
      paymentReference: "pay_2",
      pdfPath: `/invoices/${issued[1]!.id}/pdf`,
    });

    const theirs = await nakheelApi().graphql(InvoiceQuery, { id: String(othersInvoice.id) });
    expect(theirs.data).toBeNull();
    expect(theirs.errors).toEqual([expect.objectContaining({ message: "Invoice not found.", extensions: expect.objectContaining({ code: "NOT_FOUND" }) })]);
    const buyer = await server()
      .client(other.key)
      .graphql(InvoiceQuery, { id: String(othersInvoice.id) });
    expect(buyer.data!.invoice).toMatchObject({ number: othersInvoice.number, buyer: { vatNumber: null }, creditFor: null, paymentProvider: null });
  });
});
