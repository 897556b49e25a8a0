import { Prisma, type AccountUsage } from "../generated/prisma/client.js";
import { dateOnly } from "./clock.js";

// A number's counters (`account_usage.day_sent`, `month_sent`) belong to the day and month they
// were last bumped on, and are reset lazily: read on another day (or month) they count 0, and the
// next bump starts them again from there. This module is the one place that rule is written, in
// SQL for the statements that reserve, count and release, and in TypeScript for reads.

/** `counter` if `periodColumn` still names `period`, else 0. */
const inPeriod = (counter: Prisma.Sql, periodColumn: Prisma.Sql, period: Prisma.Sql) =>
  Prisma.sql`(CASE WHEN ${periodColumn} = ${period} THEN ${counter} ELSE 0 END)`;

/** SQL: sends of the usage row `u` (an alias) on `day` (a date expression). */
export const sentOnDay = (u: string, day: Prisma.Sql) => inPeriod(Prisma.raw(`${u}.day_sent`), Prisma.raw(`${u}.day`), day);

/** SQL: sends of the usage row `u` (an alias) in `month` (a YYYY-MM text expression). */
export const sentInMonth = (u: string, month: Prisma.Sql) => inPeriod(Prisma.raw(`${u}.month_sent`), Prisma.raw(`${u}.month`), month);

/** SQL: the YYYY-MM month of a service-time-zone date: the allowance month of a message reserved that day. */
export const monthOfDay = (day: Prisma.Sql) => Prisma.sql`to_char(${day}, 'YYYY-MM')`;

/** The same rule in TypeScript, for reads: an account's sends on `day` and in `month`. */
export function sentInPeriod(usage: Pick<AccountUsage, "day" | "daySent" | "month" | "monthSent"> | null, period: { day: string; month: string }): { today: number; month: number } {
  if (!usage) return { today: 0, month: 0 };
  return {
    today: dateOnly(usage.day) === period.day ? usage.daySent : 0,
    month: usage.month === period.month ? usage.monthSent : 0,
  };
}
