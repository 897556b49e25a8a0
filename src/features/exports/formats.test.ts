import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvField, csvLine, fileHead, fileLine } from "./formats.js";

describe("export CSV fields", () => {
  it("quotes only what needs quoting, doubling quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
    expect(csvField(null)).toBe("");
    expect(csvField("")).toBe("");
    expect(csvField(42)).toBe("42");
    expect(csvField(false)).toBe("false");
    expect(csvField("مرحبا، كيف حالك")).toBe("مرحبا، كيف حالك");
  });

  it("writes texts a spreadsheet would run as formulas after an apostrophe", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+966")).toBe("'+966");
    expect(csvField("-1")).toBe("'-1");
    expect(csvField("@me")).toBe("'@me");
    expect(csvField("\tx")).toBe("'\tx");
    expect(csvField(-1)).toBe("-1");
  });

  it("reads back through a CSV parser as the values written", () => {
    const values = ["a,b", 'q"uote', "multi\r\nline", "", "عربي", "x"];
    const text = fileHead("csv", ["c1", "c2", "c3", "c4", "c5", "c6"]) + csvLine(values);
    const rows = parse<Record<string, string>>(text, { bom: true, columns: true, relax_column_count: false });
    expect(rows).toEqual([{ c1: "a,b", c2: 'q"uote', c3: "multi\r\nline", c4: "", c5: "عربي", c6: "x" }]);
  });

  it("writes NDJSON rows as they are, one a line", () => {
    expect(fileHead("ndjson", ["a"])).toBe("");
    expect(fileLine("ndjson", ["a", "b"], { a: "=1", b: null })).toBe('{"a":"=1","b":null}\n');
    expect(fileLine("csv", ["b", "a"], { a: "=1", b: null })).toBe(",'=1\r\n");
  });
});
