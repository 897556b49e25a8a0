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

/**
 * A tenant with numbers on a database migrated only part way, written in the columns the first
 * migration made: the Prisma client knows today's columns, which an older schema lacks.
 */
export async function seedEarlyTenant(db: Db, numbers: number): Promise<{ id: number; accounts: { id: number }[] }> {
  const tag = randomBytes(4).toString("hex");
  const [plan] = await db.$queryRaw<{ id: number }[]>`INSERT INTO plan (name, monthly_message_limit, max_accounts) VALUES (${`plan-${tag}`}, 1000, 10) RETURNING id`;
  const [tenant] = await db.$queryRaw<
    { id: number }[]
  >`INSERT INTO tenant (name, plan_id, subscription_ends_on) VALUES (${`tenant-${tag}`}, ${plan!.id}, DATE '2099-12-31') RETURNING id`;
  const accounts: { id: number }[] = [];
  for (let i = 0; i < numbers; i++) {
    const phone = `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const [account] = await db.$queryRaw<
      { id: number }[]
    >`INSERT INTO account (tenant_id, name, phone_number, daily_limit, monthly_limit) VALUES (${tenant!.id}, ${`number ${i + 1}`}, ${phone}, 1000, 10000) RETURNING id`;
    accounts.push(account!);
  }
  return { id: tenant!.id, accounts };
}
