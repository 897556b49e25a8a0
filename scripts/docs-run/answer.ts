// The answers the guides show after a command (`# {"success":true,…}`) are JSON with `…` where
// the guide leaves something out. This reads them and checks a real answer against one.
//
// - `…` as a value: anything. `"…"` or a string with `…` in it: a string, `…` matching any text.
// - `…` as an object member: other keys may be there; without it the keys must be exactly these.
// - `…` in an array: more items there; the items before the first `…` start the array, the ones
//   after the last end it, the ones between come in order in the middle.
// - Values that differ from run to run are compared by type: ids (a key `id`, `…_id`, `…Id`),
//   cursors, and dates and timestamps. Everything else must be equal.

export const ANY = Symbol("…");
export type Expected = typeof ANY | null | boolean | number | string | Expected[] | { [key: string]: Expected; [ANY]?: true };

const ELLIPSIS = "…";

class Reader {
  constructor(
    readonly text: string,
    public at = 0,
  ) {}
  skip(): void {
    while (/\s/.test(this.text[this.at] ?? "")) this.at++;
  }
  peek(): string {
    this.skip();
    return this.text[this.at] ?? "";
  }
  take(char: string): void {
    if (this.peek() !== char) throw new Error(`expected ${char} at ${this.at} in ${this.text}`);
    this.at++;
  }
}

function readString(r: Reader): string {
  r.skip();
  const m = /^"(?:[^"\\]|\\.)*"/.exec(r.text.slice(r.at));
  if (!m) throw new Error(`expected a string at ${r.at} in ${r.text}`);
  r.at += m[0].length;
  return JSON.parse(m[0]) as string;
}

function readObject(r: Reader): Expected {
  r.take("{");
  const out: { [key: string]: Expected; [ANY]?: true } = {};
  while (r.peek() !== "}") {
    if (r.peek() === ELLIPSIS) {
      r.at++;
      out[ANY] = true;
    } else {
      const key = readString(r);
      r.take(":");
      out[key] = readValue(r);
    }
    if (r.peek() === ",") r.at++;
    else break;
  }
  r.take("}");
  return out;
}

function readArray(r: Reader): Expected[] {
  r.take("[");
  const out: Expected[] = [];
  while (r.peek() !== "]") {
    out.push(readValue(r));
    if (r.peek() === ",") r.at++;
    else break;
  }
  r.take("]");
  return out;
}

function readValue(r: Reader): Expected {
  const c = r.peek();
  if (c === "{") return readObject(r);
  if (c === "[") return readArray(r);
  if (c === '"') return readString(r);
  if (c === ELLIPSIS) {
    r.at++;
    return ANY;
  }
  const m = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(r.text.slice(r.at));
  if (!m) throw new Error(`cannot read the answer at ${r.at}: ${r.text.slice(r.at, r.at + 30)}`);
  r.at += m[0].length;
  return JSON.parse(m[0]) as Expected;
}

/** The answer a comment shows, and the prose after it (`# {"templates":[…]}, by name`). */
export function parseExpected(text: string): Expected {
  return readValue(new Reader(text));
}

const VARYING_KEY = /^(id|ids)$|_ids?$|[a-z]Ids?$|cursor$|Cursor$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const glob = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split(ELLIPSIS)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("[\\s\\S]*")}$`,
  );

function matchArray(expected: Expected[], actual: unknown, path: string): string | undefined {
  if (!Array.isArray(actual)) return `${path}: expected an array, got ${JSON.stringify(actual)}`;
  const segments: Expected[][] = [[]];
  for (const item of expected) {
    if (item === ANY) segments.push([]);
    else segments.at(-1)!.push(item);
  }
  if (segments.length === 1) {
    if (actual.length !== expected.length) return `${path}: expected ${expected.length} items, got ${actual.length}`;
    return expected.map((e, i) => match(e, actual[i], `${path}[${i}]`)).find(Boolean);
  }
  const first = segments[0]!;
  const last = segments.at(-1)!;
  if (actual.length < first.length + last.length) return `${path}: expected at least ${first.length + last.length} items, got ${actual.length}`;
  const head = first.map((e, i) => match(e, actual[i], `${path}[${i}]`)).find(Boolean);
  if (head) return head;
  const tailStart = actual.length - last.length;
  const tail = last.map((e, i) => match(e, actual[tailStart + i], `${path}[${tailStart + i}]`)).find(Boolean);
  if (tail) return tail;
  let at = first.length;
  for (const e of segments.slice(1, -1).flat()) {
    while (at < tailStart && match(e, actual[at], path)) at++;
    if (at >= tailStart) return `${path}: no item matches ${JSON.stringify(e)}`;
    at++;
  }
  return undefined;
}

function matchObject(expected: { [key: string]: Expected; [ANY]?: true }, actual: unknown, path: string): string | undefined {
  if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return `${path}: expected an object, got ${JSON.stringify(actual)}`;
  const got = actual as Record<string, unknown>;
  for (const [key, value] of Object.entries(expected)) {
    if (!(key in got)) return `${path}.${key}: missing (the answer has ${Object.keys(got).join(", ")})`;
    const problem = match(value, got[key], `${path}.${key}`, key);
    if (problem) return problem;
  }
  if (!expected[ANY]) {
    const extra = Object.keys(got).filter((k) => !(k in expected));
    if (extra.length > 0) return `${path}: keys the guide does not show: ${extra.join(", ")} (add them, or a … member)`;
  }
  return undefined;
}

function matchScalar(expected: string | number | boolean | null, actual: unknown, path: string, key: string): string | undefined {
  const varying = VARYING_KEY.test(key) || (typeof expected === "string" && TIMESTAMP.test(expected));
  if (typeof expected === "string" && expected.includes(ELLIPSIS)) {
    return typeof actual === "string" && glob(expected).test(actual) ? undefined : `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
  }
  if (varying && expected !== null) {
    const sameType = typeof actual === typeof expected && (typeof expected !== "string" || !TIMESTAMP.test(expected) || TIMESTAMP.test(actual as string));
    return sameType ? undefined : `${path}: expected a value like ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
  }
  return actual === expected ? undefined : `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

/** What differs between the guide's answer and the real one, or undefined when it matches. */
export function match(expected: Expected, actual: unknown, path = "answer", key = ""): string | undefined {
  if (expected === ANY) return undefined;
  if (Array.isArray(expected)) return matchArray(expected, actual, path);
  if (expected !== null && typeof expected === "object") return matchObject(expected, actual, path);
  return matchScalar(expected, actual, path, key);
}
