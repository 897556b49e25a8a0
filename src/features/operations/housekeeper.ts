import type { ServiceDeps } from "../../core/deps.js";
import { pruneExpiredRecords } from "./retention.js";

/** Runs the retention rules (services/retention.ts) at start and then every HOUSEKEEPING_INTERVAL_SECONDS, beside the worker. */
export class Housekeeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly deps: ServiceDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.runOnce(), this.deps.config.housekeeping.intervalMs);
    this.timer.unref();
    this.runOnce();
  }

  private runOnce(): void {
    if (this.running) return;
    this.running = pruneExpiredRecords(this.deps.db, this.deps.config.housekeeping, this.deps.clock.now())
      .then((pruned) => {
        if (pruned.idempotencyKeys || pruned.webhookDeliveries) this.deps.log.info({ pruned }, "expired records deleted");
      })
      .catch((err: unknown) => this.deps.log.error({ err }, "housekeeping failed; trying again at the next interval"))
      .finally(() => (this.running = undefined));
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
