import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as engineRuntime from "@prisma/schema-engine-wasm/schema_engine_bg";
// Prisma's CLI needs a native schema engine that offline machines cannot download, so migrations
// run through the WebAssembly build of the same engine, driven over our own driver adapter.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const migrationsDir = path.join(root, "prisma/migrations");
export const schemaPath = path.join(root, "prisma/schema.prisma");
const noFilters = { externalTables: [], externalEnums: [] };
let wasmReady;
/** Compiles and starts the engine's WebAssembly module once per process. */
function loadEngine() {
    wasmReady ??= (async () => {
        const require = createRequire(import.meta.url);
        const wasmPath = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
        const module = await WebAssembly.compile(await fs.promises.readFile(wasmPath));
        const instance = await WebAssembly.instantiate(module, { "./schema_engine_bg.js": engineRuntime });
        engineRuntime.__wbg_set_wasm(instance.exports);
        instance.exports.__wbindgen_start();
    })();
    return wasmReady;
}
async function withEngine(factory, run) {
    await loadEngine();
    const engine = await engineRuntime.SchemaEngine.new({ datamodels: undefined }, () => { }, bindMigrationAwareSqlAdapterFactory(factory));
    try {
        return await run(engine);
    }
    finally {
        engine.free();
    }
}
export function readMigrations(dir = migrationsDir) {
    const folders = fs.existsSync(dir)
        ? fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
        : [];
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
export async function applyMigrations(factory) {
    return withEngine(factory, async (engine) => {
        const out = await engine.applyMigrations({ migrationsList: readMigrations(), filters: noFilters });
        return out.appliedMigrationNames;
    });
}
/**
 * SQL that would take the database behind `factory` to what schema.prisma describes; empty when
 * they agree. Run against a fresh database with every migration applied, this is the drift check.
 */
export async function diffAgainstSchema(factory) {
    const files = [{ path: schemaPath, content: fs.readFileSync(schemaPath, "utf8") }];
    return withEngine(factory, async (engine) => {
        const result = await engine.diff({
            from: { tag: "schemaDatasource", files, configDir: root },
            to: { tag: "schemaDatamodel", files },
            script: true,
            exitCode: null,
            filters: noFilters,
        });
        const sql = result.stdout ?? "";
        return sql.replace(/^-- This is an empty migration\.\s*$/m, "").trim();
    });
}
//# sourceMappingURL=migrate.js.map