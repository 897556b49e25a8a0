// ZATCA's phase-1 QR code (E-Invoicing, simplified tax invoices): five fields, each written as a
// one-byte tag, a one-byte length of its UTF-8 bytes and those bytes, concatenated, then Base64
// (shared notes' references, §3; docs/invoices.md, "The QR code").

export interface ZatcaQrFields {
  sellerName: string;
  vatNumber: string;
  /** The issue time, `YYYY-MM-DDTHH:MM:SSZ`. */
  timestamp: string;
  /** The total with VAT, in SAR with two decimals. */
  total: string;
  /** The VAT, in SAR with two decimals. */
  vat: string;
}

function tlv(tag: number, value: string): Buffer {
  const bytes = Buffer.from(value, "utf8");
  // One byte of length: a longer value (a seller name past 255 bytes) cannot be written at all.
  if (bytes.length > 255) throw new Error(`ZATCA QR tag ${tag} is ${bytes.length} bytes; at most 255 fit`);
  return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
}

/** Tags 1–5 in order: seller, VAT number, time, total with VAT, VAT. */
export function zatcaQrText(f: ZatcaQrFields): string {
  return Buffer.concat([tlv(1, f.sellerName), tlv(2, f.vatNumber), tlv(3, f.timestamp), tlv(4, f.total), tlv(5, f.vat)]).toString("base64");
}

/** An instant as tag 3 writes it: UTC, to the second. */
export const zatcaTimestamp = (at: Date): string => `${at.toISOString().slice(0, 19)}Z`;
