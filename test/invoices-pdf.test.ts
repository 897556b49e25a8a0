import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { issueInvoice, renderInvoicePdf } from "../src/features/invoices/index.js";
import { useServer } from "./kit/server.js";

// The PDF read back as a person's tools read it: its text by poppler's pdftotext, its QR code by
// rendering the page (pdftoppm) and decoding the image (jsQR), its TLV checked field by field.

const seller = {
  SELLER_NAME: "Sahm Gateway Co.",
  SELLER_NAME_AR: "شركة سهم للرسائل",
  SELLER_VAT_NUMBER: "310122393500003",
  SELLER_ADDRESS: "King Fahd Road, Riyadh",
  SELLER_ADDRESS_AR: "طريق الملك فهد، الرياض",
};
const server = useServer(seller);

// jsqr is CommonJS whose exports are the function; its types describe a default export.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-pdf-"));

function textOf(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

/** The QR code on the page, decoded from the page rendered at 150 dpi. */
function qrOf(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}-qr.pdf`);
  fs.writeFileSync(file, pdf);
  execFileSync("pdftoppm", ["-r", "150", "-png", "-singlefile", file, path.join(dir, `${name}-page`)]);
  const png = PNG.sync.read(fs.readFileSync(path.join(dir, `${name}-page.png`)));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error("no QR code found on the page");
  return code.data;
}

/** ZATCA's TLV: [tag, UTF-8 value] per field. */
function tlvFields(base64: string): [number, string][] {
  const bytes = Buffer.from(base64, "base64");
  const fields: [number, string][] = [];
  for (let i = 0; i < bytes.length; ) {
    const tag = bytes[i] ?? 0;
    const length = bytes[i + 1] ?? 0;
    fields.push([tag, bytes.subarray(i + 2, i + 2 + length).toString("utf8")]);
    i += 2 + length;
  }
  return fields;
}

/** The text with its whitespace runs made single spaces, so words and their order are what is compared. */
const words = (text: string) => text.replace(/[\u202A-\u202E]/g, "").replace(/\s+/g, " ");

describe("an invoice's PDF", () => {
  it("prints the seller, the buyer, the lines, VAT and totals, with Arabic in logical order, in both languages", async () => {
    const db = server().app.deps.db;
    const tenant = await server().seed.tenant().create();
    await db.$executeRaw`UPDATE tenant SET name = 'Nakheel Dates Trading', vat_number = '300055512300003' WHERE id = ${tenant.id}`;
    const issued = await issueInvoice(db, {
      tenantId: tenant.id,
      kind: "invoice",
      lines: [
        { descriptionAr: "باقة الرسائل الشهرية", descriptionEn: "Monthly messaging plan", quantity: 2, unitHalalas: 9_950 },
        { descriptionAr: "رقم إضافي", descriptionEn: "Extra number", quantity: 1, unitHalalas: 3 },
      ],
      payment: { provider: "moyasar", reference: "pay_pdf_1" },
      at: new Date("2026-11-29T09:15:00Z"),
    });
    // 199.00 + 0.03 ex VAT; VAT 29.85 + 0.00 (0.45 halala rounds down); total 228.88.
    expect(issued).toMatchObject({ subtotalHalalas: 19_903, vatHalalas: 2_985, totalHalalas: 22_888 });
    for (const locale of ["ar", "en"] as const) {
      const text = words(textOf(await renderInvoicePdf(db, issued.id, locale), locale));
      for (const expected of [
        issued.number,
        "فاتورة ضريبية",
        "Tax Invoice",
        "Sahm Gateway Co.",
        "شركة سهم للرسائل",
        "310122393500003",
        "King Fahd Road, Riyadh",
        "طريق الملك فهد",
        "Nakheel Dates Trading",
        "300055512300003",
        "باقة الرسائل الشهرية",
        "Monthly messaging plan",
        "رقم إضافي",
        "99.50",
        "199.00",
        "29.85",
        "0.03",
        "0.00",
        "199.03 SAR",
        "29.85 SAR",
        "228.88 SAR",
        "الإجمالي شامل الضريبة",
        "Total including VAT",
        "2026-11-29 12:15",
        "moyasar pay_pdf_1",
      ]) {
        expect(text, `${locale}: ${expected}`).toContain(expected);
      }
    }
  });

  it("carries ZATCA's QR code, its five fields as issued", async () => {
    const db = server().app.deps.db;
    const tenant = await server().seed.tenant().create();
    const issued = await issueInvoice(db, {
      tenantId: tenant.id,
      kind: "invoice",
      lines: [{ descriptionAr: "رسائل", descriptionEn: "Messages", quantity: 3, unitHalalas: 3_333 }],
      payment: null,
      at: new Date("2026-11-29T21:05:09.500Z"),
    });
    const pdf = await renderInvoicePdf(db, issued.id, "ar");
    // A buyer without a VAT number gets a simplified tax invoice.
    expect(words(textOf(pdf, "simplified"))).toContain("فاتورة ضريبية مبسطة");
    expect(tlvFields(qrOf(pdf, "simplified"))).toEqual([
      [1, "شركة سهم للرسائل"],
      [2, "310122393500003"],
      [3, "2026-11-29T21:05:09Z"],
      // 99.99 ex VAT, VAT 14.9985 → 15.00.
      [4, "114.99"],
      [5, "15.00"],
    ]);
  });

  it("of a credit note names the invoice it corrects", async () => {
    const db = server().app.deps.db;
    const tenant = await server().seed.tenant().create();
    const invoice = await issueInvoice(db, {
      tenantId: tenant.id,
      kind: "invoice",
      lines: [{ descriptionAr: "رسائل", descriptionEn: "Messages", quantity: 1, unitHalalas: 10_000 }],
      payment: null,
      at: new Date("2026-11-29T10:00:00Z"),
    });
    const credit = await issueInvoice(db, {
      tenantId: tenant.id,
      kind: "credit_note",
      creditFor: invoice.id,
      lines: [{ descriptionAr: "استرداد", descriptionEn: "Refund", quantity: 1, unitHalalas: 4_000 }],
      payment: null,
      at: new Date("2026-11-29T11:00:00Z"),
    });
    const text = words(textOf(await renderInvoicePdf(db, credit.id, "en"), "credit"));
    for (const expected of ["Credit Note", "إشعار دائن", credit.number, invoice.number, "Corrects invoice", "40.00 SAR", "6.00 SAR", "46.00 SAR"]) expect(text).toContain(expected);
  });

  it("is refused for an invoice that does not exist", async () => {
    await expect(renderInvoicePdf(server().app.deps.db, 999_999_999n, "en")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
