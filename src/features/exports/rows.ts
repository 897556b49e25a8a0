import type { Db } from "../../core/db/database.js";
import { kindOf, storedContent } from "../../core/content/message-content.js";
import { INBOUND_COLUMNS, MESSAGE_COLUMNS, type ExportRow } from "./formats.js";
import { setTimeout as sleep } from "node:timers/promises";
import {
  inboundPage,
  inboundRangeCount,
  inboundRangeEnd,
  messagePage,
  messageRangeCount,
  messageRangeEnd,
  stillRunning,
  type InboundRecord,
  type MessageRecord,
  type PageQuery,
  type RangeCount,
  type RangeEnd,
} from "./rows-sql.js";

// Each kind of export as rows of its columns, named and valued as the REST answers name them
// (GET /messages/{id}, GET /inbound-messages): the status as the API gives it, ids as numbers,
// times in the service time zone's offset.

type Stamp = (at: Date) => string;

const stampOrNull = (stamp: Stamp, at: Date | null) => (at === null ? null : stamp(at));
const num = (id: bigint | null) => (id === null ? null : Number(id));

const messageRow = (m: MessageRecord, stamp: Stamp): ExportRow => ({
  id: Number(m.id),
  to: m.to,
  status: m.status,
  error: m.error,
  kind: kindOf(storedContent(m.content)),
  text: m.body,
  image_url: m.imageUrl,
  account_id: m.accountId,
  batch_id: num(m.batchId),
  created_at: stamp(m.createdAt),
  sent_at: stampOrNull(stamp, m.sentAt),
  delivered_at: stampOrNull(stamp, m.deliveredAt),
  read_at: stampOrNull(stamp, m.readAt),
});

const inboundRow = (m: InboundRecord, stamp: Stamp): ExportRow => ({
  id: Number(m.id),
  account_id: m.accountId,
  from: m.fromNumber,
  from_lid: m.fromLid,
  type: m.kind,
  text: m.text,
  media_url: m.mediaUrl,
  mime_type: m.mimeType,
  file_name: m.fileName,
  latitude: m.latitude,
  longitude: m.longitude,
  in_reply_to_message_id: num(m.inReplyToId),
  batch_id: num(m.batchId),
  opt_out: m.optOut,
  sent_at: stamp(m.sentAt),
  received_at: stamp(m.receivedAt),
});

/** How long a job's start waits for the transactions running when it fixed its last id: far longer than a send's. */
const SETTLE_MS = 5_000;
const SETTLE_POLL_MS = 20;

export interface RangeStart extends RangeCount {
  maxId: bigint;
}

type Range = [db: Db, tenantId: number, accountIds: number[], from: Date, to: Date];

/**
 * The range as a job fixes it at its start: its last id now, then, once the transactions running
 * at that moment have ended (or SETTLE_MS has passed), the count of its rows up to that id, which
 * no later send changes.
 */
async function settledStart(end: (...r: Range) => Promise<RangeEnd>, count: (...r: [...Range, bigint]) => Promise<RangeCount>, ...range: Range): Promise<RangeStart> {
  const { maxId, running } = await end(...range);
  const deadline = Date.now() + SETTLE_MS;
  while ((await stillRunning(range[0], running)) > 0 && Date.now() < deadline) await sleep(SETTLE_POLL_MS);
  return { ...(await count(...range, maxId)), maxId };
}

export interface RowSource {
  columns: readonly string[];
  start(...range: Range): Promise<RangeStart>;
  /** The next page after `q.after`, as rows, with the last id read. */
  page(db: Db, q: PageQuery, stamp: Stamp): Promise<{ rows: ExportRow[]; lastId: bigint | undefined }>;
}

const pageOf = <R extends { id: bigint }>(records: R[], toRow: (r: R) => ExportRow) => ({ rows: records.map(toRow), lastId: records.at(-1)?.id });

export const ROW_SOURCES: Record<"messages" | "inbound", RowSource> = {
  messages: {
    columns: MESSAGE_COLUMNS,
    start: (...range) => settledStart(messageRangeEnd, messageRangeCount, ...range),
    page: async (db, q, stamp) => pageOf(await messagePage(db, q), (m) => messageRow(m, stamp)),
  },
  inbound: {
    columns: INBOUND_COLUMNS,
    start: (...range) => settledStart(inboundRangeEnd, inboundRangeCount, ...range),
    page: async (db, q, stamp) => pageOf(await inboundPage(db, q), (m) => inboundRow(m, stamp)),
  },
};
