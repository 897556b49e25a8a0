import os from "node:os";
import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { Config } from "../core/config.js";
import { openStandbyClient, type Database } from "../core/db/database.js";
import { ReadStandby } from "../core/db/read-standby.js";
import { standbyGauges } from "../core/runtime/standby-metrics.js";
import type { Tracing } from "../core/runtime/tracing.js";
import { ChannelRegistry } from "../core/channels/registry.js";
import { receiveSimulatedReply } from "../features/inbound/inbound.js";
import { ServiceClock } from "../core/clock.js";
import { EventBus } from "../core/live/events.js";
import { Metrics } from "../core/runtime/metrics.js";
import { RateLimiter } from "../core/auth/rate-limit.js";
import { SubscriptionSlots } from "../core/live/subscription-slots.js";
import { LiveAuthWatcher } from "../core/auth/live-auth.js";
import type { ServiceDeps } from "../core/deps.js";
import { QueueWorker } from "../features/delivery/worker.js";
import { WebhookDispatcher } from "../features/webhooks/webhook-dispatcher.js";
import { ChatwootRelay } from "../features/chatwoot/index.js";
import { AutomationRunner } from "../features/automation/index.js";
import { ExportRunner } from "../features/exports/index.js";
import { MailSender } from "../features/mail/index.js";
import { createHousekeeper } from "../features/operations/housekeeper.js";
import { createRenewalTask, quotaWarningWriter, useTenantStandingWriter } from "../features/billing/index.js";
import { insertSignupTenant, markTenantVerified, setTenantStanding } from "../features/admin/admin-sql.js";
import { useSignupTenantWriter } from "../features/signup/index.js";
import { expiredRecordSteps } from "../features/admin/prune-steps.js";
import type { PeriodicTask } from "../core/runtime/periodic-task.js";
import type { ProcessPart } from "../core/runtime/lifecycle.js";
import { applySignal, createHealthMonitor } from "../features/accounts/index.js";
import { QueueSignal } from "../core/queue/queue-signal.js";
import { cancelForOptOut, useQuotaWatcher } from "../features/queue/index.js";
import { useErasureKey } from "../features/contacts/index.js";
import { useInvoiceSettings } from "../features/invoices/index.js";
import { applySessionState, createLinkSweeper, reportSimulatedMoves, stopLinkHosts, wahaServerLookup } from "../features/number-links/index.js";

/** What createRuntime builds. */
interface RuntimeParts {
  deps: ServiceDeps;
  worker: QueueWorker;
  webhooks: WebhookDispatcher;
  chatwoot: ChatwootRelay;
  automation: AutomationRunner;
  exports: ExportRunner;
  mail: MailSender;
  housekeeper: PeriodicTask;
  healthMonitor: PeriodicTask;
  linkSweeper: PeriodicTask;
  renewals: PeriodicTask;
  channels: ChannelRegistry;
  standby: { reads: ReadStandby; close(): Promise<void> } | undefined;
}

/**
 * The services' dependencies, the queue worker and the webhook dispatcher, as both the server and
 * `npm run worker` build them. Wherever the queue worker runs, the dispatcher and the housekeeper
 * run beside it.
 */
export function createRuntime(config: Config, database: Database, log: Logger, tracing?: Tracing): RuntimeParts {
  const channels = new ChannelRegistry(config);
  const instanceId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const clock = new ServiceClock(config.timeZone);
  handFeaturesTheirSettings(config);
  const metrics = new Metrics(database.prisma);
  const standby = readStandbyOf(config, database, log, metrics);
  const deps: ServiceDeps = {
    db: database.prisma,
    get readDb() {
      return standby?.reads.db ?? database.prisma;
    },
    config,
    clock,
    channels,
    log,
    events: EventBus.create(config.redisUrl, config.redisPrefix, log),
    metrics,
    tracing,
    rateLimiter: new RateLimiter(config.redisUrl, config.redisPrefix, log, clock),
    subscriptionSlots: new SubscriptionSlots(config.redisUrl, config.redisPrefix, instanceId, config.realtime.subscriptionLeaseMs, log),
    liveAuth: new LiveAuthWatcher(database.prisma, clock, log, config.realtime.authRecheckMs),
    urls: {},
    instanceId,
    // Called only once requests flow, after `worker` below exists.
    wakeWorker: () => worker.notify(),
    wakeChatwootRelay: () => chatwoot.notify(),
    wakeAutomation: () => automation.notify(),
    cancelForOptOut,
  };
  metrics.countDroppedEvents = () => deps.events.droppedEvents;
  metrics.redisConnections = () => deps.events.redisConnections;
  // The statements that take the monthly allowance (queue) warn through billing's mails (one layer).
  useQuotaWatcher(quotaWarningWriter(deps));
  // Workers in other processes hear of queued messages by NOTIFY; the embedded database has no other process.
  const signal = database.connection ? new QueueSignal(database.prisma, database.connection, log) : undefined;
  const worker = new QueueWorker(deps, signal);
  const chatwoot = new ChatwootRelay(deps);
  const automation = new AutomationRunner(deps);
  connectChannels(deps, channels);
  return {
    deps,
    worker,
    webhooks: new WebhookDispatcher(deps),
    chatwoot,
    automation,
    exports: new ExportRunner(deps),
    mail: new MailSender(deps),
    housekeeper: createHousekeeper(deps, expiredRecordSteps(deps.db, config.housekeeping, config.mail.retentionDays)),
    healthMonitor: createHealthMonitor(deps),
    linkSweeper: createLinkSweeper(deps),
    renewals: createRenewalTask(deps),
    channels,
    standby,
  };
}

