import { formatInTimeZone } from "date-fns-tz";

/**
 * Days and months are counted in the service time zone (Asia/Riyadh by default), not UTC: a
 * Riyadh business's "today" starts at 00:00 Riyadh time.
 */
export class ServiceClock {
  constructor(readonly timeZone: string) {}

  now(): Date {
    return new Date();
  }

  /** YYYY-MM-DD of `at` in the service time zone. */
  day(at: Date = this.now()): string {
    return formatInTimeZone(at, this.timeZone, "yyyy-MM-dd");
  }

  /** YYYY-MM of `at` in the service time zone. */
  month(at: Date = this.now()): string {
    return formatInTimeZone(at, this.timeZone, "yyyy-MM");
  }

  /** ISO 8601 with the service time zone's offset, e.g. 2026-11-22T14:05:09.120+03:00. */
  timestamp(at: Date): string {
    return formatInTimeZone(at, this.timeZone, "yyyy-MM-dd'T'HH:mm:ss.SSSxxx");
  }
}

/** A PostgreSQL DATE arrives as midnight UTC of that day; this is its YYYY-MM-DD. */
export const dateOnly = (d: Date): string => d.toISOString().slice(0, 10);
