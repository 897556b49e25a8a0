import fc from "fast-check";

// Hostile values for the fuzz tests (test/fuzz-*.test.ts): strings, numbers and JSON that a
// careless server mishandles, and a writer of JSON text that can say what JSON.stringify cannot
// (1e999, 10,000 levels of nesting, a key given twice).

/** Text written into a JSON body, or a GraphQL document, exactly as it is. */
export class Raw {
  constructor(readonly text: string) {}
}

/** A GraphQL enum value: bare in a document, a string in JSON variables. */
export class EnumValue {
  constructor(readonly name: string) {}
}

/** JSON text of `v`, with Raw parts written as they are (JSON.stringify escapes lone surrogates as \ud800). */
export function rawJson(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (v instanceof EnumValue) return JSON.stringify(v.name);
  if (Array.isArray(v)) return `[${v.map(rawJson).join(",")}]`;
  if (v !== null && typeof v === "object") {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${rawJson(x)}`)
      .join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}

/** `o` with `key` set as an own, enumerable property (`__proto__` included). */
export function withKey(o: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...o };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

export function without(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...o };
  delete copy[key];
  return copy;
}

/** Nesting written as text: `[[[…]]]` or `{"a":{"a":…1}}`. */
export const deepJson = (depth: number, kind: "array" | "object") =>
  new Raw(kind === "array" ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`);

export const deepValue = fc.tuple(fc.constantFrom(64, 1_000, 10_000, 100_000), fc.constantFrom("array" as const, "object" as const)).map(([depth, kind]) => deepJson(depth, kind));

const ZW = "\u200B";
const RTL = "\u202E";

export const HOSTILE_STRINGS: readonly string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "x\udc00y",
  "\ud83d",
  `${RTL}gnp.exe`,
  ZW,
  `05${ZW}01234567`,
  "\uFEFF",
  "\r\n\t",
  "مرحبا بالعالم",
  "٠٥٠١٢٣٤٥٦٧",
  "０５０１２３４５６７",
  "😀👍🏽",
  "%00",
  "%E0%A4%A",
  "%zz",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "__proto__",
  "constructor",
  "null",
  "NaN",
  "Infinity",
  "-1",
  "1e999",
  "0x1F",
  "99999999999999999999999999",
  "9223372036854775808",
  "+966 50 123 4567",
  "gw_aaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
  "http://127.0.0.1:1/x",
  "https://[::1]/x",
  "javascript:alert(1)",
  "\\",
  '"',
  "{{}}",
];

/** Ways to spoil a valid string while keeping it recognisable. */
const spoilers: ReadonlyArray<(s: string) => string> = [
  (s) => `${s}\u0000`,
  (s) => `${s.slice(0, 2)}\u0000${s.slice(2)}`,
  (s) => `\ud800${s}`,
  (s) => `${s}\udfff`,
  (s) => `${RTL}${s}`,
  (s) => `${s.slice(0, 3)}${ZW}${s.slice(3)}`,
  (s) => `\uFEFF${s}`,
  (s) => ` ${s} `,
  (s) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))),
  (s) => s.repeat(Math.ceil(5_000 / Math.max(1, s.length))),
  (s) => `${s}\n${s}`,
  (s) => s.toUpperCase(),
];

/** A hostile string: from the list, a spoiled `valid`, random code points, surrogate halves, or a long one. */
export function hostileString(valid?: string): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
    { arbitrary: fc.constantFrom(...spoilers).map((spoil) => spoil(valid ?? "0501234567")), weight: 4 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 24 }), weight: 2 },
    { arbitrary: fc.array(fc.integer({ min: 0xd800, max: 0xdfff }), { minLength: 1, maxLength: 3 }).map((u) => String.fromCharCode(...u)), weight: 1 },
    { arbitrary: fc.constantFrom(4_001, 70_000).map((n) => "x".repeat(n)), weight: 1 },
  );
}

