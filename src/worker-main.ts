import { requireSmtpInProduction } from "./core/mail/smtp-required.js";
import { closeOnSignals, exitOnStartupError, loadConfigOrExit, startParts, stopParts } from "./core/runtime/lifecycle.js";
import { StartupError } from "./core/runtime/startup-error.js";
import { collectStartupGarbageSoon, ensureServiceV8Flags } from "./core/runtime/v8-settings.js";

// npm run worker: a queue worker with no HTTP server, so several can drain one PostgreSQL queue
// beside the API servers. The embedded database admits one process, whose server runs its own.
// The V8 flags come first: the process may replace itself to get them (ensureServiceV8Flags).

async function main() {
  const config = loadConfigOrExit();
  requireSmtpInProduction(config);
  if (!config.databaseUrl) {
    throw new StartupError("The queue worker needs DATABASE_URL: the embedded database admits one process, and `npm start` runs its own worker.");
  }
  const v8Flags = ensureServiceV8Flags({ postgres: true });
  const [{ createLogger }, { openServiceDatabase }, runtimeModule] = await Promise.all([
    import("./core/runtime/logger.js"),
    import("./core/db/startup.js"),
    import("./app/runtime.js"),
  ]);
  const log = createLogger(config);
  const database = await openServiceDatabase(config, { log });
  const runtime = runtimeModule.createRuntime(config, database, log);
  // The same parts as the API server's, but its listeners: started in order, stopped in reverse.
  const parts = [runtimeModule.databasePart(database), runtimeModule.sharedServicesPart(runtime), runtimeModule.backgroundWorkPart(runtime, true)];
  await startParts(parts);
  log.info({ owner: runtime.worker.owner, webhooks: runtime.webhooks.owner, v8Flags }, "queue worker and webhook dispatcher started");
  collectStartupGarbageSoon(log);
  closeOnSignals(log, "queue worker", () => stopParts(parts, config.worker.shutdownMs, log), config.worker.shutdownMs + 5_000);
}

main().catch(exitOnStartupError);
