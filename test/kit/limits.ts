// How long a test may run beyond vitest's 60 s (a hook: 120 s), named for what makes it long. A
// limit bounds a hang, not a speed: every wait inside a test has its own, shorter bound, and speed
// is measured by the benchmarks. The figures allow for CI's 2 cores under a second run's load:
// loaded runs took tests two to four times as long as quiet ones, with spikes beyond.

/** Chromium started, then a person's walk through pages in two languages or at two widths. */
export const BROWSER_WALK_MS = 120_000;

/** Server, worker or CLI processes of the test's own started, killed and started again (3–5 s a start). */
export const OWN_PROCESSES_MS = 240_000;

/**
 * One server or worker process until it says it is up: tsx compiling the sources, and a fresh
 * embedded database migrated (5–15 s quietly; once past 60 s with a second CI run on the cores).
 * Shorter than OWN_PROCESSES_MS, which holds a start or two and what the test does with them.
 */
export const PROCESS_START_MS = 120_000;

/** A PostgreSQL cluster, a Redis server or a Prism mock of the test's own, started or stopped. */
export const OWN_SERVICE_MS = 120_000;

/** Thousands of messages, tens of tenants, rounds of a race, or bodies of tens of megabytes. */
export const VOLUME_MS = 300_000;

/** Retries on their real backoff, or a provider answering after the gateway's timeout. */
export const REAL_BACKOFF_MS = 120_000;

/**
 * Every operation of the schema or every step of a feature, hundreds of requests to one server
 * (metrics' exact counts: 19 s quietly, past 90 s with a second CI run on the cores).
 */
export const MANY_STEPS_MS = 180_000;

/** Several sign-ins or new passwords, each a scrypt hash (32 MiB, a quarter second of a core quietly, two at once at most). */
export const PASSWORD_HASHES_MS = 120_000;
