import pg from "pg";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";

/** What runs a raw statement: the client, or the client of a transaction in progress. */
export type SqlClient = Pick<PrismaClient, "$queryRaw">;

// The statements of every send (the grouped accept, the sent marks, the queue's claim) return
// whole message rows, and Prisma's client around a raw statement cost more than the driver reading
// those rows: its request pipeline, its tracing spans, then converting every value by its column's
// type (BENCHMARKS.md, "the send path's rows"). On PostgreSQL these statements go straight to the pool the
// client itself uses, read with parsers that give each value the type $queryRaw gives it (a
// test compares the two on every column type they return). Elsewhere (PGlite, where the statement
// runs on this thread anyway, or a transaction's client) they go through $queryRaw.

interface PoolReads {
  pool: pg.Pool;
  /** Whether statements are prepared once per connection (named), which a pooler in between cannot keep. */
  prepared: boolean;
}

const pools = new WeakMap<object, PoolReads>();

/**
 * Lets `rowsOf` read `client`'s raw statements straight from `pool`, the pool under its adapter.
 * `prepared` only on a direct connection: PgBouncer in transaction mode hands each transaction any
 * server connection, where a statement prepared on another is unknown.
 */
export function readRowsFromPool(client: SqlClient, pool: pg.Pool, prepared: boolean): void {
  pools.set(client, { pool, prepared });
}

// The send path's statements are long (the grouped accept is a dozen CTEs), and sent unnamed each
// is parsed and planned again by PostgreSQL and written whole on every call. Named, a connection
// parses it once and later calls send only the parameters (BENCHMARKS.md, "prepared statements").
// Their texts are fixed (values are always parameters); the bound only guards against a caller
// that builds texts from data, which would then run unnamed rather than fill every connection.
const MAX_PREPARED = 64;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known !== undefined || statementNames.size >= MAX_PREPARED) return known;
  const name = `gateway_${statementNames.size + 1}`;
  statementNames.set(text, name);
  return name;
}

/** An array of `element`s, read as a text array first (pg's own parser for `text[]`), nulls kept. */
// pg's types name only the base types' ids; 1009 is `text[]`.
const parserOf = pg.types.getTypeParser as (oid: number, format?: "text" | "binary") => (value: string) => unknown;
const textArray = parserOf(1009) as (value: string) => Array<string | null>;
const arrayOf =
  <T>(element: (value: string) => T) =>
  (value: string): Array<T | null> =>
    textArray(value).map((item) => (item === null ? null : element(item)));

/** PostgreSQL type ids whose values $queryRaw types differently from pg's defaults. */
const int8 = (value: string) => BigInt(value);
// A DATE is a day: $queryRaw gives midnight UTC of it (pg would give local midnight).
const date = (value: string) => new Date(`${value}T00:00:00.000Z`);
const numeric = (value: string) => new Prisma.Decimal(value);
const PARSERS = new Map<number, (value: string) => unknown>([
  [20, int8],
  [1016, arrayOf(int8)],
  [1082, date],
  [1182, arrayOf(date)],
  [1700, numeric],
  [1231, arrayOf(numeric)],
]);

const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => PARSERS.get(oid) ?? parserOf(oid, format)) as typeof pg.types.getTypeParser,
};

/** A parameter as $queryRaw binds it: an instant as ISO 8601 in UTC, whatever the process's zone. */
function bound(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(bound);
  return value;
}

/** The rows of a raw statement, typed as `client.$queryRaw` types them. */
export async function rowsOf<T>(client: SqlClient, sql: Prisma.Sql): Promise<T[]> {
  const reads = pools.get(client);
  if (!reads) return client.$queryRaw<T[]>(sql);
  const name = reads.prepared ? statementName(sql.text) : undefined;
  const result = await reads.pool.query({ ...(name === undefined ? {} : { name }), text: sql.text, values: sql.values.map(bound), types });
  return result.rows as T[];
}

/** Whether `rowsOf` reads `client`'s statements straight from a pool (PostgreSQL's client) or through $queryRaw. */
export const readsFromPool = (client: SqlClient): boolean => pools.has(client);
