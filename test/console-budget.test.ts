import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";

// The consoles' script budget (docs/design.md, "Preact"): both consoles' first loads together are
// at most 60 KB of gzipped JavaScript. Each page is fetched as a browser fetches it, and the
// script it loads first is gzipped as bench/console-load.ts gzips it (which reports the same
// figures in BENCHMARKS.md); the pages' other chunks load later and are not counted.

const BUDGET_BYTES = 60 * 1024;

describe("the consoles' first-load scripts", () => {
  const server = useServer();

  it("fit in 60 KB gzipped together", async () => {
    const sizes: Record<string, number> = {};
    for (const page of ["/console", "/admin"]) {
      const html = await (await fetch(`${server().url}${page}`)).text();
      const src = /<script type="module" src="([^"]+)"><\/script>/.exec(html)?.[1];
      expect(src, page).toBeDefined();
      const script = await fetch(`${server().url}${src}`);
      expect([script.status, script.headers.get("content-type")], src).toEqual([200, expect.stringMatching(/javascript/)]);
      sizes[page] = gzipSync(Buffer.from(await script.arrayBuffer()), { level: 9 }).length;
    }
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
