// node scripts/suite-times.mjs LOG [N]: where a run of the suites spent its time, from the output
// `bash .ci/run` (or `npm test`) printed. Vitest's default reporter ends each file with one line,
// " ✓  suite  test/x.test.ts (13 tests | 2 skipped) 1445ms"; each pass starts with a " RUN " line.
// Prints a Markdown table of the N costliest files (default 25) with each pass's seconds, then
// each pass's sum, for docs/testing.md. Colour codes are removed first, so a terminal log reads too.
import fs from "node:fs";

// Built from a string: a control character in a regular expression literal reads as a mistake.
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const FILE_LINE = /^\s*[✓×❯↓]\s+(\S+)\s+(\S+\.test\.ts)\s+\((\d+) tests?[^)]*\)(?:\s+(\d+)ms)?/;
const PASS_START = /^\s*RUN\s+v\d/;

/** Per pass (in order), each file's milliseconds: [{ "test/x.test.ts": 1445, … }, …]. */
export function fileTimes(log) {
  const passes = [];
  for (const raw of log.split("\n")) {
    const line = raw.replace(COLOUR, "");
    if (PASS_START.test(line)) passes.push({});
    const m = FILE_LINE.exec(line);
    // A file skipped whole prints no time: it is left out rather than counted as 0 s.
    if (!m || m[4] === undefined || passes.length === 0) continue;
    const pass = passes[passes.length - 1];
    pass[m[2]] = (pass[m[2]] ?? 0) + Number(m[4]);
  }
  return passes;
}

/** The Markdown table: files by their summed time over the passes, costliest first. */
export function table(passes, top = 25) {
  const files = new Set(passes.flatMap((p) => Object.keys(p)));
  const total = (f) => passes.reduce((s, p) => s + (p[f] ?? 0), 0);
  const seconds = (ms) => (ms === undefined ? "–" : String(Math.round(ms / 1000)));
  const heads = passes.map((_, i) => `pass ${i + 1} (s)`);
  const rows = [...files].sort((a, b) => total(b) - total(a) || a.localeCompare(b)).slice(0, top);
  const lines = [`| file | ${heads.join(" | ")} |`, `|---|${heads.map(() => "---:|").join("")}`];
  for (const f of rows) lines.push(`| \`${f}\` | ${passes.map((p) => seconds(p[f])).join(" | ")} |`);
  const sums = passes.map((p) => seconds(Object.values(p).reduce((s, ms) => s + ms, 0)));
  lines.push(`| all ${files.size} files | ${sums.join(" | ")} |`);
  return lines.join("\n");
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === import.meta.filename) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node scripts/suite-times.mjs LOG [N]");
    process.exit(2);
  }
  console.log(table(fileTimes(fs.readFileSync(file, "utf8")), top ? Number(top) : undefined));
}
