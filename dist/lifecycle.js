import { loadConfig, ConfigError } from "./config.js";
/** Settings for an entry point: a bad one ends the process with every problem listed. */
export function loadConfigOrExit() {
    try {
        return loadConfig();
    }
    catch (err) {
        if (err instanceof ConfigError) {
            console.error(err.message);
            process.exit(1);
        }
        throw err;
    }
}
/**
 * SIGTERM or SIGINT runs `close` once, then exits 0; a close that fails, or outlasts `limitMs`
 * (the hard deadline), exits 1 so that a supervisor is never left waiting. Further signals during
 * shutdown are logged and ignored: supervisors often send SIGTERM again (or a user presses Ctrl-C
 * twice), and the default action of an unhandled one would end the process half-way through its
 * drain. Only the deadline (or SIGKILL) cuts a shutdown short.
 */
export function closeOnSignals(log, name, close, limitMs) {
    let deadline;
    const shutdown = (signal) => {
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
        close().then(() => process.exit(0), (err) => {
            log.error({ err }, `${name} failed to stop cleanly`);
            process.exit(1);
        });
    };
    process.on("SIGTERM", shutdown);
    process.on("SIGINT", shutdown);
}
//# sourceMappingURL=lifecycle.js.map