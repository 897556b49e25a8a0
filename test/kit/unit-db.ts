import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database, type Db } from "../../src/core/db/database.js";
import { Seeder } from "./seed.js";
import { migratedEmbeddedDump } from "./embedded-dump.js";

/**
 * A migrated embedded database of the test file's own, for the unit layer: a feature's rules and
 * SQL checked without a server. It is a copy of the run's dump (test/kit/global-setup.ts); where
 * the run made none (the PostgreSQL run), a fresh one is migrated here.
 */
export function useUnitDatabase(): () => { db: Db; seed: Seeder } {
  let database: Database | undefined;
  beforeAll(async () => {
    const embeddedDump = migratedEmbeddedDump();
    database = await openDatabase({ dataDir: "memory://", poolMax: 1, embeddedDump });
    if (!embeddedDump) await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database) throw new Error("database not opened");
    return { db: database.prisma, seed: new Seeder(database.prisma) };
  };
}
