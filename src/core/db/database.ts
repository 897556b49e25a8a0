import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { PrismaClient } from "../../generated/prisma/client.js";
import { lockDataDir } from "./data-dir-lock.js";
import { readRowsFromPool } from "./raw-rows.js";

export type Db = PrismaClient;

/** What a statement runs on: the client, or the client of an interactive transaction in progress. */
export type DbClient = Omit<PrismaClient, "$on" | "$connect" | "$disconnect" | "$extends" | "$use">;

export type { SqlClient } from "./raw-rows.js";

/** Advisory lock key serialising migrations across processes (any 64-bit number of our own). */
const MIGRATION_LOCK = "7316482293001";

/**
 * "minimal": an error says what failed, without quoting the call and its arguments (message texts,
 * numbers). Interactive transactions (consent, the audit chain) wait up to 10 s for a connection
 * and may last 15 s, not Prisma's 2 s and 5 s: on the embedded database every transaction queues
 * for its one connection, which a busy machine's burst (a bulk's rows, the worker's batch) holds
 * past 2 s. Past these the request is answered 503 with Retry-After (core/unavailable.ts).
 */
const CLIENT_OPTIONS = { errorFormat: "minimal", transactionOptions: { maxWait: 10_000, timeout: 15_000 } } as const;

export interface Database {
  prisma: PrismaClient;
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: how to open a connection of one's own (for LISTEN), on the same schema. */
  connection?: pg.ClientConfig;
  /** One plain query outside Prisma (the start-up check), so driver errors arrive as the driver raised them. */
  query<T>(sql: string): Promise<T[]>;
  /** Embedded only: the whole cluster as one uncompressed tar (PGlite's dumpDataDir). */
  dumpEmbedded(): Promise<Blob>;
  /** Applies pending migrations (with `until`, those up to that folder only); returns the names applied. */
  migrate(until?: string): Promise<string[]>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /**
   * The same database without a pooler in between (PgBouncer in transaction mode hands each
   * transaction any server connection): what needs a session of its own uses it, the migrations'
   * advisory lock and LISTEN. Unset: DATABASE_URL is direct.
   */
  directUrl?: string | undefined;
  dataDir: string;
  poolMax: number;
  /**
   * Embedded only, with DATA_DIR=memory://: start from this dump (PGlite's dumpDataDir) instead of
   * an empty cluster. Laying out a new cluster costs ~1.2 s; loading a migrated one ~0.35 s, which
   * is what lets every test file have a database of its own.
   */
  embeddedDump?: Blob | undefined;
}

/** `?schema=name` on DATABASE_URL selects a PostgreSQL schema (tests use one per file). */
export function splitSchema(databaseUrl: string): { connectionString: string; schema: string | undefined } {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get("schema") ?? undefined;
  url.searchParams.delete("schema");
  return { connectionString: url.toString(), schema };
}

/**
 * PrismaPg for migrations. Its `executeScript` splits a script at every ";", which breaks any
 * statement with a semicolon inside (a PL/pgSQL function body); PostgreSQL's simple query protocol
 * takes the whole script at once, as one implicit transaction, so that is what this sends.
 */
class WholeScriptPg extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const pool = adapter.underlyingDriver();
    adapter.executeScript = async (script: string) => {
      try {
        await pool.query(script);
      } catch (err) {
        // The adapter's own translation into the errors the schema engine understands.
        (adapter as unknown as { onError(e: unknown): never }).onError(err);
      }
    };
    return adapter;
  }
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolMax, opts.directUrl) : openEmbedded(opts);
}

/** A connection's settings; the schema (DATABASE_URL's `?schema=`) goes on the search path too, as raw queries are unqualified. */
const connectionConfig = (connectionString: string, schema: string | undefined): pg.PoolConfig => ({
  connectionString,
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  ...(schema ? { options: `-c search_path="${schema}"` } : {}),
});

