import v8 from "node:v8";

// V8 settings for the long-running processes (API server, queue worker), chosen by measurement
// (BENCHMARKS.md, "Many tenants (issue 30), third session"; docs/operations.md, "Memory under
// load"). Set from code rather than the image's command line so that `npm start`, `npm run
// worker` and the image behave alike.

/**
 * How far V8 lets the old generation grow past what survived the last full collection, in percent.
 * V8's own factor is up to 300 % when memory is plentiful: around a live set of ~50 MB it let the
 * API server's heap reach ~200 MB between collections. At 100 % a full collection of that set
 * (~10 ms, most of it concurrent) simply comes about twice as often.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * The flags for a service process. On PostgreSQL the only WebAssembly it runs is Prisma's query
 * compiler, whose compiled plans are cached; tiering its hot functions up to the optimizing
 * compiler took ~70 MB of malloc'd compiler memory at start, which glibc then kept, for no
 * measurable gain per request. The embedded database is PostgreSQL itself in WebAssembly and needs
 * that tier, so it keeps it. A flag the operator gave node on the command line wins over ours.
 */
export function serviceV8Flags(options: { postgres: boolean }, execArgv: readonly string[]): string[] {
  const wanted = [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`, ...(options.postgres ? ["--liftoff-only"] : [])];
  const given = new Set(execArgv.map(flagName));
  return wanted.filter((flag) => !given.has(flagName(flag)));
}

/** `--no-liftoff-only`, `--liftoff_only` and `--liftoff-only` all name one flag. */
function flagName(arg: string): string {
  return arg.replace(/=.*$/, "").replace(/^--(no-)?/, "").replaceAll("_", "-");
}

/** Applies serviceV8Flags before the process compiles any WebAssembly or grows its heap; returns what it set. */
export function applyServiceV8Flags(options: { postgres: boolean }): string[] {
  const flags = serviceV8Flags(options, process.execArgv);
  for (const flag of flags) v8.setFlagsFromString(flag);
  return flags;
}
