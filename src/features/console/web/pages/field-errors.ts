import type { Texts } from "../i18n.js";

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
    const m = /^recipients\[(\d+)\](?:\[variables\]\[([^\]]+)\]|\[to\])?/.exec(name);
    if (!m) return { field: name.replace(/\[.*$/, ""), where: name, problem };
    const index = Number(m[1]);
    const row = rows?.[index] ?? index + 1;
    const column = m[2] ?? (name.endsWith("[to]") ? "to" : undefined);
    return { field: "recipients", where: column ? tx.t("rowColumn", { row, column }) : tx.t("row", { row }), problem };
  });
}