async function openPostgres(databaseUrl: string, poolMax: number, directUrl: string | undefined): Promise<Database> {
  const { connectionString, schema } = splitSchema(databaseUrl);
  const poolConfig = connectionConfig(connectionString, schema);
  // Sessions of their own (the migrations' lock, LISTEN) go around a pooler when there is one.
  const directConfig = directUrl ? connectionConfig(splitSchema(directUrl).connectionString, schema) : poolConfig;
  if (schema) await ensureSchema(directConfig.connectionString!, schema);
  const pool = new pg.Pool({ ...poolConfig, max: poolMax });
  const adapterFactory = new PrismaPg(pool, schema ? { schema } : undefined);
  const prisma = new PrismaClient({ adapter: adapterFactory, ...CLIENT_OPTIONS });
  readRowsFromPool(prisma, pool, directUrl === undefined);
  return {
    prisma,
    adapterFactory,
    kind: "postgres",
    connection: directConfig,
    query: async <T>(sql: string) => (await pool.query(sql)).rows as T[],
    dumpEmbedded: () => Promise.reject(new Error("Only the embedded database can be dumped this way; use pg_dump.")),
    // Replicas that start together queue on a lock of ours, held by a session of its own for the
    // whole migration: the first applies, the next find nothing left to apply (the schema
    // engine's own lock gives up after 10 s, which a long migration would outlast). The engine
    // takes its lock per session and never gives it back, so it gets a pool of its own, ended
    // afterwards: on a shared pooled connection that lock would block every other start.
    async migrate(until?: string) {
      const { applyMigrations } = await import("./migrate.js");
      const holder = new pg.Client(directConfig);
      await holder.connect();
      try {
        await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
        const migrationPool = new pg.Pool({ ...directConfig, max: 1 });
        try {
          return await applyMigrations(new WholeScriptPg(migrationPool, schema ? { schema } : undefined), until);
        } finally {
          await migrationPool.end();
        }
      } finally {
        await holder.end(); // the session's end releases the lock
      }
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/**
 * A client of a streaming standby of the primary at `primaryUrl`, for reads that may lag
 * (read-standby.ts): the primary's schema unless `readUrl` names one, and read-only sessions, so
 * no write can go there by mistake (a standby would refuse it anyway; a promoted one would not).
 */
export function openStandbyClient(readUrl: string, primaryUrl: string, poolMax: number): { prisma: Db; close: () => Promise<void> } {
  const { connectionString, schema = splitSchema(primaryUrl).schema } = splitSchema(readUrl);
  const config = connectionConfig(connectionString, schema);
  const pool = new pg.Pool({ ...config, options: `${config.options ?? ""} -c default_transaction_read_only=on`.trim(), max: poolMax });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, schema ? { schema } : undefined), ...CLIENT_OPTIONS });
  const close = async () => {
    await prisma.$disconnect();
    await pool.end();
  };
  return { prisma, close };
}

async function openEmbedded(opts: DatabaseOptions): Promise<Database> {
  // Loaded only here: a server on PostgreSQL never pays for the embedded database's code.
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([import("@electric-sql/pglite"), import("pglite-prisma-adapter")]);
  const inMemory = opts.dataDir.startsWith("memory://");
  if (!inMemory) keepPrivate(opts.dataDir, "directory");
  const unlock = inMemory ? () => {} : lockDataDir(opts.dataDir);
  let pglite: PGlite;
  try {
    pglite = inMemory ? new PGlite(opts.embeddedDump ? { loadDataDir: opts.embeddedDump } : {}) : new PGlite(opts.dataDir);
    await pglite.waitReady;
    // PGlite lays out a new directory from its bundle with the bundle's modes (0666).
    if (!inMemory) keepPrivate(opts.dataDir, "contents");
  } catch (err) {
    unlock();
    throw err;
  }
  interleaveStatements(pglite);
  const adapterFactory = new PrismaPGlite(pglite);
  const prisma = new PrismaClient({ adapter: adapterFactory, ...CLIENT_OPTIONS });
  return {
    prisma,
    adapterFactory,
    kind: "pglite",
    query: async <T>(sql: string) => (await pglite.query<T>(sql)).rows,
    dumpEmbedded: () => pglite.dumpDataDir("none"),
    migrate: async (until?: string) => (await import("./migrate.js")).applyMigrations(adapterFactory, until),
    async close() {
      await prisma.$disconnect();
      await pglite.close();
      unlock();
    },
  };
}

/**
 * PGlite runs each statement synchronously on this thread, and a statement waiting for its turn
 * starts in a microtask as soon as the one before ends: a queue of them (the dispatcher recording
 * 16 outcomes, the worker's batch) then holds the event loop for their sum, and /healthz or any
 * request waits for all of them. Each statement first yields to the event loop (setImmediate runs
 * after pending I/O), so a request waits for at most the statement under way.
 */
function interleaveStatements(pglite: PGlite): void {
  const runExclusive = pglite._runExclusiveQuery.bind(pglite);
  pglite._runExclusiveQuery = (fn) =>
    runExclusive(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return fn();
    });
}

/**
 * The embedded database's files hold every message and the webhook signing secrets (in the WAL
 * too), so only this user may read them: the directory 0700, its files 0600. The directory is
 * what keeps others out; the files' modes are narrowed too, after PGlite has laid them out, and
 * the process's umask for good, since PGlite keeps creating files (WAL segments) while it runs.
 */
function keepPrivate(dir: string, what: "directory" | "contents"): void {
  if (what === "directory") {
    process.umask(0o077);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dir, 0o700);
    return;
  }
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    fs.chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
  }
}

async function ensureSchema(connectionString: string, schema: string): Promise<void> {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (err) {
    // Processes starting together can both find it missing; the loser's insert then fails on the
    // catalog's unique index (23505), and the schema is there all the same.
    if ((err as { code?: string }).code !== "23505") throw err;
  } finally {
    await client.end();
  }
}
