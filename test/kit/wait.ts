import { setTimeout as sleep } from "node:timers/promises";

/** Polls `probe` until it returns a value `done` accepts; fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await sleep(25);
  }
}
