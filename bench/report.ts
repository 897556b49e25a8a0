import fs from "node:fs";
import path from "node:path";

const file = path.resolve(import.meta.dirname, "..", "BENCHMARKS.md");

/** Replaces (or appends) the `## title` section of BENCHMARKS.md, keeping every other section. */
export function writeSection(title: string, body: string): void {
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const heading = `## ${title}`;
  const start = current.indexOf(heading);
  const section = `${heading}\n\n${body.trim()}\n\n`;
  if (start < 0) {
    fs.writeFileSync(file, `${current.trimEnd()}\n\n${section}`);
    return;
  }
  const next = current.indexOf("\n## ", start + heading.length);
  fs.writeFileSync(file, current.slice(0, start) + section + (next < 0 ? "" : current.slice(next + 1)));
}
