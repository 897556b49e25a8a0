import { loadConfig, ConfigError } from "./config.js";
import { createApp } from "./app.js";
import { createLogger } from "./logger.js";
import { DataDirInUseError } from "./db/data-dir-lock.js";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config);
  let app;
  try {
    app = await createApp(config, { log });
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      log.fatal(err.message);
      process.exit(1);
    }
    throw err;
  }
  const url = await app.listen();
  log.info({ url, graphql: `${url}/graphql`, rest: `${url}/api/v1`, database: config.databaseUrl ? "postgresql" : `embedded (${config.dataDir})` }, "messaging gateway listening");
  if (app.demoKey) {
    log.info(`Demo API key (shown once): ${app.demoKey}`);
    log.info(`Try: curl -H "Authorization: Bearer ${app.demoKey}" ${url}/api/v1/balance`);
  }

  const shutdown = (signal: string) => {
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      log.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
