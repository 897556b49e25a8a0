import { describe, expect, it } from "vitest";
import { ServiceClock } from "./clock.js";

describe("the service clock", () => {
  it("gives the day and the month of one instant, the month always that of the day", () => {
    const clock = new ServiceClock("Asia/Riyadh");
    // 20:59:59.999 UTC on 31 December is 23:59:59.999 in Riyadh; a millisecond later it is January.
    expect(clock.period(new Date("2026-12-31T20:59:59.999Z"))).toEqual({ day: "2026-12-31", month: "2026-12" });
    expect(clock.period(new Date("2026-12-31T21:00:00.000Z"))).toEqual({ day: "2027-01-01", month: "2027-01" });
  });

  it("answers each instant's own day, whatever it was asked before (a day is kept per quarter hour)", () => {
    const kathmandu = new ServiceClock("Asia/Kathmandu");
    // +05:45: local midnight is 18:15 UTC, a quarter hour that is not a whole hour.
    const instants = ["2026-11-23T18:14:59.999Z", "2026-11-23T18:15:00.000Z", "2026-11-23T18:00:00.000Z", "2026-11-23T18:29:59.999Z", "2026-11-23T18:14:00.000Z"];
    expect(instants.map((at) => kathmandu.day(new Date(at)))).toEqual(["2026-11-23", "2026-11-24", "2026-11-23", "2026-11-24", "2026-11-23"]);
    expect(kathmandu.month(new Date("2026-11-30T18:15:00.000Z"))).toBe("2026-12");
  });

  it("moves forward when a test says so, and only then", () => {
    const clock = new ServiceClock("UTC");
    const before = clock.now().getTime();
    clock.advance(36 * 3_600_000);
    const moved = clock.now().getTime() - before;
    expect(moved).toBeGreaterThanOrEqual(36 * 3_600_000);
    expect(moved).toBeLessThan(36 * 3_600_000 + 60_000);
    expect(clock.period().day > new ServiceClock("UTC").period().day).toBe(true);
  });

  it("says when the next day begins in the zone, across daylight saving changes", () => {
    const riyadh = new ServiceClock("Asia/Riyadh");
    // 23:59 in Riyadh: the next day starts a minute later, at 21:00 UTC.
    expect(riyadh.startOfNextDay(new Date("2026-11-23T20:59:00Z")).toISOString()).toBe("2026-11-23T21:00:00.000Z");
    expect(riyadh.startOfNextDay(new Date("2026-11-23T21:00:00Z")).toISOString()).toBe("2026-11-24T21:00:00.000Z");
    const london = new ServiceClock("Europe/London");
    // The day the clocks go forward (01:00 GMT): its midnight was still GMT, the next one is BST.
    expect(london.startOfNextDay(new Date("2026-03-28T12:00:00Z")).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(london.startOfNextDay(new Date("2026-03-29T12:00:00Z")).toISOString()).toBe("2026-03-29T23:00:00.000Z");
    // The day they go back (02:00 BST): the next midnight is GMT again.
    expect(london.startOfNextDay(new Date("2026-10-25T12:00:00Z")).toISOString()).toBe("2026-10-26T00:00:00.000Z");
    expect(london.startOfNextDay(new Date("2026-10-24T12:00:00Z")).toISOString()).toBe("2026-10-24T23:00:00.000Z");
  });

  it("stands still while frozen, moves only by advance, and runs on from its reading when let go", async () => {
    const clock = new ServiceClock("Asia/Riyadh");
    clock.freeze();
    const stopped = clock.now().getTime();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.now().getTime()).toBe(stopped);
    clock.advance(1_000);
    expect(clock.now().getTime()).toBe(stopped + 1_000);
    clock.freeze(false);
    const running = clock.now().getTime();
    expect(running - (stopped + 1_000)).toBeGreaterThanOrEqual(0);
    expect(running - (stopped + 1_000)).toBeLessThan(1_000);
  });
});
