import { setTimeout as sleep } from "node:timers/promises";

/**
 * Polls `probe` until it returns a value `done` accepts; fails after `timeoutMs`. The default stays
 * under vitest's 60 s for a test and allows for CI under a second run's load (test/kit/limits.ts).
 */
export async function waitFor<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await sleep(25);
  }
}
