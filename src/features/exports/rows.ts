import type { Db } from "../../core/db/database.js";
import { kindOf, storedContent } from "../../core/content/message-content.js";
import { INBOUND_COLUMNS, MESSAGE_COLUMNS, type ExportRow } from "./formats.js";
import { inboundPage, inboundRangeStart, messagePage, messageRangeStart, type InboundRecord, type MessageRecord, type PageQuery, type RangeStart } from "./rows-sql.js";

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

export interface RowSource {
  columns: readonly string[];
  start(db: Db, tenantId: number, accountIds: number[], from: Date, to: Date): Promise<RangeStart>;
  /** The next page after `q.after`, as rows, with the last id read. */
  page(db: Db, q: PageQuery, stamp: Stamp): Promise<{ rows: ExportRow[]; lastId: bigint | undefined }>;
}

const pageOf = <R extends { id: bigint }>(records: R[], toRow: (r: R) => ExportRow) => ({ rows: records.map(toRow), lastId: records.at(-1)?.id });

export const ROW_SOURCES: Record<"messages" | "inbound", RowSource> = {
  messages: {
    columns: MESSAGE_COLUMNS,
    start: messageRangeStart,
    page: async (db, q, stamp) => pageOf(await messagePage(db, q), (m) => messageRow(m, stamp)),
  },
  inbound: {
    columns: INBOUND_COLUMNS,
    start: inboundRangeStart,
    page: async (db, q, stamp) => pageOf(await inboundPage(db, q), (m) => inboundRow(m, stamp)),
  },
};
