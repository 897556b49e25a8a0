import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { buildSchema, lexicographicSortSchema, printSchema } from "graphql";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../src/core/db/database.js";
import { DataDirInUseError } from "../src/core/db/data-dir-lock.js";
import { applyMigrations, diffAgainstSchema } from "../src/core/db/migrate.js";
import { schema } from "../src/app/schema.js";
import { loadConfig } from "../src/core/config.js";
import { createApp } from "../src/app/app.js";
import { createLogger } from "../src/core/runtime/logger.js";
import { root, runScript } from "./kit/spawn.js";
import { onPostgres } from "./kit/server.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-test-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Everything here but the printed schema runs on PGlite whatever TEST_DATABASE says, so the
// PostgreSQL run skips it rather than repeat it (each PostgreSQL test server migrates its schema).
describe("migrations", () => {
  it.skipIf(onPostgres)("match prisma/schema.prisma (no drift), and a second apply applies nothing", async () => {
    const pglite = new PGlite();
    const factory = new PrismaPGlite(pglite);
    const applied = await applyMigrations(factory);
    // Every migration the repository holds, in its order, once.
    const held = fs
      .readdirSync("prisma/migrations", { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(applied).toEqual(held);
    expect(await applyMigrations(factory)).toEqual([]);
    expect(await diffAgainstSchema(factory)).toBe("");
    await pglite.close();
  });

  it("committed schema.graphql is the printed Pothos schema", () => {
    const committed = buildSchema(fs.readFileSync(path.join(root, "schema.graphql"), "utf8"));
    expect(printSchema(lexicographicSortSchema(committed))).toBe(printSchema(lexicographicSortSchema(schema)));
  });
});

describe.skipIf(onPostgres)("embedded database directory", () => {
  it("keeps its files to this user: the directory 0700, every file 0600, WAL and older files included", async () => {
    const dir = tempDir();
    // As an earlier version (or a permissive umask) would have left it.
    fs.chmodSync(dir, 0o777);
    fs.writeFileSync(path.join(dir, "from-an-older-start"), "x");
    fs.chmodSync(path.join(dir, "from-an-older-start"), 0o666);
    const previous = process.umask(0);
    try {
      const db = await openDatabase({ dataDir: dir, poolMax: 1 });
      await applyMigrations(db.adapterFactory);
      await db.prisma.plan.create({ data: { name: "private", monthlyMessageLimit: 1, maxAccounts: 1 } });
      await db.prisma.$executeRawUnsafe("CHECKPOINT");
      await db.close();
    } finally {
      process.umask(previous);
    }
    const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => !e.isSymbolicLink());
    expect(entries.length).toBeGreaterThan(50);
    const modes = (wanted: (e: fs.Dirent) => boolean) => new Set(entries.filter(wanted).map((e) => (fs.statSync(path.join(e.parentPath, e.name)).mode & 0o777).toString(8)));
    expect(modes((e) => e.isDirectory())).toEqual(new Set(["700"]));
    expect(modes((e) => e.isFile())).toEqual(new Set(["600"]));
    expect((fs.statSync(dir).mode & 0o777).toString(8)).toBe("700");
  });

  it("keeps data across restarts and refuses a second opener in the same process", async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir, poolMax: 1 });
    await applyMigrations(first.adapterFactory);
    await first.prisma.plan.create({ data: { name: "kept", monthlyMessageLimit: 1, maxAccounts: 1 } });
    await expect(openDatabase({ dataDir: dir, poolMax: 1 })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    const again = await openDatabase({ dataDir: dir, poolMax: 1 });
    expect((await again.prisma.plan.findMany()).map((p) => p.name)).toEqual(["kept"]);
    await again.close();
  });

  it("stops a second server process on the same directory with a clear message", { timeout: OWN_PROCESSES_MS }, async () => {
    const dir = tempDir();
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", SEED_DEMO: "false" });
    const app = await createApp(config, { log: createLogger(config) });
    await app.listen();
    try {
      const second = await runScript("src/main.ts", [], { DATA_DIR: dir, PORT: "0" });
      expect(second.code).toBe(1);
      expect(second.stdout + second.stderr).toContain(`in use by process ${process.pid}`);
    } finally {
      await app.close();
    }
  });

  it("seeds a demo tenant on first start and prints its key once", { timeout: OWN_PROCESSES_MS }, async () => {
    const dir = tempDir();
    const config = loadConfig({ NODE_ENV: "development", DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", WORKER_POLL_MS: "20" });
    const app = await createApp(config, { log: createLogger(config) });
    const url = await app.listen();
    try {
      expect(app.demoKey).toMatch(/^gw_/);
      const balance = await fetch(`${url}/api/v1/balance`, { headers: { authorization: `Bearer ${app.demoKey}` } });
      expect(await balance.json()).toMatchObject({ plan: "Demo", accounts: { connected: 2 } });
    } finally {
      await app.close();
    }
    const again = await createApp(config, { log: createLogger(config) });
    expect(again.demoKey).toBeUndefined();
    await again.close();

    const production = await createApp(loadConfig({ NODE_ENV: "production", DATA_DIR: tempDir(), LOG_LEVEL: "silent", SEED_DEMO: "true" }));
    expect(production.demoKey).toBeUndefined();
    expect(await production.deps.db.tenant.count()).toBe(0);
    await production.close();
    // Three embedded databases created and migrated on disk.
  });
});
