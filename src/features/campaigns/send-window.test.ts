import { describe, expect, it } from "vitest";
import { isOpen, nextOpening } from "./send-window.js";
import { placeholdersOf, renderText } from "./placeholders.js";

// Saudi working hours: Sunday to Thursday, 09:00 to 17:00 Riyadh time (UTC+3, no daylight saving).
const workWeek = { timeZone: "Asia/Riyadh", days: [0, 1, 2, 3, 4], startMinute: 9 * 60, endMinute: 17 * 60 };
const riyadh = (local: string) => new Date(`${local}+03:00`);

describe("nextOpening", () => {
  it("is now inside the window, and the next opening day's start outside it", () => {
    expect(nextOpening(workWeek, riyadh("2026-11-22T10:30:00"))).toEqual(riyadh("2026-11-22T10:30:00")); // a Sunday
    expect(isOpen(workWeek, riyadh("2026-11-22T08:59:59"))).toBe(false);
    expect(nextOpening(workWeek, riyadh("2026-11-22T08:00:00"))).toEqual(riyadh("2026-11-22T09:00:00"));
    expect(nextOpening(workWeek, riyadh("2026-11-22T17:00:00"))).toEqual(riyadh("2026-11-23T09:00:00"));
    // Thursday evening, Friday and Saturday all wait for Sunday morning.
    expect(nextOpening(workWeek, riyadh("2026-11-26T18:00:00"))).toEqual(riyadh("2026-11-29T09:00:00"));
    expect(nextOpening(workWeek, riyadh("2026-11-27T12:00:00"))).toEqual(riyadh("2026-11-29T09:00:00"));
  });

  it("keeps each day's local opening across a daylight saving change", () => {
    const london = { timeZone: "Europe/London", days: [0, 1, 2, 3, 4, 5, 6], startMinute: 9 * 60, endMinute: 24 * 60 };
    // 2026-03-29: clocks go forward at 01:00 UTC; 09:00 local is then 08:00 UTC.
    expect(nextOpening(london, new Date("2026-03-29T02:00:00Z"))).toEqual(new Date("2026-03-29T08:00:00Z"));
    expect(nextOpening(london, new Date("2026-03-28T02:00:00Z"))).toEqual(new Date("2026-03-28T09:00:00Z"));
  });
});

describe("placeholders", () => {
  it("lists names once in order of use and fills values as written", () => {
    expect(placeholdersOf("{{a}} {{ b }} {{a}} {{1x}} {x}")).toEqual(["a", "b"]);
    expect(renderText("Hi {{name}}", { name: "$& {{name}}" })).toEqual({ text: "Hi $& {{name}}" });
    expect(renderText("{{a}}{{b}}", { a: "1" })).toEqual({ missing: ["b"] });
  });
});
