import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT, serviceV8Flags } from "./v8-settings.js";

describe("serviceV8Flags", () => {
  const growth = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;

  it("keeps Prisma's query compiler at the baseline tier on PostgreSQL only", () => {
    expect(serviceV8Flags({ postgres: true }, [])).toEqual([growth, "--liftoff-only"]);
    // The embedded database runs PostgreSQL itself as WebAssembly: it needs the optimizing tier.
    expect(serviceV8Flags({ postgres: false }, [])).toEqual([growth]);
  });

  it("leaves a flag the operator gave node alone, in any of its spellings", () => {
    expect(serviceV8Flags({ postgres: true }, ["--heap-growing-percent=30"])).toEqual(["--liftoff-only"]);
    expect(serviceV8Flags({ postgres: true }, ["--no-liftoff-only", "--heap_growing_percent=50"])).toEqual([]);
    expect(serviceV8Flags({ postgres: true }, ["--max-old-space-size=512", "--cpu-prof"])).toEqual([growth, "--liftoff-only"]);
  });
});
