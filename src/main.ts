import { requireSmtpInProduction } from "./core/mail/smtp-required.js";
import { closeOnSignals, exitOnStartupError, loadConfigOrExit } from "./core/runtime/lifecycle.js";
import { collectStartupGarbageSoon, ensureServiceV8Flags } from "./core/runtime/v8-settings.js";

// The V8 flags come first: this process may replace itself to get them (ensureServiceV8Flags), so
// the rest of the server is loaded only after.

async function main() {
  const config = loadConfigOrExit();
  requireSmtpInProduction(config);
  const v8Flags = ensureServiceV8Flags({ postgres: config.databaseUrl !== undefined });
  const [{ createApp }, { startBanner }, { createLogger }] = await Promise.all([import("./app/app.js"), import("./app/banner.js"), import("./core/runtime/logger.js")]);
  const log = createLogger(config);
  const app = await createApp(config, { log });
  const url = await app.listen();
  log.info(
    { url, graphql: `${url}/graphql`, rest: `${url}/api/v1`, database: config.databaseUrl ? "postgresql" : `embedded (${config.dataDir})`, v8Flags },
    "messaging gateway listening",
  );
  const banner = startBanner(config, url, app.demoKey);
  if (banner) process.stderr.write(banner);
  collectStartupGarbageSoon(log);

  // The worker inside may use its whole shutdown allowance; the HTTP side gets a few seconds more.
  closeOnSignals(log, "server", () => app.close(), config.worker.shutdownMs + 5_000);
}

main().catch(exitOnStartupError);
