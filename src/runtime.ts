import os from "node:os";
import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import type { Database } from "./db/database.js";
import { ChannelRegistry } from "./channels/registry.js";
import { ServiceClock } from "./services/clock.js";
import { EventBus } from "./services/events.js";
import type { ServiceDeps } from "./services/deps.js";
import { QueueWorker } from "./worker/worker.js";

/** The services' dependencies and the queue worker, as both the server and `npm run worker` build them. */
export function createRuntime(config: Config, database: Database, log: Logger): { deps: ServiceDeps; worker: QueueWorker; channels: ChannelRegistry } {
  const channels = new ChannelRegistry(config);
  const deps: ServiceDeps = {
    db: database.prisma,
    config,
    clock: new ServiceClock(config.timeZone),
    channels,
    log,
    events: EventBus.create(config.redisUrl, config.redisPrefix, log),
    instanceId: `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`,
    // Called only once requests flow, after `worker` below exists.
    wakeWorker: () => worker.notify(),
  };
  const worker = new QueueWorker(deps);
  return { deps, worker, channels };
}