/** Numbers a JSON schema's integer does not expect, some written as raw text (1e999 is Infinity). */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(0, -1, -0, 1.5, -2_147_483_649, 2_147_483_648, 2 ** 53, 2 ** 53 + 2, 2 ** 63, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.constantFrom("1e999", "-1e999", "1e-999", "123456789012345678901234567890", "1E2", "-0", "0.0000001", "1.0").map((t) => new Raw(t)),
  fc.integer({ min: -2_147_483_648, max: -1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value of another JSON type than `valid`'s. */
export function wrongType(valid: unknown): fc.Arbitrary<unknown> {
  const all: unknown[] = ["1", 1, true, null, [], {}, [valid], { value: valid }, "", 0, false];
  const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
  const others = all.filter((v) => kind(v) !== kind(valid));
  return fc.constantFrom(...(others.length ? others : all));
}

/** Keys no schema has, some dangerous to a careless object merge. */
export const EXTRA_KEYS = ["__proto__", "constructor", "prototype", "toString", "send_at", "", "a\u0000b", "\ud800", `${RTL}to`, "x".repeat(1_000), "api_key", "tenant_id", "id"];

/** Anything hostile, of any type. */
export const anyHostile: fc.Arbitrary<unknown> = fc.oneof(
  hostileString(),
  hostileNumber,
  wrongType(undefined),
  deepValue,
  fc.constantFrom(5_000, 20_000).map((n) => Array.from({ length: n }, () => 1)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Percent-encoding of the UTF-8 bytes of `s` (lone surrogates come out as U+FFFD, never a throw). */
export function percentEncode(s: string): string {
  return [...Buffer.from(s, "utf8")]
    .map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`))
    .join("");
}

/** Path segments (as sent, already encoded) that no numeric id route expects. */
export const HOSTILE_SEGMENTS: readonly string[] = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "+1",
  "0x10",
  "%201",
  "1%20",
  "99999999999999999999999",
  "9223372036854775807",
  "9223372036854775808",
  "18446744073709551616",
  "abc",
  "%E0%A4%A",
  "%",
  "%zz",
  "%00",
  "1%00",
  "%ED%A0%80",
  "%E2%80%AE1",
  "1%E2%80%8B",
  "%D9%A1%D9%A2",
  "%EF%BC%91",
  "1%2F2",
  "%2e%2e",
  "..",
  ".",
  "1;2",
  "null",
  "undefined",
  "__proto__",
  "x".repeat(5_000),
  "9".repeat(5_000),
];

/** Host header values that are not a host (and a few that are, oddly). */
export const HOSTILE_HOSTS: readonly string[] = [
  "a b",
  "[::1",
  "exa%mple",
  "x:99999",
  "",
  "a/b",
  "a@b",
  "a?b",
  "a#b",
  "[::1]:80",
  "[zz::1]",
  ":80",
  "localhost:",
  "h\u00e9st",
  "h".repeat(300),
  "a\tb",
  "127.0.0.1:-1",
  "..",
  "[::ffff:127.0.0.1]",
];

/** Content types a JSON body route must refuse (415), and some it must accept. */
export const CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  "",
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "multipart/form-data",
  "application/jsonx",
  "application/json-patch+json",
  "application/graphql",
  "application/xml",
  "application/json, text/plain",
  "application/json;charset=utf-16",
  "APPLICATION/JSON",
  "application/json; charset=utf-8",
  "*/*",
  "\u00e9",
];

/** Bodies that are not a JSON object. */
export const NOT_AN_OBJECT: readonly (string | Buffer)[] = [
  "",
  " ",
  "null",
  "[]",
  "[{}]",
  '"text"',
  "42",
  "true",
  "{",
  '{"to": "0501234567",}',
  "{'to': '0501234567'}",
  '{"to": "0501234567"',
  "to=0501234567&message=hi",
  "\uFEFF{}",
  "\u0000",
  "NaN",
  Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
  Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
  '--xyz\r\nContent-Disposition: form-data; name="to"\r\n\r\n0501234567\r\n--xyz--\r\n',
];
