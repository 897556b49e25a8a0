import fs from "node:fs";
import { migrationsDir } from "../db/migrate.js";
const failure = (err) => `failed: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`;
/** The migration folders this build expects to be applied. */
const expectedMigrations = () => fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
export async function checkReadiness(deps) {
    const checks = { database: "ok", migrations: "ok", redis: "not configured" };
    try {
        const applied = await deps.db.$queryRaw `
      SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
        const names = new Set(applied.map((r) => r.name));
        const missing = expectedMigrations().filter((m) => !names.has(m));
        if (missing.length)
            checks.migrations = `failed: not applied: ${missing.join(", ")}`;
    }
    catch (err) {
        checks.database = failure(err);
        checks.migrations = "failed: database unreachable";
    }
    if (deps.events.usesRedis) {
        try {
            await deps.events.ping();
            checks.redis = "ok";
        }
        catch (err) {
            checks.redis = failure(err);
        }
    }
    const ready = Object.values(checks).every((c) => c === "ok" || c === "not configured");
    return { ready, checks };
}
//# sourceMappingURL=readiness.js.map