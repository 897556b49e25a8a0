import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../src/core/db/database.js";
import { benchSchema, postgresUrl } from "./harness.js";

// The two databases a bench runs a server on: an embedded data directory, or a PostgreSQL schema
// of its own; each dropped when the bench is done with it.

export interface Target {
  name: string;
  /** What the server (and the seeding) is started with. */
  env: Record<string, string>;
  drop: () => Promise<void>;
}

export function embeddedTarget(prefix: string): Target {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  return { name: "embedded PGlite", env: { DATA_DIR: dir }, drop: () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })) };
}

export function postgresTarget(prefix: string): Target {
  const { schema, databaseUrl } = benchSchema(prefix);
  return {
    name: "PostgreSQL",
    env: { DATABASE_URL: databaseUrl },
    drop: async () => {
      const db = await openDatabase({ databaseUrl: postgresUrl, dataDir: "", poolMax: 1 });
      await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.close();
    },
  };
}
