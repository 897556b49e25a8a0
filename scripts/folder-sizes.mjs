// node scripts/folder-sizes.mjs: part of `npm run lint`. A folder in src/ holds at most 20 files, its
// README and unit tests included: a reader takes in a folder's listing at once, as a file or a
// function (docs/design.md, "Size limits"). A folder that outgrows it is split into folders named
// for what they hold. Generated folders are nobody's reading and are left out, as ESLint leaves them.
import fs from "node:fs";
import path from "node:path";

const MAX_FILES = 20;
const GENERATED = new Set(["src/generated", "src/gql", "src/features/console/web/gql"]);

/** Every folder under `dir` (itself included) holding more than MAX_FILES files, with its count. */
function* crowded(dir) {
  if (GENERATED.has(dir)) return;
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).length;
  if (files > MAX_FILES) yield `${dir}/ holds ${files} files; at most ${MAX_FILES}: give what belongs together a folder of its own`;
  for (const e of entries) if (e.isDirectory()) yield* crowded(path.posix.join(dir, e.name));
}

const problems = [...crowded("src")];
for (const p of problems) console.error(p);
process.exitCode = problems.length > 0 ? 1 : 0;
