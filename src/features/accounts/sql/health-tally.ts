import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../core/db/database.js";

// A number's health counts per hour of the service clock. Messages counted against a number
// (attempts) are counted in its usage row by the sender-count statements, which lock that row
// anyway: its live hour is account_usage (hour, hour_attempts), and a trigger moves a finished
// hour to account_health_hour (migration health_hour_in_usage). Failures, opt-outs and replies are
// added to account_health_hour by the statements that already mark messages failed and store
// inbound messages, as one more CTE each. Health bookkeeping never costs a statement of its own,
// and a send's hot path touches no row beyond the ones it already locked.

export type HealthColumn = "failed" | "undeliverable" | "opt_outs" | "replies";

/** The hour bucket `at` falls in. */
export const healthHourSql = (at: Date) => Prisma.sql`date_trunc('hour', ${at}::timestamptz)`;

/**
 * A CTE body adding, per account of the rows in CTE `source` (with an `account` column expression),
 * each column's count (a SQL aggregate over `source`) to the hour of `at`.
 */
export function tallyHealthCte(source: string, account: string, at: Date, counts: Partial<Record<HealthColumn, Prisma.Sql>>): Prisma.Sql {
  const columns = Object.keys(counts) as HealthColumn[];
  const names = Prisma.raw(columns.join(", "));
  const values = Prisma.join(
    columns.map((c) => counts[c] as Prisma.Sql),
    ", ",
  );
  const updates = Prisma.raw(columns.map((c) => `${c} = h.${c} + EXCLUDED.${c}`).join(", "));
  return Prisma.sql`
    INSERT INTO account_health_hour AS h (account_id, hour, ${names})
    SELECT ${Prisma.raw(account)}, ${healthHourSql(at)}, ${values}
    FROM ${Prisma.raw(source)} WHERE ${Prisma.raw(account)} IS NOT NULL GROUP BY ${Prisma.raw(account)} ORDER BY ${Prisma.raw(account)}
    ON CONFLICT (account_id, hour) DO UPDATE SET ${updates}`;
}

/** The failure texts that count as undeliverable, and those that are not the provider's refusal. */
export const UNDELIVERABLE = "recipient_not_on_whatsapp";

/**
 * SQL SET items for usage row `u` counting `count` more attempts in the hour of `at`: a new hour
 * starts from nothing, and the hour it replaces becomes the row's previous hour (the trigger also
 * moves it to account_health_hour).
 */
export const countAttemptsSql = (u: string, at: Date, count: Prisma.Sql) => {
  const row = Prisma.raw(u);
  const sameHour = Prisma.sql`${row}.hour = ${healthHourSql(at)}`;
  return Prisma.sql`hour = ${healthHourSql(at)}, hour_attempts = (CASE WHEN ${sameHour} THEN ${row}.hour_attempts ELSE 0 END) + ${count},
    prev_hour = CASE WHEN ${sameHour} THEN ${row}.prev_hour ELSE ${row}.hour END,
    prev_hour_attempts = CASE WHEN ${sameHour} THEN ${row}.prev_hour_attempts ELSE ${row}.hour_attempts END`;
};

/** A FROM item (alias `h`): every number's health counts per hour, the finished hours and the live one. */
export const healthHoursSql = Prisma.sql`(
    SELECT account_id, hour, attempts, failed, undeliverable, opt_outs, replies FROM account_health_hour
    UNION ALL
    SELECT account_id, hour, hour_attempts, 0, 0, 0, 0 FROM account_usage WHERE hour IS NOT NULL
  ) AS h`;

/** Deletes the hourly counts from more than `keepDays` days before `now`. */
export async function deleteOldHealthHours(db: Db, now: Date, keepDays: number): Promise<void> {
  await db.$executeRaw`-- delete_old_health_hours
    DELETE FROM account_health_hour WHERE hour < ${now}::timestamptz - make_interval(days => ${keepDays})`;
}
