import { Prisma } from "../../generated/prisma/client.js";
import { CUSTOMER_WINDOW_HOURS } from "../../core/channels/capabilities.js";
import type { SqlClient } from "../../core/db/database.js";

// Meta's customer-service window, as SQL: a number may send free-form messages to a contact for 24
// hours after the contact's last message to that number. Acceptance, the sender choice and the
// worker's claim all ask these, so "inside the window" means the same wherever it is decided.
//
// A message opens the window at the earlier of the provider's timestamp and our receipt of it:
// a provider clock running ahead, or a redelivery hours later, never stretches the window past
// what Meta itself counts.

const opened = (i: string) => Prisma.raw(`LEAST(${i}.sent_at, ${i}.received_at)`);
const windowLength = Prisma.raw(`interval '${CUSTOMER_WINDOW_HOURS} hours'`);

/** True while `phone` has written to account `accountId` within the window ending at `at`: one probe of the (account, number, time) index. */
export const customerWindowOpenSql = (accountId: Prisma.Sql, phone: Prisma.Sql, at: Prisma.Sql) => Prisma.sql`EXISTS (
  SELECT 1 FROM inbound_message i WHERE i.account_id = ${accountId} AND i.from_number = ${phone}
    AND i.sent_at > ${at}::timestamptz - ${windowLength} AND ${opened("i")} > ${at}::timestamptz - ${windowLength})`;

/** When `phone`'s window on account `accountId` closes (or closed); null: the contact never wrote to it. */
export const customerWindowClosesSql = (accountId: Prisma.Sql, phone: Prisma.Sql) => Prisma.sql`(
  SELECT max(${opened("i")}) + ${windowLength} FROM inbound_message i
  WHERE i.account_id = ${accountId} AND i.from_number = ${phone})`;

export interface CustomerWindow {
  accountId: number;
  /** 24 hours after the contact's last message to that number: past means closed. */
  openUntil: Date;
}

/** Each contact's window on every number it wrote to, for a page of contacts: one indexed query. */
export async function customerWindowsOf(db: SqlClient, tenantId: number, phones: string[]): Promise<Map<string, CustomerWindow[]>> {
  const rows =
    phones.length === 0
      ? []
      : await db.$queryRaw<Array<{ phone: string; accountId: number; openUntil: Date }>>`-- customer_windows_of
    SELECT i.from_number AS phone, i.account_id AS "accountId", max(${opened("i")}) + ${windowLength} AS "openUntil"
    FROM inbound_message i WHERE i.tenant_id = ${tenantId} AND i.from_number = ANY (${phones}::text[])
    GROUP BY i.from_number, i.account_id ORDER BY i.account_id`;
  const windows = new Map<string, CustomerWindow[]>();
  for (const r of rows) windows.set(r.phone, [...(windows.get(r.phone) ?? []), { accountId: r.accountId, openUntil: r.openUntil }]);
  return windows;
}
