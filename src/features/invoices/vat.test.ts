import { describe, expect, it } from "vitest";
import { invoiceAmounts, sar, vatOfNet } from "./vat.js";

// docs/invoices.md, "VAT and rounding": 15 % of each line, to the halala, half up, then summed.

describe("invoice amounts", () => {
  it("rounds each line's VAT half up to the halala", () => {
    expect(vatOfNet(10)).toBe(2); // 1.5 halalas
    expect(vatOfNet(3)).toBe(0); // 0.45
    expect(vatOfNet(7)).toBe(1); // 1.05
    expect(vatOfNet(30)).toBe(5); // 4.5
    expect(vatOfNet(10_000)).toBe(1_500);
  });

  it("sums the lines' VAT, not the VAT of the sum", () => {
    // Three lines of 0.10 SAR: 1.5 → 2 halalas each, 6 in all; 15 % of 0.30 SAR would be 4.5 → 5.
    const amounts = invoiceAmounts([
      { quantity: 1, unitHalalas: 10 },
      { quantity: 1, unitHalalas: 10 },
      { quantity: 1, unitHalalas: 10 },
    ]);
    expect(amounts).toEqual({
      lines: [
        { netHalalas: 10, vatHalalas: 2 },
        { netHalalas: 10, vatHalalas: 2 },
        { netHalalas: 10, vatHalalas: 2 },
      ],
      subtotalHalalas: 30,
      vatHalalas: 6,
      totalHalalas: 36,
    });
  });

  it("multiplies quantity by the unit price before VAT", () => {
    expect(invoiceAmounts([{ quantity: 3, unitHalalas: 33_333 }])).toEqual({
      lines: [{ netHalalas: 99_999, vatHalalas: 15_000 }],
      subtotalHalalas: 99_999,
      vatHalalas: 15_000,
      totalHalalas: 114_999,
    });
  });

  it("prints SAR with two decimals", () => {
    expect(sar(11_500)).toBe("115.00");
    expect(sar(5)).toBe("0.05");
    expect(sar(100_000_001)).toBe("1000000.01");
  });
});
