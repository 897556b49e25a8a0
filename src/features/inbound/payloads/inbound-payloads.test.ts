import { describe, expect, it } from "vitest";
import { NOW, at, cloudText, one, wahaOne } from "../../../../test/kit/provider-payloads.js";

// The rules every provider's reader keeps (inbound-payloads.ts); each provider's own reading is
// tested beside its reader (cloud-payloads.test.ts, waha-payloads.test.ts).

describe("provider time", () => {
  const sentAt = (timestamp: unknown) => one([cloudText({ timestamp })]).sentAt;

  it("is believed from 2020 up to five minutes ahead of us", () => {
    expect(sentAt("1749416383")).toEqual(at(1749416383));
    expect(sentAt(String(NOW.getTime() / 1000 + 300))).toEqual(new Date(NOW.getTime() + 300_000));
    expect(sentAt(1577836801)).toEqual(at(1577836801));
  });

  it("is not believed further ahead, before 2020, or when absent or not a number: then it is now", () => {
    expect(sentAt(String(NOW.getTime() / 1000 + 301))).toEqual(NOW);
    expect(sentAt("1577836800")).toEqual(NOW);
    expect(sentAt("0")).toEqual(NOW);
    expect(sentAt(undefined)).toEqual(NOW);
    expect(sentAt("1.5e9")).toEqual(NOW);
    expect(sentAt(-5)).toEqual(NOW);
    expect(sentAt(NOW.getTime())).toEqual(NOW); // milliseconds by mistake: far in the future
  });

  it("applies to WAHA too", () => {
    expect(wahaOne({ timestamp: NOW.getTime() / 1000 + 3600 }).sentAt).toEqual(NOW);
    expect(wahaOne({ timestamp: "1749416383" }).sentAt).toEqual(at(1749416383));
  });
});
