import { describe, expect, it } from "vitest";
import { fileTimes, table } from "./suite-times.mjs";

const ESC = "\x1b";
const log = [
  "> npm test",
  ` ${ESC}[1m RUN ${ESC}[22m v4.1.12 /tmp/ci`,
  ` ${ESC}[32m✓${ESC}[39m ${ESC}[30m${ESC}[43m suite ${ESC}[49m${ESC}[39m test/a.test.ts ${ESC}[2m(${ESC}[22m${ESC}[2m13 tests${ESC}[22m${ESC}[2m)${ESC}[22m${ESC}[33m 4500${ESC}[2mms${ESC}[22m${ESC}[39m`,
  "     ✓ a test inside it, not a file  800ms",
  " ✓  suite  test/b.test.ts (2 tests | 1 skipped) 1200ms",
  " ↓  suite  test/c.test.ts (3 tests | 3 skipped)",
  " ❯  suite  test/d.test.ts (1 test | 1 failed) 61000ms",
  " RUN  v4.1.12 /tmp/ci",
  " ✓  suite  test/a.test.ts (13 tests) 3500ms",
  " ✓  fuzz  test/fuzz-rest.test.ts (4 tests) 20000ms",
].join("\n");

describe("the suite's per-file times (scripts/suite-times.mjs)", () => {
  it("reads each pass's file lines, colour codes and all, and leaves out single tests' lines and files skipped whole", () => {
    expect(fileTimes(log)).toEqual([
      { "test/a.test.ts": 4500, "test/b.test.ts": 1200, "test/d.test.ts": 61000 },
      { "test/a.test.ts": 3500, "test/fuzz-rest.test.ts": 20000 },
    ]);
  });

  it("tables the costliest files over both passes first, with each pass's sum", () => {
    expect(table(fileTimes(log), 3).split("\n")).toEqual([
      "| file | pass 1 (s) | pass 2 (s) |",
      "|---|---:|---:|",
      "| `test/d.test.ts` | 61 | – |",
      "| `test/fuzz-rest.test.ts` | – | 20 |",
      "| `test/a.test.ts` | 5 | 4 |",
      "| all 4 files | 67 | 24 |",
    ]);
  });
});
