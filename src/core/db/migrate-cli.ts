import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { loadConfigOrExit } from "../runtime/lifecycle.js";
import { openDatabase } from "./database.js";
import { applyMigrations, diffAgainstSchema } from "./migrate.js";
import { explainDatabaseError } from "./startup.js";
import { migrationsDir } from "../runtime/paths.js";

// npm run db:migrate              apply pending migrations to the configured database
// npm run db:migration -- <name>  write the next migration folder from schema.prisma
// npm run db:drift                fail when schema.prisma and the migrations disagree

/** A fresh in-memory database with every committed migration applied. */
async function migratedScratchDatabase() {
  const pglite = new PGlite();
  const factory = new PrismaPGlite(pglite);
  await applyMigrations(factory);
  return { factory, close: () => pglite.close() };
}

async function main() {
  const [command, name] = process.argv.slice(2);
  if (command === "apply") {
    const config = loadConfigOrExit();
    try {
      const db = await openDatabase({ databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl, dataDir: config.dataDir, poolMax: 1 });
      try {
        const applied = await db.migrate();
        console.log(applied.length ? `Applied: ${applied.join(", ")}` : "No pending migrations.");
      } finally {
        await db.close();
      }
    } catch (err) {
      throw explainDatabaseError(err, config.databaseUrl);
    }
  } else if (command === "create") {
    if (!name || !/^[a-z0-9_]+$/.test(name)) {
      throw new Error("Usage: npm run db:migration -- <name> (lowercase letters, digits and _)");
    }
    const scratch = await migratedScratchDatabase();
    const sql = await diffAgainstSchema(scratch.factory).finally(() => scratch.close());
    if (!sql) {
      console.log("schema.prisma matches the migrations: nothing to write.");
      return;
    }
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const folder = path.join(migrationsDir, `${stamp}_${name}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, "migration.sql"), `${sql}\n`);
    const lock = path.join(migrationsDir, "migration_lock.toml");
    if (!fs.existsSync(lock)) fs.writeFileSync(lock, 'provider = "postgresql"\n');
    console.log(`Wrote ${path.relative(process.cwd(), folder)}/migration.sql`);
  } else if (command === "check") {
    const scratch = await migratedScratchDatabase();
    const sql = await diffAgainstSchema(scratch.factory).finally(() => scratch.close());
    if (sql) {
      console.error(`Drift: prisma/schema.prisma differs from prisma/migrations. Missing migration:\n${sql}`);
      process.exitCode = 1;
    } else {
      console.log("No drift: the migrations match schema.prisma.");
    }
  } else {
    throw new Error("Usage: migrate-cli apply | create <name> | check");
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
