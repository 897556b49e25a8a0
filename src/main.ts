import { closeOnSignals, exitOnStartupError, loadConfigOrExit } from "./core/lifecycle.js";
import { createApp } from "./app/app.js";
import { startBanner } from "./app/banner.js";
import { createLogger } from "./core/logger.js";
import { applyServiceV8Flags } from "./core/v8-settings.js";

async function main() {
  const config = loadConfigOrExit();
  const log = createLogger(config);
  const v8Flags = applyServiceV8Flags({ postgres: config.databaseUrl !== undefined });
  const app = await createApp(config, { log });
  const url = await app.listen();
  log.info({ url, graphql: `${url}/graphql`, rest: `${url}/api/v1`, database: config.databaseUrl ? "postgresql" : `embedded (${config.dataDir})`, v8Flags }, "messaging gateway listening");
  const banner = startBanner(config, url, app.demoKey);
  if (banner) process.stderr.write(banner);

  // The worker inside may use its whole shutdown allowance; the HTTP side gets a few seconds more.
  closeOnSignals(log, "server", () => app.close(), config.worker.shutdownMs + 5_000);
}

main().catch(exitOnStartupError);
