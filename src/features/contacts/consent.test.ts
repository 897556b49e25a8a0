import { describe, expect, it } from "vitest";
import { ServiceError } from "../../core/errors.js";
import { MAX_SUPPRESSION_IMPORT, parseNumberList } from "./consent.js";

// How a list of numbers to opt out, suppress or opt in is read: normalised, each once, in the order
// given; what is not a number is reported by its index and the rest still apply.

const refusal = (run: () => unknown): ServiceError => {
  try {
    run();
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
};

describe("parseNumberList", () => {
  it("normalises, keeps each number once in the order given, and reports the entries that are not numbers", () => {
    expect(parseNumberList(["0501234567", "not a number", "+966 55 123 4567", "966501234567", "0112345678"], "numbers")).toEqual({
      numbers: ["966501234567", "966551234567"],
      invalid: [
        { index: 1, value: "not a number" },
        { index: 4, value: "0112345678" },
      ],
    });
  });

  it("refuses an empty list, naming the field", () => {
    const e = refusal(() => parseNumberList([], "numbers"));
    expect(e.code).toBe("VALIDATION_ERROR");
    expect(e.fields).toEqual({ numbers: "must list at least one number" });
  });

  it("refuses a list with no number in it, naming the first entry", () => {
    const e = refusal(() => parseNumberList(["x", "0112345678"], "numbers"));
    expect(e.fields).toEqual({ "numbers[0]": "must be a mobile number in international form or 05XXXXXXXX" });
  });

  it(`refuses more than ${MAX_SUPPRESSION_IMPORT} entries before reading any`, () => {
    const e = refusal(() =>
      parseNumberList(
        Array.from({ length: MAX_SUPPRESSION_IMPORT + 1 }, () => "0501234567"),
        "numbers",
      ),
    );
    expect(e.fields).toEqual({ numbers: `may list at most ${MAX_SUPPRESSION_IMPORT} numbers per request` });
    expect(
      parseNumberList(
        Array.from({ length: MAX_SUPPRESSION_IMPORT }, () => "0501234567"),
        "numbers",
      ).numbers,
    ).toEqual(["966501234567"]);
  });

  it("reports an overlong entry cut to 64 characters, without reading it as a number", () => {
    const long = `0501234567${"0".repeat(100)}`;
    expect(parseNumberList(["0501234567", long], "numbers").invalid).toEqual([{ index: 1, value: long.slice(0, 64) }]);
  });
});
