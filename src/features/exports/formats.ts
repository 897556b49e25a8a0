// How an export's rows are written: the columns of each kind, in the order of the file, and the
// two formats. NDJSON keeps every value as it is; CSV follows RFC 4180 (fields with a comma, a
// quote or a line break are quoted, quotes doubled, lines end in CRLF) and starts with a byte
// order mark, without which spreadsheet programs read UTF-8 Arabic as mojibake.

/** One row as the file holds it: strings, numbers, booleans or null, under the column names. */
export type ExportRow = Record<string, string | number | boolean | null>;

export const MESSAGE_COLUMNS = ["id", "to", "status", "error", "kind", "text", "image_url", "account_id", "batch_id", "created_at", "sent_at", "delivered_at", "read_at"] as const;

export const INBOUND_COLUMNS = [
  "id",
  "account_id",
  "from",
  "from_lid",
  "type",
  "text",
  "media_url",
  "mime_type",
  "file_name",
  "latitude",
  "longitude",
  "in_reply_to_message_id",
  "batch_id",
  "opt_out",
  "sent_at",
  "received_at",
] as const;

export const CSV_BOM = "\uFEFF";

/**
 * A text a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) is
 * written after an apostrophe, as OWASP advises for CSV files: contacts write these texts, and the
 * file is opened by staff. NDJSON, read by programs, keeps them as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: empty for null, quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: readonly (string | number | boolean | null)[]) => `${values.map(csvField).join(",")}\r\n`;

/** What the file starts with, before its first row. */
export const fileHead = (format: "csv" | "ndjson", columns: readonly string[]) => (format === "csv" ? `${CSV_BOM}${csvLine(columns)}` : "");

/** One row as a line of the file. */
export const fileLine = (format: "csv" | "ndjson", columns: readonly string[], row: ExportRow) =>
  format === "csv" ? csvLine(columns.map((c) => row[c] ?? null)) : `${JSON.stringify(row)}\n`;
