import { createRequire } from "node:module";
import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";
import type { Config } from "../config.js";
import { currentRequestId } from "../http/request-id.js";
import { currentTraceIds } from "./trace-context.js";

/**
 * Phone numbers (seven or more digits, with spaces, dashes or a +) as their last three digits:
 * enough to tell two apart in a log, not enough to call anyone.
 */
export const maskNumbers = (text: string): string =>
  text.replace(/\+?\d(?:[\d -]{5,})\d/g, (run) => {
    const digits = run.replace(/\D/g, "");
    // A date (2026-11-23) is not a number to hide.
    return digits.length < 7 || /^\d{4}-\d{2}-\d{2}$/.test(run) ? run : `${"*".repeat(digits.length - 3)}${digits.slice(-3)}`;
  });

/**
 * An error as the log keeps it: type, code, message and stack, numbers masked. Nothing else: a
 * driver's `detail` or an ORM's `meta` can quote the row's values (a number, a message text).
 */
function loggedError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: maskNumbers(String(err)) };
  const code = (err as { code?: unknown }).code;
  return {
    type: err.name,
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    message: maskNumbers(err.message),
    stack: maskNumbers(err.stack ?? ""),
    ...(err.cause !== undefined && depth < 3 ? { cause: loggedError(err.cause, depth + 1) } : {}),
  };
}

/** JSON lines in production; readable lines in development when pino-pretty is installed. */
export function createLogger(config: Pick<Config, "logLevel" | "nodeEnv">, destination?: DestinationStream): Logger {
  const pretty = !destination && config.nodeEnv === "development" && process.stdout.isTTY && prettyInstalled();
  const options: LoggerOptions = {
    level: config.logLevel,
    // Keys and message texts never reach the logs, whoever logs them.
    redact: {
      paths: ["key", "apiKey", "*.apiKey", "secret", "*.secret", "req.headers.authorization", 'req.headers["x-api-key"]', "text", "*.text", "body", "*.body", "message.body"],
      censor: "[redacted]",
    },
    serializers: { err: (err: unknown) => loggedError(err) },
    mixin: () => {
      const requestId = currentRequestId();
      const trace = currentTraceIds();
      return requestId ? { requestId, ...trace } : { ...trace };
    },
    ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}

function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false; // installed without dev dependencies: plain JSON lines
  }
}
