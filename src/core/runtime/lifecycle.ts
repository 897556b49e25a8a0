import type { Logger } from "pino";
import { loadConfig, type Config } from "../config.js";
import { StartupError } from "./startup-error.js";

/** Settings for an entry point: a bad one ends the process with every problem listed. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    return exitOnStartupError(err);
  }
}

/**
 * The last word of an entry point that could not start: a StartupError is the operator's to fix,
 * so its message is all that is printed (on stderr, one line or a short list, no stack), and the
 * process exits 1. Anything else is a bug and is printed whole.
 */
export function exitOnStartupError(err: unknown): never {
  console.error(err instanceof StartupError ? err.message : err);
  process.exit(1);
}

/**
 * SIGTERM or SIGINT runs `close` once, then exits 0; a close that fails, or outlasts `limitMs`
 * (the hard deadline), exits 1 so that a supervisor is never left waiting. Further signals during
 * shutdown are logged and ignored: supervisors often send SIGTERM again (or a user presses Ctrl-C
 * twice), and the default action of an unhandled one would end the process half-way through its
 * drain. Only the deadline (or SIGKILL) cuts a shutdown short.
 */
export function closeOnSignals(log: Logger, name: string, close: () => Promise<void>, limitMs: number): void {
  let deadline: number | undefined;
  const shutdown = (signal: NodeJS.Signals) => {
    if (deadline !== undefined) {
      log.warn({ signal, exitsWithinMs: Math.max(0, deadline - Date.now()) }, `${name} is already stopping; ${signal} ignored`);
      return;
    }
    deadline = Date.now() + limitMs;
    log.info({ signal }, `${name} stopping`);
    const force = setTimeout(() => {
      log.error(`${name} took longer than ${limitMs} ms to stop; exiting`);
      process.exit(1);
    }, limitMs);
    force.unref();
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, `${name} failed to stop cleanly`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

/**
 * Waits for `work` for at most `ms`: true when it settled in time. A shutdown step that depends on
 * a peer (a websocket that never answers its close frame, a request stuck on a slow client) must
 * not hold the whole stop for longer than the drain allows.
 */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Something a process starts and must stop again: its database, the connections its services
 * share, its background work, its listeners. The API server and the queue worker are each a list
 * of parts, started in order and stopped in the reverse order, so what one closes the other does.
 */
export interface ProcessPart {
  name: string;
  start?(): void | Promise<void>;
  /** Stops it; any wait on a peer ends by `until` (a Date.now() time shared by the whole stop). */
  stop(until: number): Promise<void>;
}

export async function startParts(parts: readonly ProcessPart[]): Promise<void> {
  for (const part of parts) await part.start?.();
}

/**
 * Stops `parts` in the reverse order of their start, within one drain budget (`graceMs`) for every
 * wait on a peer. A part that fails to stop does not keep the others open: each is stopped, and
 * the first failure is thrown at the end (the process then exits 1, see closeOnSignals).
 */
export async function stopParts(parts: readonly ProcessPart[], graceMs: number, log: Logger): Promise<void> {
  const until = Date.now() + graceMs;
  let failure: Error | undefined;
  for (const part of [...parts].reverse()) {
    try {
      await part.stop(until);
    } catch (err) {
      log.error({ err, part: part.name }, "a part of the process failed to stop");
      failure ??= err instanceof Error ? err : new Error(String(err));
    }
  }
  if (failure) throw failure;
}

/** What is left of a stop's drain budget, and at least a second: each wait may end politely. */
export const budgetLeft = (until: number) => Math.max(until - Date.now(), 1_000);
