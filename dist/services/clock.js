/** Every UTC offset is a whole number of quarter hours, and so is every change of one. */
const QUARTER_HOUR_MS = 900_000;
/**
 * Days and months are counted in the service time zone (Asia/Riyadh by default), not UTC: a
 * Riyadh business's "today" starts at 00:00 Riyadh time.
 */
export class ServiceClock {
    timeZone;
    /** Offset (ms) of the zone per quarter hour of UTC time. */
    offsets = new Map();
    offsetFormat;
    /** How far this clock runs ahead of the system's: moved only by tests (`advance`). */
    shiftMs = 0;
    constructor(timeZone) {
        this.timeZone = timeZone;
        this.offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    }
    /** "Now" for every service and every statement that asks (passed to SQL as a parameter). */
    now() {
        return new Date(Date.now() + this.shiftMs);
    }
    /** Moves this clock forward (or back) by `ms`: tests reach tomorrow or a lease's end without waiting. */
    advance(ms) {
        this.shiftMs += ms;
    }
    /**
     * The day and the month of one instant. Allowances are counted per month and numbers per day;
     * both come from the same reading, so a send at the last millisecond of a month never reserves
     * in one month and counts in the next (and a message's month is always that of its day).
     */
    period(at = this.now()) {
        const day = this.day(at);
        return { day, month: day.slice(0, 7) };
    }
    /**
     * The zone's offset at `at`. Asking the time zone database costs tens of microseconds, which
     * adds up when every event to every live subscriber carries a timestamp; the answer holds for
     * the whole quarter hour, so it is kept per quarter hour.
     */
    offsetMs(at) {
        const quarter = Math.floor(at.getTime() / QUARTER_HOUR_MS);
        let offset = this.offsets.get(quarter);
        if (offset === undefined) {
            offset = this.zoneOffsetMs(new Date(quarter * QUARTER_HOUR_MS));
            if (this.offsets.size >= 1_000)
                this.offsets.clear();
            this.offsets.set(quarter, offset);
        }
        return offset;
    }
    /** From the platform's time zone database: "GMT+03:00", "GMT-04:00", or "GMT" for zero. */
    zoneOffsetMs(at) {
        const name = this.offsetFormat.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
        const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
        if (!m)
            return 0;
        return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
    }
    /** `at` as wall-clock time in the zone, without the offset: 2026-11-22T14:05:09.120 */
    local(at) {
        return new Date(at.getTime() + this.offsetMs(at)).toISOString().slice(0, 23);
    }
    /** YYYY-MM-DD of `at` in the service time zone. */
    day(at = this.now()) {
        return this.local(at).slice(0, 10);
    }
    /** YYYY-MM of `at` in the service time zone. */
    month(at = this.now()) {
        return this.local(at).slice(0, 7);
    }
    /** ISO 8601 with the service time zone's offset, e.g. 2026-11-22T14:05:09.120+03:00. */
    timestamp(at) {
        const offset = this.offsetMs(at) / 60_000;
        const sign = offset < 0 ? "-" : "+";
        const abs = Math.abs(offset);
        return `${this.local(at)}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
    }
}
/** A PostgreSQL DATE arrives as midnight UTC of that day; this is its YYYY-MM-DD. */
export const dateOnly = (d) => d.toISOString().slice(0, 10);
//# sourceMappingURL=clock.js.map