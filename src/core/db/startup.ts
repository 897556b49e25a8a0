import type { Logger } from "pino";
import type { Config } from "../config.js";
import { StartupError } from "../runtime/startup-error.js";
import { openDatabase, splitSchema, type Database } from "./database.js";
import { ensureSchemaCurrent } from "./schema-check.js";

/**
 * The database every entry point (server, worker, admin command) starts from: opened, reachable,
 * and on this release's schema. Anything the operator has to fix first (the server is down, the
 * database does not exist, the login is refused, migrations are not applied) stops the start with
 * one message naming the cause and the fix, before anything else has started.
 */
export async function openServiceDatabase(config: Config, options: { log?: Logger; poolMax?: number; embeddedDump?: Blob } = {}): Promise<Database> {
  let database: Database | undefined;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      directUrl: config.databaseDirectUrl,
      dataDir: config.dataDir,
      poolMax: options.poolMax ?? config.dbPoolMax,
      embeddedDump: options.embeddedDump,
    });
    await ensureSchemaCurrent(database, config.migrateOnStart, options.log);
    return database;
  } catch (err) {
    await database?.close().catch(() => {});
    throw explainDatabaseError(err, config.databaseUrl);
  }
}

/** The URL as it may be printed: no password. */
function printable(databaseUrl: string): { where: string; user: string; name: string } {
  const url = new URL(splitSchema(databaseUrl).connectionString);
  return { where: `${url.hostname}:${url.port || "5432"}`, user: decodeURIComponent(url.username) || "(default)", name: decodeURIComponent(url.pathname.slice(1)) };
}

/** PostgreSQL's and the socket's errors that mean "fix the setting or the server", as a StartupError. */
export function explainDatabaseError(err: unknown, databaseUrl: string | undefined): unknown {
  if (err instanceof StartupError || !databaseUrl || !(err instanceof Error)) return err;
  const code = (err as { code?: unknown }).code;
  const { where, user, name } = printable(databaseUrl);
  const unreachable = ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ECONNRESET"];
  if ((typeof code === "string" && unreachable.includes(code)) || /timeout exceeded when trying to connect|connection timeout/i.test(err.message)) {
    return new StartupError(
      `Cannot reach PostgreSQL at ${where} (${typeof code === "string" ? code : err.message}). Start the server, or correct the host and port in DATABASE_URL.`,
    );
  }
  if (code === "3D000") {
    return new StartupError(`The database "${name}" does not exist on ${where}. Create it (createdb -h ${where.split(":")[0]} -U ${user} ${name}), or correct DATABASE_URL.`);
  }
  if (code === "28P01" || code === "28000") {
    return new StartupError(`PostgreSQL at ${where} refused the login of user "${user}" (${err.message}). Correct the user or password in DATABASE_URL.`);
  }
  return err;
}
