import type { Db, DbClient } from "./database.js";

// The statements of id-range partitions, a (UTC) month each: message, inbound_message and
// webhook_delivery (migration partitions_by_id, whose functions do the DDL with quoted names).

/** One partition: ids in [lo, hi); `lo` null for the first, which holds every id below. */
export interface IdPartition {
  name: string;
  lo: bigint | null;
  /** Null only for a bound not of this scheme (MAXVALUE): such a partition is never dropped. */
  hi: bigint | null;
}

/** `table`'s partitions, oldest first. */
export async function idPartitions(db: Db, table: string): Promise<IdPartition[]> {
  return db.$queryRaw<IdPartition[]>`-- list_id_partitions
    SELECT c.relname::text AS name,
      (regexp_match(b.bound, 'FROM [(]''?(-?[0-9]+)''?[)]'))[1]::bigint AS lo,
      (regexp_match(b.bound, 'TO [(]''?(-?[0-9]+)''?[)]'))[1]::bigint AS hi
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    CROSS JOIN LATERAL (SELECT pg_get_expr(c.relpartbound, c.oid) AS bound) b
    WHERE i.inhparent = to_regclass(quote_ident(${table}))
    ORDER BY hi`;
}

/** The first id of the month that begins on `month` (YYYY-MM-01). */
export async function monthFirstId(db: Db, month: string): Promise<bigint> {
  const [row] = await db.$queryRaw<Array<{ id: bigint }>>`-- month_first_id
    SELECT id_month_base(${month}::date) AS id`;
  return row?.id ?? 0n;
}

/** Makes `table`'s partition for `month` unless it exists; answers whether it did. */
export async function openIdPartition(db: Db, table: string, month: string): Promise<boolean> {
  const [row] = await db.$queryRaw<Array<{ opened: boolean }>>`-- open_id_partition
    SELECT open_id_partition(${table}, ${month}::date) AS opened`;
  return row?.opened === true;
}

/** Moves `table`'s id sequence up to `month`'s partition if it is still below. */
export async function advanceIdSequence(db: Db, table: string, month: string): Promise<boolean> {
  const [row] = await db.$queryRaw<Array<{ moved: boolean }>>`-- advance_id_sequence
    SELECT advance_id_sequence(${table}, ${month}::date) AS moved`;
  return row?.moved === true;
}

/**
 * Takes `table` ACCESS EXCLUSIVE for this transaction, waiting at most 200 ms (lock_id_partitions
 * in the migration says why); taken first, before any read of the table in the transaction.
 */
export async function lockIdPartitions(db: DbClient, table: string): Promise<void> {
  await db.$queryRaw`-- lock_id_partitions
    SELECT lock_id_partitions(${table})::text`;
}

/** Detaches and drops one partition of `table`, with all its rows, unless it has gone already. */
export async function dropIdPartition(db: DbClient, table: string, name: string): Promise<boolean> {
  const [row] = await db.$queryRaw<Array<{ dropped: boolean }>>`-- drop_id_partition
    SELECT drop_id_partition(${table}, ${name}) AS dropped`;
  return row?.dropped === true;
}
