import { validationError } from "../errors.js";

/** Parses a message or batch id as the caller wrote it; anything that is not one is unknown. */
export function parseId(raw: string | number | bigint): bigint | undefined {
  const s = String(raw);
  if (!/^[1-9]\d{0,18}$/.test(s)) return undefined;
  const id = BigInt(s);
  return id <= 9_223_372_036_854_775_807n ? id : undefined;
}

/**
 * A page cursor (the id of the row it points at), or undefined when absent. A cursor that is not
 * one is refused rather than read as "from the start", so a broken client does not loop quietly.
 */
export function parseCursor(raw: string | undefined, field: "after" | "before"): bigint | undefined {
  if (raw === undefined) return undefined;
  const id = parseId(raw);
  if (id === undefined) throw validationError({ [field]: "is not a cursor of this list" });
  return id;
}
