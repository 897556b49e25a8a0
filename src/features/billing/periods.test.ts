import { describe, expect, it } from "vitest";
import { addDays, nextRetryDay, periodDays, periodEnd, upgradeCharge, vatOf, withVat } from "./periods.js";

describe("billing periods", () => {
  it("a month runs to the day before the same day next month", () => {
    expect(periodEnd("2026-03-10", "month")).toBe("2026-04-09");
    expect(periodEnd("2026-12-01", "month")).toBe("2026-12-31");
    expect(periodEnd("2026-12-15", "month")).toBe("2027-01-14");
  });
  it("a start on a day the next month lacks runs to that month's last day", () => {
    expect(periodEnd("2026-01-31", "month")).toBe("2026-02-28");
    expect(periodEnd("2028-01-31", "month")).toBe("2028-02-29");
    expect(periodEnd("2026-03-31", "month")).toBe("2026-04-30");
  });
  it("a year runs to the day before the same day next year", () => {
    expect(periodEnd("2026-05-01", "year")).toBe("2027-04-30");
    expect(periodEnd("2028-02-29", "year")).toBe("2029-02-28");
  });
  it("counts a period's days with both ends", () => {
    expect(periodDays("2026-04-01", "2026-04-30")).toBe(30);
    expect(periodDays("2026-04-01", "2026-04-01")).toBe(1);
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
  });
});

describe("prices and proration", () => {
  it("adds 15 % VAT rounded to the halala", () => {
    expect(vatOf(10_000)).toBe(1_500);
    expect(vatOf(333)).toBe(50); // 49.95 → 50
    expect(withVat(9_900)).toEqual({ net: 9_900, vat: 1_485, total: 11_385 });
  });
  it("charges the difference for the days left, today included", () => {
    // 30-day period, 10 days left (21st to 30th): (20000 - 10000) × 10 / 30 = 3333.33 → 3333.
    const c = upgradeCharge({ fromNet: 10_000, toNet: 20_000, periodStart: "2026-04-01", periodEnd: "2026-04-30", today: "2026-04-21" });
    expect(c).toEqual({ net: 3_333, vat: 500, total: 3_833 });
  });
  it("charges the whole difference on the first day and one day's on the last", () => {
    const args = { fromNet: 10_000, toNet: 40_000, periodStart: "2026-04-01", periodEnd: "2026-04-30" };
    expect(upgradeCharge({ ...args, today: "2026-04-01" }).net).toBe(30_000);
    expect(upgradeCharge({ ...args, today: "2026-04-30" }).net).toBe(1_000);
  });
  it("owes nothing for a cheaper plan or after the period", () => {
    expect(upgradeCharge({ fromNet: 20_000, toNet: 10_000, periodStart: "2026-04-01", periodEnd: "2026-04-30", today: "2026-04-10" }).total).toBe(0);
    expect(upgradeCharge({ fromNet: 10_000, toNet: 20_000, periodStart: "2026-04-01", periodEnd: "2026-04-30", today: "2026-05-02" }).total).toBe(0);
  });
  it("retries a failed renewal on days 1, 3 and 5, then stops", () => {
    expect([1, 2, 3, 4].map((n) => nextRetryDay("2026-04-30", n))).toEqual(["2026-05-01", "2026-05-03", "2026-05-05", null]);
  });
});
