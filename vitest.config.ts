import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships CommonJS (main) and ESM (module) builds. Node, and so yoga at run time,
    // loads the CommonJS one; vite would hand our files the ESM one, and two copies of
    // GraphQLError break instanceof checks. Pin the one Node uses.
    alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }],
  },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/kit/global-setup.ts"],
    pool: "forks",
    // Vitest's default on a 2-core machine is one file at a time; most files wait on I/O and
    // timers, so two at once cut the suite from ~7 to ~4.5 minutes with no test slowed past its limit.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
