import { describe, expect, it } from "vitest";
import { formatInTimeZone } from "date-fns-tz";
import { ServiceClock } from "../src/core/clock.js";

// The clock keeps each zone's offset per quarter hour instead of asking the time zone database on
// every call; it must still agree with that database at every instant, DST changes included.
describe("ServiceClock", () => {
  const reference = (at: Date, zone: string) => formatInTimeZone(at, zone, "yyyy-MM-dd'T'HH:mm:ss.SSSxxx");
  const check = (clock: ServiceClock, at: Date) => {
    const expected = reference(at, clock.timeZone);
    expect(clock.timestamp(at)).toBe(expected);
    expect(clock.day(at)).toBe(expected.slice(0, 10));
    expect(clock.month(at)).toBe(expected.slice(0, 7));
  };

  it.each(["Asia/Riyadh", "Europe/London", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC"])(
    "formats days, months and timestamps exactly as the time zone database says (%s)",
    (zone) => {
      const clock = new ServiceClock(zone);
      let previous: { t: number; offset: string } | undefined;
      // Two years at an odd step; wherever the offset changed between two samples, every minute between.
      for (let t = Date.UTC(2026, 0, 1) + 123; t < Date.UTC(2028, 0, 1); t += 4_033_000) {
        const offset = reference(new Date(t), zone).slice(-6);
        if (previous && previous.offset !== offset) {
          for (let m = previous.t; m < t; m += 60_000) check(clock, new Date(m));
        }
        check(clock, new Date(t));
        previous = { t, offset };
      }
    },
  );
});
