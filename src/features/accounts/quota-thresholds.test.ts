import { describe, expect, it } from "vitest";
import { thresholdsCrossed } from "./quota-thresholds.js";

describe("thresholdsCrossed", () => {
  it("names a threshold once, on the reservation that reaches its mark", () => {
    expect(thresholdsCrossed(7, 1, 10)).toEqual([]);
    expect(thresholdsCrossed(8, 1, 10)).toEqual([80]);
    expect(thresholdsCrossed(9, 1, 10)).toEqual([]);
    expect(thresholdsCrossed(10, 1, 10)).toEqual([100]);
  });

  it("rounds a mark up to a whole message, and names both when one bulk jumps over them", () => {
    expect(thresholdsCrossed(6, 1, 7)).toEqual([80]);
    expect(thresholdsCrossed(5, 5, 7)).toEqual([]);
    expect(thresholdsCrossed(10, 10, 10)).toEqual([80, 100]);
    expect(thresholdsCrossed(9, 3, 10)).toEqual([80]);
  });

  it("names nothing for an allowance of nothing or a reservation of nothing", () => {
    expect(thresholdsCrossed(0, 0, 0)).toEqual([]);
    expect(thresholdsCrossed(5, 0, 10)).toEqual([]);
  });
});
