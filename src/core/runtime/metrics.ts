import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Db } from "../db/database.js";
import { NUMBER_STATES } from "../numbers/number-state-sql.js";
import { unsentMailsGauge } from "../mail/mail-metrics.js";
import { workBacklogGauges } from "./work-metrics.js";
import { countLostAnswers, countMessagesByStatus, countNumbersByState, queueDue, webhookBacklog } from "./metrics-sql.js";

// Prometheus metrics at /metrics. One registry per app (tests run several in one process). Counts
// that live in the database (messages by status, the queue) are read when Prometheus scrapes, so
// they are right whichever instance did the work; each read costs the same however many messages
// are stored (messages by status from the counts the database keeps, the queue from its index).

export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<"method" | "route" | "status">;
  readonly graphqlDuration: Histogram<"operation" | "type">;
  readonly deliveryLatency: Histogram<"driver">;
  readonly sendGroupSize: Histogram;
  readonly sendGroupTenants: Histogram;
  readonly channelErrors: Counter<"driver" | "error" | "code">;
  readonly webhookDeliveries: Counter<"outcome">;
  readonly mails: Counter<"outcome">;
  readonly chatwootCalls: Counter<"step" | "outcome">;
  readonly automatedAnswers: Counter<"action">;
  readonly housekeepingPasses: Counter<"outcome">;
  readonly housekeepingLastDone: Gauge;
  readonly loopPasses: Counter<"loop">;
  readonly inboundMessages: Counter<"kind">;
  readonly websocketConnections: Gauge;
  readonly fanoutGroups: Gauge;

  /** Set by the HTTP server once its websocket server exists. */
  countConnections: () => number = () => 0;
  /** Likewise: distinct messageEvents operations being fanned out (live-fanout.ts). */
  countFanoutGroups: () => number = () => 0;
  /** Set once the event bus exists: live events dropped while Redis was out of reach (redis-events.ts). */
  countDroppedEvents: () => number = () => 0;
  /** Likewise: the event bus's Redis connections and whether each is ready (none without Redis). */
  redisConnections: () => Array<{ connection: string; ready: boolean }> = () => [];

  // eslint-disable-next-line max-lines-per-function -- declarations, not logic: every metric with its help text and labels, read as one list
  constructor(db: Db) {
    const countConnections = () => this.countConnections();
    const countFanoutGroups = () => this.countFanoutGroups();
    const countDroppedEvents = () => this.countDroppedEvents();
    const redisConnections = () => this.redisConnections();
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: "gateway_" });
    this.httpDuration = new Histogram({
      name: "gateway_http_request_duration_seconds",
      // `route` is the template of the route that served the request (src/core/http/server.ts), or
      // "unmatched": a fixed set of values whatever paths callers send.
      help: "HTTP requests by method, route template and status.",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.graphqlDuration = new Histogram({
      name: "gateway_graphql_operation_duration_seconds",
      help: "GraphQL operations (HTTP and websockets; REST routes run one each) by name and type.",
      labelNames: ["operation", "type"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.sendGroupSize = new Histogram({
      name: "gateway_send_group_size",
      help: "Single sends accepted together by one statement (send-groups.ts).",
      buckets: [1, 2, 4, 8, 16, 32, 64, 128],
      registers,
    });
    this.sendGroupTenants = new Histogram({
      name: "gateway_send_group_tenants",
      help: "Tenants whose single sends shared one accepting statement (send-groups.ts).",
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers,
    });
    this.deliveryLatency = new Histogram({
      name: "gateway_delivery_latency_seconds",
      help: "From a message's acceptance to its being sent, by channel driver.",
      labelNames: ["driver"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600],
      registers,
    });
    this.channelErrors = new Counter({
      name: "gateway_channel_errors_total",
      help: "Failed delivery attempts by driver, stable error text and provider code.",
      labelNames: ["driver", "error", "code"],
      registers,
    });
    this.inboundMessages = new Counter({
      name: "gateway_inbound_messages_total",
      help: "Messages contacts sent to the tenants' numbers, stored (redeliveries not counted), by kind.",
      labelNames: ["kind"],
      registers,
    });
    this.webhookDeliveries = new Counter({
      name: "gateway_webhook_deliveries_total",
      help: "Webhook delivery attempts by outcome (delivered, retry, failed).",
      labelNames: ["outcome"],
      registers,
    });
    this.mails = new Counter({
      name: "gateway_mails_total",
      help: "Mail send attempts on this instance by outcome (sent, retry, failed: for good).",
      labelNames: ["outcome"],
      registers,
    });
    this.chatwootCalls = new Counter({
      name: "gateway_chatwoot_steps_total",
      help: "Chatwoot bridge steps by kind (post, reply, tick) and outcome (done, retry, failed).",
      labelNames: ["step", "outcome"],
      registers,
    });
    this.automatedAnswers = new Counter({
      name: "gateway_automated_answers_total",
      help: "Contacts' messages an automation rule answered on this instance, by the rule's action (reply, handover).",
      labelNames: ["action"],
      registers,
    });
    this.housekeepingPasses = new Counter({
      name: "gateway_housekeeping_passes_total",
      help: "Housekeeper passes (retention, partitions) ended on this instance, by outcome (done, failed).",
      labelNames: ["outcome"],
      registers,
    });
    this.housekeepingLastDone = new Gauge({
      name: "gateway_housekeeping_last_done_timestamp_seconds",
      help: "When the housekeeper last ended a pass on this instance without error (Unix seconds; 0: not yet since start).",
      registers,
    });
    this.loopPasses = new Counter({
      name: "gateway_loop_passes_total",
      help: "Passes ended by the background loops on this instance (delivery worker, webhook dispatcher, Chatwoot relay, mail sender, export runner, number health check), by loop.",
      labelNames: ["loop"],
      registers,
    });
    this.websocketConnections = new Gauge({
      name: "gateway_websocket_connections",
      help: "Open graphql-ws connections on this instance.",
      registers,
      collect() {
        this.set(countConnections());
      },
    });
    this.fanoutGroups = new Gauge({
      name: "gateway_live_fanout_groups",
      help: "Distinct messageEvents operations on this instance's websockets, each executed once per event for all its subscribers.",
      registers,
      collect() {
        this.set(countFanoutGroups());
      },
    });
    new Counter({
      name: "gateway_live_events_dropped_total",
      help: "Live events dropped because Redis was out of reach; live subscriptions were told to re-read.",
      registers,
      collect() {
        this.reset();
        this.inc(countDroppedEvents());
      },
    });
    new Gauge({
      name: "gateway_redis_up",
      help: "1 while this instance's Redis connection for live events is ready, else 0, by connection (publish, subscribe); absent without REDIS_URL.",
      labelNames: ["connection"],
      registers,
      collect() {
        this.reset();
        for (const { connection, ready } of redisConnections()) this.set({ connection }, ready ? 1 : 0);
      },
    });
    // The three database gauges share one read per scrape: the registry collects all metrics at
    // once, so the first collect starts it and the others wait for the same answer.
    const counts = { byStatus: new Map<string, number>(), due: 0, oldest: 0 };
    let refreshing: Promise<void> | undefined;
    const refresh = () =>
      (refreshing ??= (async () => {
        try {
          const [rows, [queue]] = await Promise.all([countMessagesByStatus(db), queueDue(db)]);
          counts.byStatus = new Map(rows.map((r) => [r.status, r.n]));
          counts.due = queue?.due ?? 0;
          counts.oldest = queue?.oldest ?? 0;
        } catch {
          // The database did not answer: the last values stay, and the scrape still answers.
        } finally {
          refreshing = undefined;
        }
      })());
    new Gauge({
      name: "gateway_messages",
      help: "Messages by status (whole database), from the counts the database keeps as messages change.",
      labelNames: ["status"],
      registers,
      async collect() {
        await refresh();
        for (const status of ["pending", "sending", "sent", "failed"]) this.set({ status }, counts.byStatus.get(status) ?? 0);
      },
    });
    new Gauge({
      name: "gateway_queue_depth",
      help: "Queued messages due now.",
      registers,
      async collect() {
        await refresh();
        this.set(counts.due);
      },
    });
    new Gauge({
      name: "gateway_queue_oldest_pending_age_seconds",
      help: "Age of the longest-waiting due message (0: none).",
      registers,
      async collect() {
        await refresh();
        this.set(counts.oldest);
      },
    });
    numberStateGauge(db, registers);
    webhookBacklogGauges(db, registers);
    lostAnswersGauge(db, registers);
    unsentMailsGauge(db, registers);
    workBacklogGauges(db, registers);
  }
}

/** The stored messages' lost answers (whole database), read at each scrape. */
function lostAnswersGauge(db: Db, registers: Registry[]): void {
  new Gauge({
    name: "gateway_message_lost_answers",
    help: "Send attempts of stored messages whose answer was lost (timeout, reset, holder died mid-send): each may have put one more copy at the contact.",
    registers,
    async collect() {
      try {
        const [row] = await countLostAnswers(db);
        this.set(row?.n ?? 0);
      } catch {
        // The database did not answer: the last value stays, and the scrape still answers.
      }
    },
  });
}

/** The webhook outbox's due backlog and its age (webhookBacklog), one query per scrape. */
function webhookBacklogGauges(db: Db, registers: Registry[]): void {
  let reading: Promise<{ n: number; oldest: number }> | undefined;
  let last = { n: 0, oldest: 0 };
  const read = () =>
    (reading ??= webhookBacklog(db)
      .then(([row]) => (last = { n: row?.n ?? 0, oldest: row?.oldest ?? 0 }))
      // The database did not answer: the last values stay, and the scrape still answers.
      .catch(() => last)
      .finally(() => (reading = undefined)));
  new Gauge({
    name: "gateway_webhook_backlog",
    help: "Webhook deliveries due or in flight (whole database).",
    registers,
    async collect() {
      this.set((await read()).n);
    },
  });
  new Gauge({
    name: "gateway_webhook_backlog_oldest_age_seconds",
    help: "Seconds since the event of the oldest webhook delivery due or in flight happened (0: none): how far behind receivers are.",
    registers,
    async collect() {
      this.set((await read()).oldest);
    },
  });
}

/** Sender numbers by health state (whole database), read at each scrape. */
function numberStateGauge(db: Db, registers: Registry[]): void {
  new Gauge({
    name: "gateway_numbers",
    help: "Sender numbers by health state (docs/number-health.md).",
    labelNames: ["state"],
    registers,
    async collect() {
      try {
        const rows = await countNumbersByState(db);
        const byState = new Map(rows.map((r) => [r.state, r.n]));
        // Every state, so a state that empties reads 0 rather than its last count.
        for (const state of NUMBER_STATES) this.set({ state }, byState.get(state) ?? 0);
      } catch {
        // The database did not answer: the last values stay, and the scrape still answers.
      }
    },
  });
}