/** What the channels tell the features: the simulator's health events, moves and replies, and where a WAHA session lives. */
function connectChannels(deps: ServiceDeps, channels: ChannelRegistry): void {
  channels.simulator.onHealthEvent = async (e) => {
    await applySignal(deps, [e.accountId], e.signal, { code: "simulator" }).catch((err: unknown) => deps.log.warn({ err }, "could not apply a simulated health event"));
  };
  channels.waha.serverOf = wahaServerLookup(deps.db);
  reportSimulatedMoves((d, session, state) => applySessionState(d, session, state, "simulator").then(() => undefined));
  channels.simulator.onReply = (reply) => receiveSimulatedReply(deps, reply).catch((err: unknown) => deps.log.warn({ err }, "could not store a simulated reply"));
}

/** What features read from the process's settings, or write through another feature's statement, handed in once. */
function handFeaturesTheirSettings(config: Config): void {
  // The consent checks of every statement hash numbers with it (contacts' number-hash-sql.ts).
  useErasureKey(config.erasureKey);
  // Invoices are issued inside callers' transactions, as the seller these settings name.
  useInvoiceSettings({ seller: config.seller, timeZone: config.timeZone });
  // Billing moves a tenant's plan and paid-through day through admin's statement (tenant is admin's).
  useTenantStandingWriter(setTenantStanding);
  useSignupTenantWriter({ insertSignupTenant, markTenantVerified });
}

/** The read standby (DATABASE_READ_URL, PostgreSQL only), checked every quarter of the lag bound, at most every second, with its gauges. */
function readStandbyOf(config: Config, database: Database, log: Logger, metrics: Metrics) {
  if (!config.reads.url || !config.databaseUrl) return undefined;
  const client = openStandbyClient(config.reads.url, config.databaseUrl, config.dbPoolMax);
  const checkMs = Math.max(50, Math.min(1_000, Math.floor(config.reads.maxLagMs / 4)));
  const { hostname, port } = new URL(config.reads.url);
  const where = `${hostname}:${port || "5432"}`;
  const reads = new ReadStandby(database.prisma, client.prisma, { maxLagMs: config.reads.maxLagMs, checkMs }, log);
  standbyGauges(reads, where, metrics.registry);
  return { reads, close: client.close };
}

type Runtime = ReturnType<typeof createRuntime>;

/** Traces: what is batched is sent when the process stops, after everything else (started first). */
export const tracingPart = (tracing: Tracing | undefined): ProcessPart => ({ name: "tracing", stop: () => tracing?.shutdown() ?? Promise.resolve() });

/** The database, closed last. */
export const databasePart = (database: Database): ProcessPart => ({ name: "database", stop: () => database.close() });

/**
 * The connections the services share (Redis for events, rate limits and slots; the live-auth
 * recheck). Started by waiting, briefly, for Redis to answer: an event published before the
 * publishing connection is up is dropped, and a drop ends every live subscription of every
 * instance (they are told to re-read), so a process that starts its work at once would interrupt
 * the others' subscribers each time it starts. Redis down at start is an outage like any other:
 * events are dropped until it is back.
 */
export const sharedServicesPart = ({ deps, standby }: Runtime): ProcessPart => ({
  name: "shared services",
  async start() {
    await deps.events.ping().catch((err: unknown) => deps.log.warn({ err }, "redis did not answer at start: live events are dropped until it does"));
    // Its first look decides where reads go from the first request; a standby away is no reason not to start.
    await standby?.reads.start();
  },
  async stop() {
    standby?.reads.stop();
    await standby?.close();
    await deps.events.close();
    await deps.rateLimiter.close();
    await deps.subscriptionSlots.close();
    await deps.liveAuth.close();
  },
});

/**
 * The queue worker, the webhook dispatcher, the mail sender, the export runner, the housekeeper and the health monitor, wherever they
 * run (off: `WORKER_ENABLED=false`). Each bounds its own drain (WORKER_SHUTDOWN_MS).
 */
export const backgroundWorkPart = (runtime: Runtime, enabled: boolean): ProcessPart => ({
  name: "background work",
  start() {
    if (!enabled) return;
    runtime.worker.start();
    runtime.webhooks.start();
    runtime.chatwoot.start();
    runtime.automation.start();
    runtime.exports.start();
    runtime.mail.start();
    runtime.housekeeper.start();
    runtime.healthMonitor.start();
    runtime.linkSweeper.start();
    runtime.renewals.start();
  },
  async stop() {
    runtime.channels.simulator.stopReplies();
    stopLinkHosts(runtime.deps);
    await Promise.all([
      runtime.worker.stop(),
      runtime.webhooks.stop(),
      runtime.chatwoot.stop(),
      runtime.automation.stop(),
      runtime.exports.stop(),
      runtime.mail.stop(),
      runtime.housekeeper.stop(),
      runtime.healthMonitor.stop(),
      runtime.linkSweeper.stop(),
      runtime.renewals.stop(),
    ]);
  },
});
