import type { Logger } from "pino";
import type { ChannelRegistry } from "./channels/registry.js";
import type { Config } from "./config.js";
import type { Db, SqlClient } from "./db/database.js";
import type { ServiceClock } from "./clock.js";
import type { EventBus } from "./live/events.js";
import type { Metrics } from "./runtime/metrics.js";
import type { Tracing } from "./runtime/tracing.js";
import type { RateLimiter } from "./auth/rate-limit.js";
import type { SubscriptionSlots } from "./live/subscription-slots.js";
import type { LiveAuthWatcher } from "./auth/live-auth.js";
import type { Message } from "../generated/prisma/client.js";

/** What every service function works with; built once per process (src/app/runtime.ts). */
export interface ServiceDeps {
  db: Db;
  /**
   * For reads that may lag (lists, reports, exports, the console's pages, the audit log): the
   * read standby while it is within READ_MAX_LAG_MS, else `db` (core/db/read-standby.ts).
   */
  readonly readDb: Db;
  config: Config;
  clock: ServiceClock;
  channels: ChannelRegistry;
  log: Logger;
  /** Live message events: services publish after each change they make. */
  events: EventBus;
  metrics: Metrics;
  /** Traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set (core/runtime/tracing.ts); undefined: off. */
  tracing?: Tracing | undefined;
  rateLimiter: RateLimiter;
  /** Live subscriptions per API key, counted across instances when Redis is configured. */
  subscriptionSlots: SubscriptionSlots;
  /** Checks the keys of open live streams again every LIVE_AUTH_RECHECK_SECONDS and ends refused ones. */
  liveAuth: LiveAuthWatcher;
  /** The API listener's base URL once it listens (none in a worker process). */
  urls: { api?: string };
  /** Names this process as a lock owner in the queue. */
  instanceId: string;
  /** Tells the in-process worker that new messages are due, so it need not wait for its poll. */
  wakeWorker(): void;
  /** Tells the in-process Chatwoot relay that it has new work (an inbound message, an agent's reply). */
  wakeChatwootRelay?(): void;
  /** Tells the in-process automation runner that contacts' messages wait for its rules. */
  wakeAutomation?(): void;
  /**
   * Ends the queued messages to numbers that just opted out, within the caller's transaction (the
   * queue feature's cancelForOptOut). Handed in by the composition root because the contacts
   * feature, which records opt-outs, sits below the queue that owns the messages.
   */
  cancelForOptOut(db: SqlClient, tenantId: number, numbers: string[]): Promise<{ cancelled: Message[]; inFlight: number }>;
}
