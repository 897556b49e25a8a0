/** Every UTC offset is a whole number of quarter hours, and so is every change of one. */
const QUARTER_HOUR_MS = 900_000;

/** Wall-clock time in one IANA time zone, and back: the service's zone, or a tenant's send window's. */
export class TimeZone {
  /** Offset (ms) of the zone per quarter hour of UTC time. */
  private readonly offsets = new Map<number, number>();
  private readonly offsetFormat: Intl.DateTimeFormat;

  /** Throws a RangeError for a name the platform's time zone database does not know. */
  constructor(readonly timeZone: string) {
    this.offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
  }

  /**
   * The zone's offset at `at`. Asking the time zone database costs tens of microseconds, which
   * adds up when every event to every live subscriber carries a timestamp; the answer holds for
   * the whole quarter hour, so it is kept per quarter hour.
   */
  private offsetMs(at: Date): number {
    const quarter = Math.floor(at.getTime() / QUARTER_HOUR_MS);
    let offset = this.offsets.get(quarter);
    if (offset === undefined) {
      offset = this.zoneOffsetMs(new Date(quarter * QUARTER_HOUR_MS));
      if (this.offsets.size >= 1_000) this.offsets.clear();
      this.offsets.set(quarter, offset);
    }
    return offset;
  }

  /** From the platform's time zone database: "GMT+03:00", "GMT-04:00", or "GMT" for zero. */
  private zoneOffsetMs(at: Date): number {
    const name = this.offsetFormat.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
    const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
    if (!m) return 0;
    return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
  }

  /** `at` as wall-clock time in the zone, without the offset: 2026-11-22T14:05:09.120 */
  local(at: Date): string {
    return new Date(at.getTime() + this.offsetMs(at)).toISOString().slice(0, 23);
  }

  /**
   * The instant whose wall-clock time in the zone is `wallClock` (ms of a UTC date read as local
   * time). The offset is read at the first guess and again at the result's, so a time on the other
   * side of a daylight saving change still gets its own offset.
   */
  instantAt(wallClock: number): Date {
    const guess = wallClock - this.offsetMs(new Date(wallClock));
    return new Date(wallClock - this.offsetMs(new Date(guess)));
  }

  /** ISO 8601 with the zone's offset, e.g. 2026-11-22T14:05:09.120+03:00. */
  timestamp(at: Date): string {
    const offset = this.offsetMs(at) / 60_000;
    const sign = offset < 0 ? "-" : "+";
    const abs = Math.abs(offset);
    return `${this.local(at)}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  }
}

/**
 * Days and months are counted in the service time zone (Asia/Riyadh by default), not UTC: a
 * Riyadh business's "today" starts at 00:00 Riyadh time.
 */
export class ServiceClock extends TimeZone {
  /** How far this clock runs ahead of the system's: moved only by tests (`advance`). */
  private shiftMs = 0;

  /** Where "now" stands while the clock is stopped (`freeze`); undefined while it runs. */
  private frozenAtMs: number | undefined;

  /** "Now" for every service and every statement that asks (passed to SQL as a parameter). */
  now(): Date {
    return new Date((this.frozenAtMs ?? Date.now()) + this.shiftMs);
  }

  /**
   * Stops this clock where it reads now (`stopped` true) or lets it run on from there: a test that
   * counts a bucket's tokens or a day's sends holds time still, and only `advance` moves it.
   */
  freeze(stopped = true): void {
    const reading = this.now().getTime();
    this.frozenAtMs = stopped ? reading : undefined;
    this.shiftMs = stopped ? 0 : reading - Date.now();
  }

  /** Moves this clock forward (or back) by `ms`: tests reach tomorrow or a lease's end without waiting. */
  advance(ms: number): void {
    this.shiftMs += ms;
  }

  /**
   * The day and the month of one instant. Allowances are counted per month and numbers per day;
   * both come from the same reading, so a send at the last millisecond of a month never reserves
   * in one month and counts in the next (and a message's month is always that of its day).
   */
  period(at: Date = this.now()): { day: string; month: string } {
    const day = this.day(at);
    return { day, month: day.slice(0, 7) };
  }

  /** The quarter hour of UTC time `day` last answered for, and its answer. */
  private dayOfQuarter: [number, string] = [Number.NaN, ""];

  /**
   * YYYY-MM-DD of `at` in the service time zone. Every send asks; a day starts on a quarter hour
   * in every zone (offsets are whole quarter hours), so the answer holds for the quarter hour.
   */
  day(at: Date = this.now()): string {
    const quarter = Math.floor(at.getTime() / QUARTER_HOUR_MS);
    if (this.dayOfQuarter[0] !== quarter) this.dayOfQuarter = [quarter, this.local(at).slice(0, 10)];
    return this.dayOfQuarter[1];
  }

  /** YYYY-MM of `at` in the service time zone. */
  month(at: Date = this.now()): string {
    return this.day(at).slice(0, 7);
  }

  /** When the day after `at`'s begins in the zone (per-number daily limits open again then). */
  startOfNextDay(at: Date = this.now()): Date {
    const next = new Date(`${this.day(at)}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return this.instantAt(next.getTime());
  }
}

/** The calendar day `n` days after `day` (before, for a negative `n`), both YYYY-MM-DD. */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A PostgreSQL DATE arrives as midnight UTC of that day; this is its YYYY-MM-DD. */
export const dateOnly = (d: Date): string => d.toISOString().slice(0, 10);
