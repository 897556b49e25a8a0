import { pruneExpiredRecords } from "../services/retention.js";
/** Runs the retention rules (services/retention.ts) at start and then every HOUSEKEEPING_INTERVAL_SECONDS, beside the worker. */
export class Housekeeper {
    deps;
    timer;
    running;
    constructor(deps) {
        this.deps = deps;
    }
    start() {
        if (this.timer)
            return;
        this.timer = setInterval(() => this.runOnce(), this.deps.config.housekeeping.intervalMs);
        this.timer.unref();
        this.runOnce();
    }
    runOnce() {
        if (this.running)
            return;
        this.running = pruneExpiredRecords(this.deps.db, this.deps.config.housekeeping, this.deps.clock.now())
            .then((pruned) => {
            if (pruned.idempotencyKeys || pruned.webhookDeliveries)
                this.deps.log.info({ pruned }, "expired records deleted");
        })
            .catch((err) => this.deps.log.error({ err }, "housekeeping failed; trying again at the next interval"))
            .finally(() => (this.running = undefined));
    }
    async stop() {
        clearInterval(this.timer);
        this.timer = undefined;
        await this.running;
    }
}
//# sourceMappingURL=housekeeper.js.map