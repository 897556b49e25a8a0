import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);
const FUZZ = ["test/fuzz-*.test.ts"];

export default defineConfig({
  resolve: {
    // graphql 16 ships CommonJS (main) and ESM (module) builds. Node, and so yoga at run time,
    // loads the CommonJS one; vite would hand our files the ESM one, and two copies of
    // GraphQLError break instanceof checks. Pin the one Node uses.
    alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }],
  },
  test: {
    // End-to-end tests in test/, each feature's unit tests beside its code in src/.
    globalSetup: ["test/kit/global-setup.ts"],
    pool: "forks",
    // V8 guards code pages with memory protection keys where the CPU has them (PKU), and its page
    // registry can lose a page while many PGlite WebAssembly instances come and go in one process:
    // the worker dies on "Check failed: jit_page.has_value()" (nodejs/node#64500). Test workers
    // create hundreds of instances, so they run without that guard; it only hardens JIT memory.
    execArgv: ["--no-memory-protection-keys"],
    // Vitest's default on a 2-core machine is one file at a time; most files wait on I/O and
    // timers, so two at once cut the suite from ~7 to ~4.5 minutes with no test slowed past its limit.
    maxWorkers: 2,
    // Test files share a worker's loaded modules instead of importing the app afresh each (~1 s of
    // a core per file, 80 s of a run). Every file still starts its own servers on databases of its
    // own; what this asks of the code is no module state a test depends on, and no module mocks.
    isolate: false,
    // Limits bound a hang, not a speed (test/kit/limits.ts): with a second CI run on the two
    // cores, tests of 5–10 s quietly took 16–25 s and spikes passed 30 s.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: "suite", include: ["test/**/*.test.ts", "src/**/*.test.ts", "scripts/**/*.test.ts"], exclude: FUZZ } },
      // The fuzzers judge the memory of the process they run in and turn on --expose-gc there: each
      // file gets a process of its own, so no other file's modules or servers count in its figure,
      // and no flag it sets reaches the files after it.
      { extends: true, test: { name: "fuzz", include: FUZZ, isolate: true } },
    ],
  },
});
