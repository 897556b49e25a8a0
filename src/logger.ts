import { createRequire } from "node:module";
import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";
import type { Config } from "./config.js";
import { currentRequestId } from "./http/request-id.js";

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
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
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
