import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database, type Db } from "../../src/core/db/database.js";
import { Seeder } from "./seed.js";
import { migratedEmbeddedDump } from "./embedded-dump.js";
import { dropSchema, onPostgres, schemaUrl } from "./server.js";

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

/**
 * A database of the test file's own, migrated up to and including `until`: a migration's test
 * writes rows as they were before it, then applies the rest. An embedded one, or a schema of its
 * own on PostgreSQL (dropped afterwards).
 */
export function useDatabaseMigratedUntil(until: string): () => Database {
  const schema = onPostgres ? `test_${randomBytes(6).toString("hex")}` : undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openDatabase(schema ? { databaseUrl: schemaUrl(schema), dataDir: "", poolMax: 2 } : { dataDir: "memory://", poolMax: 1 });
    await database.migrate(until);
  });
  afterAll(async () => {
    await database?.close();
    if (schema) await dropSchema(schema);
  });
  return () => {
    if (!database) throw new Error("database not opened");
    return database;
  };
}
