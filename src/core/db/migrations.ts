import fs from "node:fs";
import { migrationsDir } from "../runtime/paths.js";

// Kept apart from migrate.ts so the start-up check can list them without loading the schema engine.

let shipped: string[] | undefined;

/** The migration folders this release carries, oldest first (the names sort by their timestamp). */
export function shippedMigrations(): string[] {
  shipped ??= fs.existsSync(migrationsDir)
    ? fs
        .readdirSync(migrationsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  return shipped;
}
