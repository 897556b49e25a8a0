import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/core/db/database.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database, dumped once per run; every PGlite test server starts from a copy. */
    embeddedDumpPath: string | undefined;
  }
}

/**
 * Migrates one embedded database for the whole run and dumps it, so a test server loads a copy
 * (~0.35 s) instead of laying out and migrating a cluster of its own (~1.5 s): the same migrations
 * through the same code, run once. On PostgreSQL each server still migrates its own schema, which
 * costs ~0.2 s there.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  // The console is served from its build (dist/console/), so the tests build it from the sources first (~0.2 s).
  const { buildConsole } = (await import(pathToFileURL(path.resolve("scripts/build-console.mjs")).href)) as { buildConsole: (e: unknown, root: string) => Promise<unknown> };
  await buildConsole(await import("esbuild"), path.resolve("."));
  if (process.env.TEST_DATABASE === "postgres") {
    project.provide("embeddedDumpPath", undefined);
    return () => {};
  }
  const database = await openDatabase({ dataDir: "memory://", poolMax: 1 });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gateway-tests-")), "migrated.tar");
  try {
    await database.migrate();
    fs.writeFileSync(file, Buffer.from(await (await database.dumpEmbedded()).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("embeddedDumpPath", file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
