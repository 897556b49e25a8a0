import { describe, expect, it } from "vitest";
import { vatOfNet } from "../invoices/index.js";
import { netWithin } from "./payment-invoice.js";

describe("netWithin: the part before VAT of a refund", () => {
  it("gives back an invoice's whole subtotal for its whole total", () => {
    for (const net of [1, 7, 99, 10_000, 12_345, 300_000]) expect(netWithin(net + vatOfNet(net))).toBe(net);
  });

  it("never credits more than was refunded, and at most a halala less", () => {
    for (let total = 1; total <= 5_000; total++) {
      const net = netWithin(total);
      expect(net + vatOfNet(net)).toBeLessThanOrEqual(total);
      expect(total - (net + vatOfNet(net))).toBeLessThanOrEqual(1);
    }
  });
});
