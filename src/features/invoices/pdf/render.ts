import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { notFound } from "../../../core/errors.js";
import { invoiceTimeZone } from "../seller.js";
import { readInvoice, type InvoiceRecord } from "../sql/reads.js";
import { sar } from "../vat.js";
import { zatcaQrText, zatcaTimestamp } from "../zatca-qr.js";
import { PageWriter, registerFonts } from "./draw.js";
import { LABELS, type Bilingual } from "./labels.js";

// One bilingual A4 page per invoice: Arabic and English on every label, the page laid out right to
// left for "ar" and left to right for "en" (the language first read); ZATCA's phase-1 QR code at the
// foot (docs/invoices.md, "The PDF").

const MARGIN = 40;
const WIDTH = 595.28 - 2 * MARGIN;

/** The QR code's text: the Arabic name of the seller, its VAT number, the time, the total and the VAT. */
export const invoiceQrText = (inv: InvoiceRecord): string =>
  zatcaQrText({ sellerName: inv.sellerNameAr, vatNumber: inv.sellerVatNumber, timestamp: zatcaTimestamp(inv.issuedAt), total: sar(inv.totalHalalas), vat: sar(inv.vatHalalas) });

/** The invoice as a PDF in `locale`'s reading direction; NOT_FOUND when there is none with that id. */
export async function renderInvoicePdf(db: Pick<PrismaClient, "invoice">, invoiceId: bigint, locale: "ar" | "en"): Promise<Buffer> {
  const invoice = await readInvoice(db, invoiceId);
  if (!invoice) throw notFound("Invoice");
  const qr = await QRCode.toBuffer(invoiceQrText(invoice), { type: "png", errorCorrectionLevel: "M", margin: 4, scale: 4 });
  // The document's dates are the invoice's own, so one invoice always renders the same bytes.
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: invoice.number, CreationDate: invoice.issuedAt, ModDate: invoice.issuedAt, Producer: "gateway invoices" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  registerFonts(doc);
  const page = new PageWriter(doc, locale === "ar");
  drawInvoice(page, invoice, locale, qr);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function drawInvoice(page: PageWriter, inv: InvoiceRecord, locale: "ar" | "en", qr: Buffer): void {
  const say: Say = (l) => (locale === "ar" ? [l.ar, l.en] : [l.en, l.ar]);
  let y = drawHeading(page, inv, say);
  y = drawParties(page, inv, say, y + 16);
  y = drawLines(page, inv, say, locale, y + 18);
  y = drawTotals(page, inv, say, y + 10);
  drawFoot(page, inv, say, y + 20, qr);
}

type Say = (l: Bilingual) => [string, string];

const title = (inv: InvoiceRecord): Bilingual => (inv.kind === "credit_note" ? LABELS.creditNote : inv.buyerVatNumber ? LABELS.taxInvoice : LABELS.simplifiedTaxInvoice);

/** The time of issue in the service's zone, to the minute, in Western digits for both languages. */
function issuedText(at: Date): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: invoiceTimeZone(),
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

function drawHeading(page: PageWriter, inv: InvoiceRecord, say: Say): number {
  const [first, second] = say(title(inv));
  page.line(first, MARGIN, WIDTH / 2, MARGIN, { size: 18, bold: true });
  page.line(second, MARGIN, WIDTH / 2, MARGIN + 26, { size: 12 });
  const facts: [Bilingual, string][] = [
    [LABELS.number, inv.number],
    [LABELS.issued, issuedText(inv.issuedAt)],
    ...(inv.creditFor ? [[LABELS.corrects, inv.creditFor.number] as [Bilingual, string]] : []),
  ];
  let y = MARGIN;
  for (const [label, value] of facts) {
    page.line(say(label).join(" / "), MARGIN + WIDTH / 2, WIDTH / 4 + 20, y, { size: 8, color: "#555555" });
    page.line(value, MARGIN + (3 * WIDTH) / 4 + 20, WIDTH / 4 - 20, y, { size: 9, bold: true, align: "end", base: "ltr" });
    y += 16;
  }
  return Math.max(y, MARGIN + 44);
}

function drawParty(page: PageWriter, say: Say, start: number, y: number, label: Bilingual, lines: string[], vat: string | null): number {
  const width = WIDTH / 2 - 10;
  page.line(say(label).join(" / "), start, width, y, { size: 10, bold: true });
  page.rule(start, width, y + 15);
  let at = y + 20;
  for (const text of lines) {
    page.line(text, start, width, at, { size: 9 });
    at += 14;
  }
  if (!vat) return at;
  page.line(say(LABELS.vatNumber).join(" / "), start, width, at, { size: 8, color: "#555555" });
  page.line(vat, start, width, at + 12, { size: 9, base: "ltr" });
  return at + 26;
}

function drawParties(page: PageWriter, inv: InvoiceRecord, say: Say, y: number): number {
  const sellerLines = say({ ar: inv.sellerNameAr, en: inv.sellerName });
  const addressLines = say({ ar: inv.sellerAddressAr, en: inv.sellerAddress });
  const sellerEnd = drawParty(page, say, MARGIN, y, LABELS.seller, [...sellerLines, ...addressLines], inv.sellerVatNumber);
  const buyerEnd = drawParty(page, say, MARGIN + WIDTH / 2 + 10, y, LABELS.buyer, [inv.buyerName], inv.buyerVatNumber);
  return Math.max(sellerEnd, buyerEnd);
}

/** The lines' table: its columns from the reading start, as [label, width]. */
const COLUMNS: [Bilingual, number][] = [
  [LABELS.description, WIDTH - 5 * 68],
  [LABELS.quantity, 68],
  [LABELS.unitPrice, 68],
  [LABELS.net, 68],
  [LABELS.vat, 68],
  [LABELS.lineTotal, 68],
];

function columnStarts(): number[] {
  let at = MARGIN;
  return COLUMNS.map(([, w]) => {
    const start = at;
    at += w;
    return start;
  });
}

function drawLines(page: PageWriter, inv: InvoiceRecord, say: Say, locale: "ar" | "en", y: number): number {
  const starts = columnStarts();
  COLUMNS.forEach(([label, w], i) => {
    const [first, second] = say(label);
    const align = i === 0 ? "start" : "end";
    page.line(first, starts[i] ?? 0, w - 4, y, { size: 8, bold: true, align });
    page.line(second, starts[i] ?? 0, w - 4, y + 11, { size: 7, align, color: "#555555" });
  });
  page.rule(MARGIN, WIDTH, y + 24);
  let at = y + 30;
  for (const l of inv.lines) {
    const [first, second] = locale === "ar" ? [l.descriptionAr, l.descriptionEn] : [l.descriptionEn, l.descriptionAr];
    page.line(first, starts[0] ?? 0, (COLUMNS[0]?.[1] ?? 0) - 4, at, { size: 9 });
    page.line(second, starts[0] ?? 0, (COLUMNS[0]?.[1] ?? 0) - 4, at + 12, { size: 8, color: "#555555" });
    const values = [String(l.quantity), sar(l.unitHalalas), sar(l.netHalalas), sar(l.vatHalalas), sar(l.netHalalas + l.vatHalalas)];
    values.forEach((v, i) => page.line(v, starts[i + 1] ?? 0, (COLUMNS[i + 1]?.[1] ?? 0) - 4, at, { size: 9, align: "end", base: "ltr" }));
    at += 28;
  }
  page.rule(MARGIN, WIDTH, at);
  return at;
}

function drawTotals(page: PageWriter, inv: InvoiceRecord, say: Say, y: number): number {
  const rows: [Bilingual, number, boolean][] = [
    [LABELS.subtotal, inv.subtotalHalalas, false],
    [LABELS.vatTotal, inv.vatHalalas, false],
    [LABELS.total, inv.totalHalalas, true],
  ];
  let at = y;
  for (const [label, halalas, bold] of rows) {
    const [first, second] = say(label);
    page.line(first, MARGIN + WIDTH / 2, WIDTH / 2 - 90, at, { size: 9, bold });
    page.line(second, MARGIN + WIDTH / 2, WIDTH / 2 - 90, at + 12, { size: 7, color: "#555555" });
    page.line(`${sar(halalas)} SAR`, MARGIN + WIDTH - 90, 90, at, { size: 10, bold, align: "end", base: "ltr" });
    at += 28;
  }
  return at;
}

function drawFoot(page: PageWriter, inv: InvoiceRecord, say: Say, y: number, qr: Buffer): void {
  const size = 120;
  page.doc.image(qr, page.left(MARGIN, size), y, { width: size, height: size });
  let at = y;
  if (inv.paymentProvider && inv.paymentReference) {
    page.line(say(LABELS.payment).join(" / "), MARGIN + size + 20, WIDTH - size - 20, at, { size: 8, color: "#555555" });
    page.line(`${inv.paymentProvider} ${inv.paymentReference}`, MARGIN + size + 20, WIDTH - size - 20, at + 12, { size: 9, base: "ltr" });
    at += 32;
  }
  page.line(say(LABELS.currency).join(" / "), MARGIN + size + 20, WIDTH - size - 20, at, { size: 8, color: "#555555" });
}
