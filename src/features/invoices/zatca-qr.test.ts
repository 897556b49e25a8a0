import { describe, expect, it } from "vitest";
import { zatcaQrText, zatcaTimestamp } from "./zatca-qr.js";

describe("ZATCA's phase-1 QR text", () => {
  it("encodes the published vector", () => {
    // The vector as SallaApp/ZATCA's README gives it (shared notes, references §3).
    expect(zatcaQrText({ sellerName: "Salla", vatNumber: "1234567891", timestamp: "2021-07-12T14:25:09Z", total: "100.00", vat: "15.00" })).toBe(
      "AQVTYWxsYQIKMTIzNDU2Nzg5MQMUMjAyMS0wNy0xMlQxNDoyNTowOVoEBjEwMC4wMAUFMTUuMDA=",
    );
  });

  it("counts a field's length in UTF-8 bytes, not characters", () => {
    const bytes = Buffer.from(zatcaQrText({ sellerName: "شركة", vatNumber: "300000000000003", timestamp: "2026-11-29T09:00:00Z", total: "1.15", vat: "0.15" }), "base64");
    // Four Arabic letters are eight bytes.
    expect([...bytes.subarray(0, 2)]).toEqual([1, 8]);
    expect(bytes.subarray(2, 10).toString("utf8")).toBe("شركة");
  });

  it("writes the time in UTC to the second", () => {
    expect(zatcaTimestamp(new Date("2026-11-29T12:34:56.789+03:00"))).toBe("2026-11-29T09:34:56Z");
  });
});
