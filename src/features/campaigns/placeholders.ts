// {{name}} placeholders in message text: which a text uses, and the text with them filled in. A
// name is a letter or underscore, then letters, digits or underscores (up to 64); spaces inside
// the braces are allowed ({{ name }}). Anything else between braces is plain text.

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g;

/** The placeholder names of `text`, in order of first use. */
export function placeholdersOf(text: string): string[] {
  // Most texts have none: a scan for the opening braces is far cheaper than the pattern.
  if (!text.includes("{{")) return [];
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (m) => m[1]!))];
}

/** `text` with every placeholder replaced by its value, or the names that have none. */
export function renderText(text: string, values: Readonly<Record<string, string>>): { text: string } | { missing: string[] } {
  const missing = placeholdersOf(text).filter((name) => !Object.hasOwn(values, name));
  if (missing.length > 0) return { missing };
  // A function replacement, so a value's own `$&` or `{{…}}` is inserted as written, not expanded.
  return { text: text.replace(PLACEHOLDER, (_, name: string) => values[name]!) };
}
