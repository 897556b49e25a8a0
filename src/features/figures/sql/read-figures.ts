import { Prisma } from "../../../generated/prisma/client.js";
import type { SqlClient } from "../../../core/db/raw-rows.js";

// The charts' reads (README.md): the daily figures only, never the message table, so a chart costs
// the same with twenty million messages as with none.

/** Days from `from` to `to` (YYYY-MM-DD, inclusive), of one business or (null) every one. */
export interface DayRange {
  from: string;
  to: string;
  tenantId: number | null;
}

const ofTenant = (r: DayRange) => (r.tenantId === null ? Prisma.empty : Prisma.sql`AND tenant_id = ${r.tenantId}::int`);

/** Messages per day and state (pending, sending, sent, delivered, read, failed); days and states without any are left out. */
export const messageDays = (db: SqlClient, r: DayRange) =>
  db.$queryRaw<Array<{ day: string; state: string; n: number }>>`-- read_message_days
    SELECT to_char(day, 'YYYY-MM-DD') AS day, state, sum(n)::int AS n
    FROM figures_message_day
    WHERE day >= ${r.from}::date AND day <= ${r.to}::date ${ofTenant(r)}
    GROUP BY day, state
    HAVING sum(n) <> 0`;

/** Failed messages per reason over the days, the most first. */
export const failureReasons = (db: SqlClient, r: DayRange) =>
  db.$queryRaw<Array<{ reason: string; n: number }>>`-- read_failure_reasons
    SELECT reason, sum(n)::int AS n
    FROM figures_message_day
    WHERE state = 'failed' AND day >= ${r.from}::date AND day <= ${r.to}::date ${ofTenant(r)}
    GROUP BY reason
    HAVING sum(n) <> 0
    ORDER BY n DESC, reason`;

/** A month of the service: its last day's businesses by status and monthly revenue, and its sign-ups and churn. */
export interface ServiceMonthRow {
  month: string;
  businesses: Record<string, number>;
  mrr: number;
  signups: number;
  churn: number;
}

/** The months from `from`'s to `to`'s (days, inclusive) that have figures. */
export const serviceMonths = (db: SqlClient, from: string, to: string) =>
  db.$queryRaw<ServiceMonthRow[]>`-- read_service_months
    SELECT to_char(day, 'YYYY-MM') AS month,
      (array_agg(businesses ORDER BY day DESC))[1] AS businesses,
      (array_agg(mrr ORDER BY day DESC))[1]::float8 AS mrr,
      sum(signups)::int AS signups, sum(churn)::int AS churn
    FROM figures_service_day
    WHERE day >= ${from}::date AND day <= ${to}::date
    GROUP BY 1
    ORDER BY 1`;
