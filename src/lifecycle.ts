import type { Logger } from "pino";
import { loadConfig, ConfigError, type Config } from "./config.js";

/** Settings for an entry point: a bad one ends the process with every problem listed. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * SIGTERM or SIGINT runs `close` once, then exits 0; a close that fails, or outlasts `limitMs`,
 * exits 1 so that a supervisor is never left waiting.
 */
export function closeOnSignals(log: Logger, name: string, close: () => Promise<void>, limitMs: number): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
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
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}
