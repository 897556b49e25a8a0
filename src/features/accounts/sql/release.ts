import { Prisma } from "../../../generated/prisma/client.js";
import { inMonth, monthOfDay, onDay } from "../../../core/numbers/counters-sql.js";

// What a message gives back when it ends without being sent (failed, expired, cancelled): its unit
// of the monthly allowance and its sender's day and month counts. Written once, as CTE bodies over
// a CTE `source` of the messages that ended (columns "tenantId", "reservedOn", "accountId",
// "accountCountedOn"), and aggregated first: an UPDATE … FROM joins each target row to one source
// row only, so ten messages of one month must become one row giving back ten.

/** Gives back one unit per message in `source` to the allowance of the month it was accepted in. */
export const releaseQuotaCte = (source: string) => Prisma.sql`
    UPDATE tenant_monthly_usage AS q SET used = GREATEST(q.used - r.n, 0)
    FROM (
      SELECT "tenantId" AS tenant_id, ${monthOfDay(Prisma.raw(`"reservedOn"`))} AS month, count(*)::int AS n
      FROM ${Prisma.raw(source)} GROUP BY 1, 2
    ) AS r
    WHERE q.tenant_id = r.tenant_id AND q.month = r.month`;

/**
 * Gives each sender's day and month counts back, where they still describe the day (month) they
 * were taken on. One source row per account, with the days its messages were counted on.
 */
export const releaseSenderCte = (source: string) => {
  const each = (rule: (day: Prisma.Sql) => Prisma.Sql) => Prisma.sql`(SELECT COALESCE(sum(${rule(Prisma.raw("d"))}), 0) FROM unnest(r.days) AS d)`;
  return Prisma.sql`
    UPDATE account_usage AS u SET
      day_sent = GREATEST(u.day_sent - ${each((d) => onDay("u", d, Prisma.raw("1")))}, 0),
      month_sent = GREATEST(u.month_sent - ${each((d) => inMonth("u", monthOfDay(d), Prisma.raw("1")))}, 0)
    FROM (
      SELECT "accountId" AS account_id, array_agg("accountCountedOn") AS days
      FROM ${Prisma.raw(source)} WHERE "accountCountedOn" IS NOT NULL AND "accountId" IS NOT NULL GROUP BY 1
    ) AS r
    WHERE u.account_id = r.account_id`;
};
