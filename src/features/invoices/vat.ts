// The one place an invoice's amounts are computed: every line's VAT on its own, rounded to the
// halala half up, then summed (docs/invoices.md, "VAT and rounding"). Integers throughout: halalas
// never pass through a binary fraction.

/** Saudi VAT, in percent. */
export const VAT_PERCENT = 15;

export interface PricedLine {
  quantity: number;
  unitHalalas: number;
}

export interface LineAmounts {
  netHalalas: number;
  vatHalalas: number;
}

export interface InvoiceAmounts {
  lines: LineAmounts[];
  subtotalHalalas: number;
  vatHalalas: number;
  totalHalalas: number;
}

/** VAT of a net amount in halalas, rounded half up (50.5 halalas → 51); exact for any safe integer amount below 2^53 / 15. */
export const vatOfNet = (netHalalas: number): number => Math.floor((netHalalas * VAT_PERCENT + 50) / 100);

/** Each line's net (quantity × unit) and VAT, and their sums: subtotal, VAT, total. */
export function invoiceAmounts(lines: readonly PricedLine[]): InvoiceAmounts {
  const amounts = lines.map((l) => {
    const netHalalas = l.quantity * l.unitHalalas;
    return { netHalalas, vatHalalas: vatOfNet(netHalalas) };
  });
  const subtotalHalalas = amounts.reduce((sum, l) => sum + l.netHalalas, 0);
  const vatHalalas = amounts.reduce((sum, l) => sum + l.vatHalalas, 0);
  return { lines: amounts, subtotalHalalas, vatHalalas, totalHalalas: subtotalHalalas + vatHalalas };
}

/** Halalas as SAR with two decimals and no grouping (12345 → "123.45"), as the QR code and the invoice print them. */
export const sar = (halalas: number): string => `${Math.trunc(halalas / 100)}.${String(Math.abs(halalas % 100)).padStart(2, "0")}`;
