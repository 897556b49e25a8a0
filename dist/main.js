import { closeOnSignals, loadConfigOrExit } from "./lifecycle.js";
import { createApp } from "./app.js";
import { createLogger } from "./logger.js";
import { DataDirInUseError } from "./db/data-dir-lock.js";
async function main() {
    const config = loadConfigOrExit();
    const log = createLogger(config);
    let app;
    try {
        app = await createApp(config, { log });
    }
    catch (err) {
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
    // The worker inside may use its whole shutdown allowance; the HTTP side gets a few seconds more.
    closeOnSignals(log, "server", () => app.close(), config.worker.shutdownMs + 5_000);
}
main().catch((err) => {
    console.error(err);
    process.exit(1);
});
//# sourceMappingURL=main.js.map