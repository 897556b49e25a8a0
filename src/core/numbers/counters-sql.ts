import { Prisma, type AccountUsage } from "../../generated/prisma/client.js";
import { dateOnly } from "../clock.js";

// A number's counters (`account_usage.day_sent`, `month_sent`) belong to the day and month they
// were last bumped on, and are reset lazily: read on another day (or month) they count 0, and the
// next bump starts them again from there. This module is the one place that rule is written, in
// SQL for the statements that reserve, count and release, and in TypeScript for reads.

/** SQL: `value` while the usage row `u` (an alias) still counts `day` (a date expression), else 0. */
export const onDay = (u: string, day: Prisma.Sql, value: Prisma.Sql) => Prisma.sql`(CASE WHEN ${Prisma.raw(u)}.day = ${day} THEN ${value} ELSE 0 END)`;

/** SQL: `value` while the usage row `u` still counts `month` (a YYYY-MM text expression), else 0. */
export const inMonth = (u: string, month: Prisma.Sql, value: Prisma.Sql) => Prisma.sql`(CASE WHEN ${Prisma.raw(u)}.month = ${month} THEN ${value} ELSE 0 END)`;

/** SQL: sends of the usage row `u` on `day`. */
export const sentOnDay = (u: string, day: Prisma.Sql) => onDay(u, day, Prisma.raw(`${u}.day_sent`));

/** SQL: sends of the usage row `u` in `month`. */
export const sentInMonth = (u: string, month: Prisma.Sql) => inMonth(u, month, Prisma.raw(`${u}.month_sent`));

/** SQL: the YYYY-MM month of a service-time-zone date: the allowance month of a message reserved that day. */
export const monthOfDay = (day: Prisma.Sql) => Prisma.sql`to_char(${day}, 'YYYY-MM')`;

/** The same rule in TypeScript, for reads: an account's sends on `day` and in `month`. */
export function sentInPeriod(
  usage: Pick<AccountUsage, "day" | "daySent" | "month" | "monthSent"> | null,
  period: { day: string; month: string },
): { today: number; month: number } {
  if (!usage) return { today: 0, month: 0 };
  return {
    today: dateOnly(usage.day) === period.day ? usage.daySent : 0,
    month: usage.month === period.month ? usage.monthSent : 0,
  };
}
