import { createRequire } from "node:module";
import { pino, type Logger } from "pino";
import type { Config } from "./config.js";

/** JSON lines in production; readable lines in development when pino-pretty is installed. */
export function createLogger(config: Pick<Config, "logLevel" | "nodeEnv">): Logger {
  const pretty = config.nodeEnv === "development" && process.stdout.isTTY && prettyInstalled();
  return pino({
    level: config.logLevel,
    redact: { paths: ["key", "apiKey", "*.apiKey", "req.headers.authorization", 'req.headers["x-api-key"]', "text", "*.text"], censor: "[redacted]" },
    ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } } : {}),
  });
}

function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false; // installed without dev dependencies: plain JSON lines
  }
}
