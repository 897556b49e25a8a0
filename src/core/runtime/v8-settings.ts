import v8 from "node:v8";
import vm from "node:vm";
import type { Logger } from "pino";

// V8 settings for the long-running processes (API server, queue worker), chosen by measurement
// (BENCHMARKS.md; docs/operations.md, "Memory under load"). Decided in code rather than on the
// image's command line so that `npm start`, `npm run worker`, `node dist/main.js` and the image
// behave alike.

/**
 * How far V8 lets the old generation grow past what survived the last full collection, in percent.
 * V8's own factor is up to 300 % when memory is plentiful: around a live set of ~50 MB it let the
 * API server's heap reach ~200 MB between collections. At 100 % a full collection of that set
 * (~10 ms, most of it concurrent) simply comes about twice as often.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * The young generation's cap, in MB, as V8 had it up to 13.5 (Node 20 and 22). V8 13.6 (Node 24)
 * raised it to 32, which also moved the point where V8 collects short-lived Buffers (a relayed
 * media file's chunks, request bodies) with a cheap scavenge from 32 MB of them to 128 MB, beyond
 * the point where it starts a full collection instead: streaming a 50 MB file then raised the
 * server's peak RSS by 30-38 MB of dead chunks, against 6-8 MB with this cap
 * (test/inbound-media-memory.test.ts; nodejs/node#61967 for the V8 change).
 */
export const SCAVENGER_MAX_NEW_SPACE_MB = 8;

/** True when V8 `version` ("13.6.233.17-node.40") is `major.minor` or later. */
const v8AtLeast = (version: string, major: number, minor: number) => {
  const [ma = 0, mi = 0] = version.split(".").map(Number);
  return ma > major || (ma === major && mi >= minor);
};

/**
 * The flags for a service process. On PostgreSQL the only WebAssembly it runs is Prisma's query
 * compiler, whose compiled plans are cached; tiering its hot functions up to the optimizing
 * compiler took ~70 MB of malloc'd compiler memory at start, which glibc then kept, for no
 * measurable gain per request. The embedded database is PostgreSQL itself in WebAssembly and needs
 * that tier, so it keeps it. A flag the operator gave node on the command line wins over ours.
 */
export function serviceV8Flags(options: { postgres: boolean; v8: string }, execArgv: readonly string[]): string[] {
  const wanted = [
    `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    ...(v8AtLeast(options.v8, 13, 6) ? [`--scavenger-max-new-space-capacity-mb=${SCAVENGER_MAX_NEW_SPACE_MB}`] : []),
    ...(options.postgres ? ["--liftoff-only"] : []),
  ];
  const given = new Set(execArgv.map(flagName));
  return wanted.filter((flag) => !given.has(flagName(flag)));
}

/** `--no-liftoff-only`, `--liftoff_only` and `--liftoff-only` all name one flag. */
function flagName(arg: string): string {
  return arg
    .replace(/=.*$/, "")
    .replace(/^--(no-)?/, "")
    .replaceAll("_", "-");
}

/** Set in the environment of the process this one replaced itself with, so that it never does so twice. */
const RELAUNCHED = "GATEWAY_V8_FLAGS_RELAUNCHED";

/**
 * Gives this process serviceV8Flags and answers those it runs with. V8 13.6 and later read the
 * WebAssembly tiers and the young generation's size only when they start (set later, the flags
 * change nothing), so a process started without them replaces itself with one started with them
 * (process.execve: the same process id, standard streams and environment), before it has loaded
 * anything else: call this first. Where execve is not available (Windows), they are set at run
 * time, which V8 honoured up to 13.5.
 */
export function ensureServiceV8Flags(options: { postgres: boolean }): string[] {
  const settings = { ...options, v8: process.versions.v8 };
  const missing = serviceV8Flags(settings, process.execArgv);
  const relaunched = process.env[RELAUNCHED] !== undefined;
  delete process.env[RELAUNCHED];
  if (missing.length > 0 && !relaunched && typeof process.execve === "function") {
    try {
      process.execve(process.execPath, [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, [RELAUNCHED]: "1" });
    } catch {
      // Refused by the platform: the flags are set at run time below.
    }
  }
  for (const flag of missing) v8.setFlagsFromString(flag);
  const ours = new Set(serviceV8Flags(settings, []));
  return [...process.execArgv.filter((arg) => ours.has(arg)), ...missing];
}

/** How long after a service process has started its parts the start-up's garbage is collected. */
export const STARTUP_SETTLE_MS = 3_000;

type Collector = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;
const isCollector = (value: unknown): value is Collector => typeof value === "function";

/**
 * Start-up leaves V8's heap at its largest: the young generation grows to its cap (32 MB with the
 * cap above) while the schema, the Prisma client and the modules' objects are built, all of which
 * survive, and the old generation keeps the pages start-up's garbage filled. V8 gives them back in
 * a memory-reducing collection, which it did not start by itself in a server at rest (none within
 * 40 s of the start; a plain full collection gives back neither): about 20 MB of the API server's
 * RSS (BENCHMARKS.md, "Memory at rest"). One such collection once the process has started gives
 * them back; under load the young generation grows again as it would have. Answers the heap's
 * size before and after, in bytes, or undefined where the collection is not available.
 */
export function collectStartupGarbage(): { before: number; after: number } | undefined {
  const before = v8.getHeapStatistics().total_heap_size;
  // The collection function is made only for contexts created while the flag is set: one is made
  // for it, and the flag put back, so nothing in this process's own context changes.
  v8.setFlagsFromString("--expose-gc");
  let gc: unknown;
  try {
    gc = vm.runInNewContext("gc");
  } finally {
    v8.setFlagsFromString("--no-expose-gc");
  }
  if (!isCollector(gc)) return undefined;
  // "last-resort" is V8's memory-reducing full collection (gc-extension.cc): it compacts, and shrinks the young generation.
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
  return { before, after: v8.getHeapStatistics().total_heap_size };
}

/** Collects start-up's garbage STARTUP_SETTLE_MS from now (once the caller's parts have started), and logs what it gave back. */
export function collectStartupGarbageSoon(log: Logger): void {
  const mb = (bytes: number) => Math.round(bytes / 1_048_576);
  setTimeout(() => {
    const heap = collectStartupGarbage();
    if (heap) log.info({ heapMb: { before: mb(heap.before), after: mb(heap.after) } }, "start-up garbage collected");
  }, STARTUP_SETTLE_MS).unref();
}
