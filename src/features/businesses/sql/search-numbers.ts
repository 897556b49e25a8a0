import type { SqlClient } from "../../../core/db/raw-rows.js";
import { numberStateSql } from "../../../core/numbers/number-state-sql.js";

// Every number of every business for the operator console's Numbers page, a page at a time by
// id: its business, state (the core's one rule), why and until when, Meta's tier and quality,
// and for a linked number its WAHA server and the link's state. Removed numbers are left out.

export interface NumberSearch {
  /** A number in international digits, when the words were one. */
  phone: string | null;
  /** The numbers of one business. */
  tenantId: number | null;
  state: string | null;
  /** The numbers on one WAHA server (by name). */
  server: string | null;
  after: number;
  limit: number;
}

export interface NumberRow {
  id: number;
  tenant_id: number;
  tenant_name: string;
  phone_number: string | null;
  name: string;
  channel: string | null;
  state: string;
  status_reason: string | null;
  status_until: Date | null;
  messaging_tier: number | null;
  quality: string | null;
  server: string | null;
  link_state: string | null;
}

export const searchNumberRows = (db: SqlClient, q: NumberSearch) =>
  db.$queryRaw<NumberRow[]>`-- search_numbers
    SELECT a.id, a.tenant_id, t.name AS tenant_name, a.phone_number, a.name, a.channel, ${numberStateSql("a")} AS state,
      a.status_reason, a.status_until, a.messaging_tier, a.quality, w.name AS server, l.state AS link_state
    FROM account a
    JOIN tenant t ON t.id = a.tenant_id
    LEFT JOIN number_link l ON l.account_id = a.id
    LEFT JOIN waha_server w ON w.id = l.server_id
    WHERE a.removed_at IS NULL AND a.id > ${q.after}
      AND (${q.phone}::text IS NULL OR a.phone_number = ${q.phone}::text)
      AND (${q.tenantId}::int IS NULL OR a.tenant_id = ${q.tenantId}::int)
      AND (${q.state}::text IS NULL OR ${numberStateSql("a")} = ${q.state}::text)
      AND (${q.server}::text IS NULL OR w.name = ${q.server}::text)
    ORDER BY a.id
    LIMIT ${q.limit}`;
