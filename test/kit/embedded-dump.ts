import fs from "node:fs";
import { inject } from "vitest";

let dump: Blob | undefined;

/**
 * The migrated embedded database test/kit/global-setup.ts dumped for this run, read once per
 * worker; undefined where the run made none (the PostgreSQL run).
 */
export function migratedEmbeddedDump(): Blob | undefined {
  const file = inject("embeddedDumpPath");
  if (!file) return undefined;
  dump ??= new Blob([fs.readFileSync(file)]);
  return dump;
}
