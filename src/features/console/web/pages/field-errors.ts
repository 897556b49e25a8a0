import type { Texts } from "../i18n.js";
import { recipientCellOf } from "../../../../core/rest/sheet-cells.js";

// Where the API says a bulk send is wrong, in the words of the form: a field of the request, or a
// row and column of the sheet the recipients came from (their rows, in order).

export interface FieldError {
  /** The form field it belongs to (`recipients`, `text`, `template`, `sendAt`), for aria-describedby. */
  field: string;
  where: string;
  problem: string;
}

export function fieldErrors(tx: Texts, fields: Record<string, string>, rows: number[] | undefined): FieldError[] {
  return Object.entries(fields).map(([name, problem]) => {
    const cell = recipientCellOf(name);
    if (!cell) return { field: name.replace(/\[.*$/, ""), where: name, problem };
    const row = rows?.[cell.index] ?? cell.index + 1;
    return { field: "recipients", where: cell.column ? tx.t("rowColumn", { row, column: cell.column }) : tx.t("row", { row }), problem };
  });
}
