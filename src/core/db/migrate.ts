import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import * as engineRuntime from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";
import { migrationsDir, projectRoot, schemaPath } from "../runtime/paths.js";
import { shippedMigrations } from "./migrations.js";

// Prisma's CLI needs a native schema engine that offline machines cannot download, so migrations
// run through the WebAssembly build of the same engine, driven over our own driver adapter.

const noFilters = { externalTables: [], externalEnums: [] };

let wasmReady: Promise<void> | undefined;

/** Compiles and starts the engine's WebAssembly module once per process. */
function loadEngine(): Promise<void> {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
    const module = await WebAssembly.compile(await fs.promises.readFile(wasmPath));
    const instance = await WebAssembly.instantiate(module, { "./schema_engine_bg.js": withUnrefTimers(engineRuntime) });
    engineRuntime.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  })();
  return wasmReady;
}

/**
 * The engine arms a 10 s timer around taking PostgreSQL's advisory lock and never clears it, so
 * every process that migrated stayed alive 10 s after its work was done. Its timers are unref'd:
 * a pending query keeps the process alive anyway, and a finished process may exit.
 */
function withUnrefTimers(runtime: typeof engineRuntime): WebAssembly.ModuleImports {
  return Object.fromEntries(
    Object.entries(runtime).map(([name, value]) =>
      name.startsWith("__wbg_setTimeout_") ? [name, (run: () => void, ms: number) => setTimeout(run, ms >>> 0).unref()] : [name, value as WebAssembly.ImportValue],
    ),
  );
}

async function withEngine<T>(factory: SqlMigrationAwareDriverAdapterFactory, run: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  await loadEngine();
  const engine = await engineRuntime.SchemaEngine.new({ datamodels: undefined }, () => {}, bindMigrationAwareSqlAdapterFactory(factory));
  try {
    return await run(engine);
  } finally {
    engine.free();
  }
}

/** The shipped migrations as the engine takes them; with `until`, those up to that folder only. */
function readMigrations(until?: string): MigrationList {
  const dir = migrationsDir;
  const folders = shippedMigrations().filter((folder) => until === undefined || folder <= until);
  const lockPath = path.join(dir, "migration_lock.toml");
  return {
    baseDir: dir,
    lockfile: {
      path: "migration_lock.toml",
      content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: folders.map((folder) => ({
      path: folder,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: fs.readFileSync(path.join(dir, folder, "migration.sql"), "utf8") },
      },
    })),
  };
}

/** Applies the migrations not yet recorded in `_prisma_migrations`, like `prisma migrate deploy`. */
export async function applyMigrations(factory: SqlMigrationAwareDriverAdapterFactory, until?: string): Promise<string[]> {
  return withEngine(factory, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList: readMigrations(until), filters: noFilters });
    return out.appliedMigrationNames;
  });
}

/**
 * SQL that would take the database behind `factory` to what schema.prisma describes; empty when
 * they agree. Run against a fresh database with every migration applied, this is the drift check.
 */
export async function diffAgainstSchema(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string> {
  const files = [{ path: schemaPath, content: fs.readFileSync(schemaPath, "utf8") }];
  return withEngine(factory, async (engine) => {
    const result = await engine.diff({
      from: { tag: "schemaDatasource", files, configDir: projectRoot },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    const sql = (result as { stdout?: string }).stdout ?? "";
    return sql.replace(/^-- This is an empty migration\.\s*$/m, "").trim();
  });
}
