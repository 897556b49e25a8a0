import type { Db } from "../../core/db/database.js";
import { readSchemaStatus, type SchemaStatus } from "../../core/db/schema-check.js";

// The readiness check's one read (readiness.ts): the start-up schema check's query, run through
// the service's own connection pool, so that it also answers whether the database is reachable.

/** Where this release's migrations stand on the service's database. */
export const readMigrationStatus = (db: Db): Promise<SchemaStatus> => readSchemaStatus({ query: (sql) => db.$queryRawUnsafe(sql) });
