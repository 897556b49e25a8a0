import { describe, expect, it } from "vitest";
import { normalizePhoneNumber } from "./phone.js";

// The one rule of what a number is: what a Saudi business types, in the international form the
// gateway stores and sends to (digits only), or undefined when it is not a mobile number.

describe("normalizePhoneNumber", () => {
  it.each([
    ["0501234567", "966501234567"],
    ["966501234567", "966501234567"],
    ["+966501234567", "966501234567"],
    ["00966501234567", "966501234567"],
    ["+966 50 123 4567", "966501234567"],
    ["(050) 123-4567", "966501234567"],
    ["٠٥٠١٢٣٤٥٦٧", "966501234567"], // Arabic-Indic digits
    ["۰۵۰۱۲۳۴۵۶۷", "966501234567"], // Eastern Arabic-Indic digits
    ["\u200e+966 50 123 4567\u200f", "966501234567"], // direction marks pasted from right-to-left text
    ["+971501234567", "971501234567"], // another country's mobile, in international form
    ["+12025550123", "12025550123"], // a country whose numbers may be either (FIXED_LINE_OR_MOBILE)
  ])("reads %s as %s", (typed, stored) => {
    expect(normalizePhoneNumber(typed)).toBe(stored);
  });

  it.each([
    ["0112345678", "a Riyadh landline"],
    ["+442079460018", "a London landline"],
    ["05012345", "too short"],
    ["05012345678", "too long"],
    ["not a number", "letters"],
    ["", "nothing"],
    ["+966-50-123-456x", "a letter among the digits"],
  ])("refuses %s (%s)", (typed) => {
    expect(normalizePhoneNumber(typed)).toBeUndefined();
  });

  it("answers the same when asked again (the answers are cached)", () => {
    expect(normalizePhoneNumber("0501234567")).toBe(normalizePhoneNumber("0501234567"));
    expect(normalizePhoneNumber("0112345678")).toBeUndefined();
    expect(normalizePhoneNumber("0112345678")).toBeUndefined();
  });
});
