import { parse, CsvError } from "csv-parse/sync";
import { z } from "zod";
import { MAX_BULK_NUMBERS } from "../input/limits.js";
import { restError, type RestError } from "./errors.js";
import type { Body } from "./route.js";
import { recipientCellOf } from "./sheet-cells.js";

// POST /send-bulk with a spreadsheet: a header row (`to`, then one column per placeholder), one
// recipient per row, and the rest of the request in the query string. It becomes the same body a
// JSON caller sends with `recipients`, so it passes the same validation; errors about it are then
// named the way a shop owner finds them in the sheet: `row 17, column name` (the header is row 1).

/** A parameter whose field is a number in the JSON body (`account_id`), as its query form says. */
const isNumeric = (parameters: z.ZodObject, name: string) => (parameters.shape[name] as z.ZodOptional).unwrap() instanceof z.ZodNumber;

/** A parameter whose field is an object or a list in the JSON body (a content kind), sent as JSON text. */
const isJson = (parameters: z.ZodObject, name: string) => {
  const inner = (parameters.shape[name] as z.ZodOptional).unwrap();
  return z.globalRegistry.get(inner)?.contentMediaType === "application/json" || z.globalRegistry.get(parameters.shape[name] as z.ZodType)?.contentMediaType === "application/json";
};

/** A query value as the JSON body would carry it: a number, parsed JSON, or the text. */
function bodyValue(parameters: z.ZodObject, name: string, value: string): unknown {
  if (isNumeric(parameters, name) && /^\d{1,15}$/.test(value)) return Number(value);
  if (!isJson(parameters, name)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export const isCsv = (contentType: string) => /^text\/csv\s*(;|$)/i.test(contentType);

const invalid = (fields: Record<string, string>) => restError("VALIDATION_ERROR", `Invalid CSV: ${Object.keys(fields).join(", ")}.`, fields);

/** The CSV as a send-bulk body, or the errors that keep it from being one; `parameters` are those the query string may carry. */
export function csvBody(bytes: Buffer, search: URLSearchParams, parameters: z.ZodObject): Body | RestError {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return invalid({ body: "must be UTF-8 text (save the sheet as “CSV UTF-8”)" });
  }
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: false });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const row = (err as CsvError & { lines?: number }).lines;
    return invalid({
      [row ? `row ${row}` : "body"]:
        err.code === "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH"
          ? "has a different number of cells than the header"
          : "is not valid CSV (a quote is not closed, or a quote is inside an unquoted cell)",
    });
  }
  const [header, ...records] = rows;
  if (!header) return invalid({ body: "must have a header row: to, then one column per placeholder" });
  const columns = header.map((c) => c.trim());
  const toColumn = columns.findIndex((c) => c.toLowerCase() === "to");
  const fields: Record<string, string> = {};
  if (toColumn < 0) fields["row 1"] = "must name a `to` column";
  columns.forEach((c, i) => {
    if (i !== toColumn && columns.indexOf(c) !== i) fields[`row 1, column ${c}`] = "appears twice";
  });
  if (records.length > MAX_BULK_NUMBERS) fields.body = `must hold at most ${MAX_BULK_NUMBERS} rows besides the header`;
  const body: Body = {};
  for (const [name, value] of search) {
    if (name === "api_key") continue;
    if (!Object.hasOwn(parameters.shape, name)) fields[name] = "is not a parameter of this request";
    else if (name in body) fields[name] = "must be given once";
    else body[name] = bodyValue(parameters, name, value);
  }
  if (Object.keys(fields).length > 0) return invalid(fields);
  // Rows keep their sheet numbers in `rowOf`; a row with every cell empty is skipped.
  const recipients: Array<{ to: string; variables: Record<string, string> }> = [];
  const rowOf: number[] = [];
  records.forEach((cells, i) => {
    if (cells.every((c) => c === "")) return;
    const variables: Record<string, string> = {};
    // An empty cell is a value not given, so a placeholder that needs it is reported, not sent blank.
    cells.forEach((cell, c) => c !== toColumn && cell !== "" && (variables[columns[c]!] = cell));
    recipients.push({ to: cells[toColumn] ?? "", variables });
    rowOf.push(i + 2);
  });
  if (recipients.length === 0) return invalid({ body: "must hold at least one row besides the header" });
  body.recipients = recipients;
  Object.defineProperty(body, CSV_ROWS, { value: rowOf, enumerable: false });
  return body;
}

const CSV_ROWS = Symbol("csvRows");

/** The sheet row each recipient of a CSV body came from (the header is row 1). */
export const csvRowsOf = (body: Body): number[] => (body as { [CSV_ROWS]?: number[] })[CSV_ROWS] ?? [];

/**
 * An error's field names as the sheet shows them: `recipients[15][variables][name]` is
 * `row 17, column name` when recipient 15 came from row 17, and `recipients[15][to]` its `to`
 * cell. Query parameters keep their names.
 */
export function csvFieldNames(body: Body, fields: Record<string, string>): Record<string, string> {
  const rowOf = csvRowsOf(body);
  return Object.fromEntries(
    Object.entries(fields).map(([name, problem]) => {
      const cell = recipientCellOf(name);
      if (!cell) return [name === "recipients" ? "body" : name, problem];
      const row = rowOf[cell.index] ?? cell.index + 2;
      return [cell.column ? `row ${row}, column ${cell.column}` : `row ${row}`, problem];
    }),
  );
}
