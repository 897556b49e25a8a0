import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT, SCAVENGER_MAX_NEW_SPACE_MB, serviceV8Flags } from "./v8-settings.js";

describe("serviceV8Flags", () => {
  const growth = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
  const scavenger = `--scavenger-max-new-space-capacity-mb=${SCAVENGER_MAX_NEW_SPACE_MB}`;
  const node22 = { v8: "12.4.254.21-node.33" };
  const node24 = { v8: "13.6.233.17-node.40" };

  it("keeps Prisma's query compiler at the baseline tier on PostgreSQL only", () => {
    expect(serviceV8Flags({ postgres: true, ...node22 }, [])).toEqual([growth, "--liftoff-only"]);
    // The embedded database runs PostgreSQL itself as WebAssembly: it needs the optimizing tier.
    expect(serviceV8Flags({ postgres: false, ...node22 }, [])).toEqual([growth]);
  });

  it("brings the young generation's cap back to 8 MB from V8 13.6 on, where its default became 32", () => {
    expect(serviceV8Flags({ postgres: false, ...node24 }, [])).toEqual([growth, scavenger]);
    expect(serviceV8Flags({ postgres: true, v8: "14.1.1" }, [])).toEqual([growth, scavenger, "--liftoff-only"]);
    expect(serviceV8Flags({ postgres: true, v8: "13.5.212" }, [])).toEqual([growth, "--liftoff-only"]);
    expect(serviceV8Flags({ postgres: false, ...node24 }, ["--scavenger_max_new_space_capacity_mb=32"])).toEqual([growth]);
  });

  it("leaves a flag the operator gave node alone, in any of its spellings", () => {
    expect(serviceV8Flags({ postgres: true, ...node22 }, ["--heap-growing-percent=30"])).toEqual(["--liftoff-only"]);
    expect(serviceV8Flags({ postgres: true, ...node22 }, ["--no-liftoff-only", "--heap_growing_percent=50"])).toEqual([]);
    expect(serviceV8Flags({ postgres: true, ...node22 }, ["--max-old-space-size=512", "--cpu-prof"])).toEqual([growth, "--liftoff-only"]);
  });
});
