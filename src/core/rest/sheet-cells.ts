/**
 * Which recipient and column a bulk send's field names (`recipients[15][variables][name]`,
 * `recipients[15][to]`, `recipients[15]`): the one reading of those names, for the CSV upload's
 * errors (csv-body.ts) and the console's send page, which each say it in their own words. No
 * imports, so the browser bundle can take it as it is. Undefined for a field of the request itself.
 */
export function recipientCellOf(field: string): { index: number; column: string | undefined } | undefined {
  const m = /^recipients\[(\d+)\](?:\[variables\]\[([^\]]+)\]|\[to\])?/.exec(field);
  if (!m) return undefined;
  return { index: Number(m[1]), column: m[2] ?? (field.endsWith("[to]") ? "to" : undefined) };
}
