import type { Logger } from "pino";
import { StartupError } from "../runtime/startup-error.js";
import type { Database } from "./database.js";
import { shippedMigrations } from "./migrations.js";

// Before a server, worker or admin command touches the database it checks, with one query, that
// the database holds every migration this release ships. Loading the schema engine (WebAssembly)
// costs ~0.3 s and ~60 MB, so it is loaded only when there is something to apply.

export interface SchemaStatus {
  /** Shipped with this release and not applied (oldest first). */
  pending: string[];
  /** Started and never finished: being applied right now, or failed part-way (also in `pending`). */
  failed: string[];
  /** Applied, but not shipped with this release: the database is ahead (a newer release migrated it). */
  unknown: string[];
}

/** Where this release's migrations stand on the database `database.query` reaches. */
export async function readSchemaStatus(database: Pick<Database, "query">): Promise<SchemaStatus> {
  let rows: { migration_name: string; finished: boolean }[];
  try {
    rows = await database.query("SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations WHERE rolled_back_at IS NULL");
  } catch (err) {
    // An empty database has no history table yet: PostgreSQL says so (42P01), or, through Prisma's
    // wrapping, a second query does. The table may appear meanwhile (another process migrating).
    const undefinedTable = (err as { code?: unknown }).code === "42P01";
    if (!undefinedTable) {
      const [table] = await database.query<{ missing: boolean }>("SELECT to_regclass('_prisma_migrations') IS NULL AS missing");
      if (!table?.missing) throw err;
    }
    rows = [];
  }
  const applied = new Set(rows.filter((r) => r.finished).map((r) => r.migration_name));
  const names = shippedMigrations();
  return {
    pending: names.filter((name) => !applied.has(name)),
    failed: rows.filter((r) => !r.finished).map((r) => r.migration_name),
    unknown: [...applied].filter((name) => !names.includes(name)).sort(),
  };
}

const MIGRATE_COMMANDS = "npm run db:migrate (in a release: node dist/db/migrate-cli.js apply)";

/**
 * Makes sure the database's schema is the one this release expects: applies what is pending when
 * `migrateOnStart` allows it, else stops with what to run. A database ahead of this release (an
 * older image restarted after a newer one migrated) is allowed with a warning: migrations here
 * only add, so an older release still finds everything it uses, and refusing would turn a
 * rollback or a crash-restart during a rolling deploy into an outage.
 */
export async function ensureSchemaCurrent(database: Database, migrateOnStart: boolean, log?: Logger): Promise<string[]> {
  let status = await readSchemaStatus(database);
  if (status.unknown.length) {
    log?.warn({ unknown: status.unknown }, "the database has migrations this release does not ship (a newer release applied them)");
  }
  if (!status.pending.length && !status.failed.length) return [];
  if (!migrateOnStart) {
    // An unfinished migration (one another process is applying right now) is pending too.
    const { pending } = status;
    const count = pending.length;
    const names = count <= 3 ? pending.join(", ") : `${pending.slice(0, 2).join(", ")} … ${pending.at(-1)}`;
    throw new StartupError(
      `The database schema is behind this release: ${count} migration${count === 1 ? "" : "s"} not applied ` +
        `(${names}). Run ${MIGRATE_COMMANDS} first, or set MIGRATE_ON_START=true to let this process apply them.`,
    );
  }
  // Under the migration lock (see Database.migrate): a migration another process was applying has
  // finished when this one gets the lock, and the engine applies only what is still missing.
  let applied: string[];
  try {
    applied = await database.migrate();
  } catch (err) {
    status = await readSchemaStatus(database);
    if (status.failed.length) {
      throw new StartupError(
        `Migration ${status.failed.join(", ")} failed part-way on this database. Repair the database by hand ` +
          `(see the migration's SQL in prisma/migrations), delete that row from _prisma_migrations, then run ${MIGRATE_COMMANDS}.`,
      );
    }
    throw err;
  }
  if (applied.length) log?.info({ applied }, "database migrations applied");
  return applied;
}
