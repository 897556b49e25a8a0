import { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";

// The reads an export makes of the tenant's messages and inbound messages: the range's count and
// bounds when the job starts, then pages by id (a keyset cursor, never OFFSET) over the index
// (tenant_id, id DESC), each page a bounded number of rows whatever the table's size.

/** A key restricted to some numbers exports their rows only (core/auth/number-scope.ts); empty: every number. */
const ownNumbers = (accountIds: number[]) => (accountIds.length === 0 ? Prisma.sql`TRUE` : Prisma.sql`account_id = ANY (${accountIds}::int[])`);

export interface RangeEnd {
  maxId: bigint;
  running: string[];
}

export interface RangeCount {
  total: number;
  firstId: bigint;
}

/**
 * Where the range ends: its last id visible now, and the transactions running now (PostgreSQL's
 * snapshot, taken by the same statement). A row with a lower id that is not visible yet belongs
 * to one of those transactions, since its id was drawn before the last one was; once they have
 * ended (`stillRunning`), the rows up to that id are settled and can be counted.
 */
export async function messageRangeEnd(db: Db, tenantId: number, accountIds: number[], from: Date, to: Date): Promise<RangeEnd> {
  const [row] = await db.$queryRaw<Array<{ maxId: bigint | null; running: string[] | null }>>`-- export_message_range_end
    SELECT max(id) AS "maxId", (SELECT array_agg(x::text) FROM pg_snapshot_xip(pg_current_snapshot()) x) AS running FROM message
    WHERE tenant_id = ${tenantId} AND ${ownNumbers(accountIds)} AND created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz`;
  return { maxId: row?.maxId ?? 0n, running: row?.running ?? [] };
}

export async function inboundRangeEnd(db: Db, tenantId: number, accountIds: number[], from: Date, to: Date): Promise<RangeEnd> {
  const [row] = await db.$queryRaw<Array<{ maxId: bigint | null; running: string[] | null }>>`-- export_inbound_range_end
    SELECT max(id) AS "maxId", (SELECT array_agg(x::text) FROM pg_snapshot_xip(pg_current_snapshot()) x) AS running FROM inbound_message
    WHERE tenant_id = ${tenantId} AND ${ownNumbers(accountIds)} AND received_at >= ${from}::timestamptz AND received_at < ${to}::timestamptz`;
  return { maxId: row?.maxId ?? 0n, running: row?.running ?? [] };
}

/** How many of `running` (transaction ids) have not ended yet. */
export async function stillRunning(db: Db, running: string[]): Promise<number> {
  if (running.length === 0) return 0;
  const [row] = await db.$queryRaw<Array<{ n: number }>>`-- export_transactions_still_running
    SELECT count(*)::int AS n FROM unnest(${running}::text[]) x WHERE pg_xact_status(x::xid8) = 'in progress'`;
  return row?.n ?? 0;
}

/** The range's rows up to `maxId`: how many, and the first id. */
export async function messageRangeCount(db: Db, tenantId: number, accountIds: number[], from: Date, to: Date, maxId: bigint): Promise<RangeCount> {
  const [row] = await db.$queryRaw<Array<{ total: number; firstId: bigint | null }>>`-- export_message_range_count
    SELECT count(*)::int AS total, min(id) AS "firstId" FROM message
    WHERE tenant_id = ${tenantId} AND ${ownNumbers(accountIds)} AND id <= ${maxId} AND created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz`;
  return { total: row?.total ?? 0, firstId: row?.firstId ?? 1n };
}

export async function inboundRangeCount(db: Db, tenantId: number, accountIds: number[], from: Date, to: Date, maxId: bigint): Promise<RangeCount> {
  const [row] = await db.$queryRaw<Array<{ total: number; firstId: bigint | null }>>`-- export_inbound_range_count
    SELECT count(*)::int AS total, min(id) AS "firstId" FROM inbound_message
    WHERE tenant_id = ${tenantId} AND ${ownNumbers(accountIds)} AND id <= ${maxId} AND received_at >= ${from}::timestamptz AND received_at < ${to}::timestamptz`;
  return { total: row?.total ?? 0, firstId: row?.firstId ?? 1n };
}

export interface PageQuery {
  tenantId: number;
  accountIds: number[];
  after: bigint;
  maxId: bigint;
  from: Date;
  to: Date;
  limit: number;
}

export interface MessageRecord {
  id: bigint;
  to: string;
  status: string;
  error: string | null;
  content: unknown;
  body: string;
  imageUrl: string | null;
  accountId: number | null;
  batchId: bigint | null;
  createdAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
}

export function messagePage(db: Db, q: PageQuery): Promise<MessageRecord[]> {
  return db.$queryRaw<MessageRecord[]>`-- export_message_page
    SELECT id, "to", status::text AS status, error, content, body, image_url AS "imageUrl", account_id AS "accountId", batch_id AS "batchId",
      created_at AS "createdAt", sent_at AS "sentAt", delivered_at AS "deliveredAt", read_at AS "readAt"
    FROM message
    WHERE tenant_id = ${q.tenantId} AND ${ownNumbers(q.accountIds)} AND id > ${q.after} AND id <= ${q.maxId}
      AND created_at >= ${q.from}::timestamptz AND created_at < ${q.to}::timestamptz
    ORDER BY id LIMIT ${q.limit}`;
}

export interface InboundRecord {
  id: bigint;
  accountId: number;
  fromNumber: string | null;
  fromLid: string | null;
  kind: string;
  text: string | null;
  mediaUrl: string | null;
  mimeType: string | null;
  fileName: string | null;
  latitude: number | null;
  longitude: number | null;
  inReplyToId: bigint | null;
  batchId: bigint | null;
  optOut: boolean;
  sentAt: Date;
  receivedAt: Date;
}

export function inboundPage(db: Db, q: PageQuery): Promise<InboundRecord[]> {
  return db.$queryRaw<InboundRecord[]>`-- export_inbound_page
    SELECT id, account_id AS "accountId", from_number AS "fromNumber", from_lid AS "fromLid", kind::text AS kind, text, media_url AS "mediaUrl",
      mime_type AS "mimeType", file_name AS "fileName", latitude, longitude, in_reply_to_id AS "inReplyToId", batch_id AS "batchId",
      opt_out AS "optOut", sent_at AS "sentAt", received_at AS "receivedAt"
    FROM inbound_message
    WHERE tenant_id = ${q.tenantId} AND ${ownNumbers(q.accountIds)} AND id > ${q.after} AND id <= ${q.maxId}
      AND received_at >= ${q.from}::timestamptz AND received_at < ${q.to}::timestamptz
    ORDER BY id LIMIT ${q.limit}`;
}
