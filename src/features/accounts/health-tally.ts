import { Prisma } from "../../generated/prisma/client.js";

// A number's health counts per hour of the service clock (account_health_hour), added by the
// statements that already mark messages sent or failed and store inbound messages, as one more CTE
// each: health bookkeeping never costs a statement of its own. Rows are aggregated per account
// first, so a batch of 100 sends is one upsert per number.

export type HealthColumn = "sent" | "failed" | "undeliverable" | "opt_outs" | "replies";

/** The hour bucket `at` falls in. */
export const healthHourSql = (at: Date) => Prisma.sql`date_trunc('hour', ${at}::timestamptz)`;

/**
 * A CTE body adding, per account of the rows in CTE `source` (with an `account` column expression),
 * each column's count (a SQL aggregate over `source`) to the hour of `at`.
 */
export function tallyHealthCte(source: string, account: string, at: Date, counts: Partial<Record<HealthColumn, Prisma.Sql>>): Prisma.Sql {
  const columns = Object.keys(counts) as HealthColumn[];
  const names = Prisma.raw(columns.join(", "));
  const values = Prisma.join(columns.map((c) => counts[c] as Prisma.Sql), ", ");
  const updates = Prisma.raw(columns.map((c) => `${c} = h.${c} + EXCLUDED.${c}`).join(", "));
  return Prisma.sql`
    INSERT INTO account_health_hour AS h (account_id, hour, ${names})
    SELECT ${Prisma.raw(account)}, ${healthHourSql(at)}, ${values}
    FROM ${Prisma.raw(source)} WHERE ${Prisma.raw(account)} IS NOT NULL GROUP BY ${Prisma.raw(account)} ORDER BY ${Prisma.raw(account)}
    ON CONFLICT (account_id, hour) DO UPDATE SET ${updates}`;
}

/** The failure texts that count as undeliverable, and those that are not the provider's refusal. */
export const UNDELIVERABLE = "recipient_not_on_whatsapp";
