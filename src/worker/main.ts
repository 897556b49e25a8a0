import { loadConfig, ConfigError } from "../config.js";
import { createLogger } from "../logger.js";
import { openDatabase } from "../db/database.js";
import { createRuntime } from "../runtime.js";

// npm run worker: a queue worker with no HTTP server, so several can drain one PostgreSQL queue
// beside the API servers. The embedded database admits one process, whose server runs its own.

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
  if (!config.databaseUrl) {
    log.fatal("npm run worker needs DATABASE_URL: the embedded database admits one process, and `npm start` runs its own worker.");
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax });
  await database.migrate();
  const { worker } = createRuntime(config, database, log);
  worker.start();
  log.info({ owner: worker.owner }, "queue worker started");

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "queue worker stopping");
    worker
      .stop()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, "queue worker shutdown failed");
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
