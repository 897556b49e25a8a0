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
  // Each vitest project (the suite, the fuzzers) calls this in the same process: the console and
  // the dump are made once, and removed when the last project is done.
  // Vitest loads this module once per project, so what they share is kept on the process.
  const shared = ((globalThis as { gatewayTestDump?: { made: Promise<string | undefined>; users: number } }).gatewayTestDump ??= { made: prepare(), users: 0 });
  const file = await shared.made;
  project.provide("embeddedDumpPath", file);
  shared.users++;
  return () => {
    if (--shared.users === 0 && file !== undefined) fs.rmSync(path.dirname(file), { recursive: true, force: true });
  };
}

async function prepare(): Promise<string | undefined> {
  const { buildConsole } = (await import(pathToFileURL(path.resolve("scripts/build-console.mjs")).href)) as { buildConsole: (e: unknown, root: string) => Promise<unknown> };
  await buildConsole(await import("esbuild"), path.resolve("."));
  if (process.env.TEST_DATABASE === "postgres") return undefined;
  const database = await openDatabase({ dataDir: "memory://", poolMax: 1 });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gateway-tests-")), "migrated.tar");
  try {
    await database.migrate();
    fs.writeFileSync(file, Buffer.from(await (await database.dumpEmbedded()).arrayBuffer()));
  } finally {
    await database.close();
  }
  return file;
}
