import { addDays, type TimeZone } from "../../core/clock.js";
import type { SqlClient } from "../../core/db/raw-rows.js";
import { foldMessageFigures, keepServiceDay, type ServiceDayBounds } from "./sql/keep-figures.js";

// The housekeeper's part of the figures (README.md): fold the message rows of ended sessions, and
// write the service's row of the day. Run again at any time, it writes the same figures.

/** The day of `now` in `zone`, YYYY-MM-DD. */
export const dayIn = (zone: TimeZone, now: Date): string => zone.local(now).slice(0, 10);

const startOf = (zone: TimeZone, day: string) => zone.instantAt(Date.parse(`${day}T00:00:00Z`));

/** Today and yesterday in `zone`, and the instants that bound them. */
export function serviceDayBounds(zone: TimeZone, now: Date): ServiceDayBounds {
  const day = dayIn(zone, now);
  const yesterday = addDays(day, -1);
  return { day, yesterday, yesterdayStart: startOf(zone, yesterday), dayStart: startOf(zone, day), dayEnd: startOf(zone, addDays(day, 1)), now };
}

/** Brings the service's row of today up to date (the charts' reads do it first too). */
export async function keepTodaysFigures(db: SqlClient, zone: TimeZone, now: Date): Promise<void> {
  await keepServiceDay(db, serviceDayBounds(zone, now));
}

/** One pass: the fold, then today's row. */
export async function keepFigures(db: SqlClient, zone: TimeZone, now: Date): Promise<void> {
  await foldMessageFigures(db);
  await keepTodaysFigures(db, zone, now);
}
