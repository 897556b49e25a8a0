import type { Agent } from "undici";
import type { ServiceDeps } from "../../core/deps.js";
import { claimDueWebhooks, releaseWebhooksHeldBy } from "./webhook-queue-sql.js";
import { createWebhookAgent, sendWebhook } from "./webhook-delivery.js";
import { Wakeable } from "../../core/queue/wakeable.js";
import { settlesWithin } from "../../core/runtime/lifecycle.js";

/** Seconds a claimed delivery stays claimed beyond the request timeout, before another dispatcher may take it. */
const LEASE_MARGIN_SECONDS = 30;

/**
 * Sends the webhook outbox. A loop of its own beside the QueueWorker, with its own connections
 * and its own limit of requests in flight (`WEBHOOK_CONCURRENCY`), so a slow or dead receiver
 * holds up other webhooks for at most WEBHOOK_TIMEOUT_MS and message delivery not at all. It
 * does not wait for a round of POSTs to finish before claiming more: each free slot is filled
 * as soon as one finishes.
 */
export class WebhookDispatcher {
  readonly owner: string;
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly wakeable = new Wakeable();
  private readonly inFlight = new Set<Promise<void>>();
  /** Aborts the POSTs still running when a stop runs out of time. */
  private readonly interrupt = new AbortController();
  private readonly agent: Agent;
  private stopping: Promise<void> | undefined;

  constructor(private readonly deps: ServiceDeps) {
    this.owner = `${deps.instanceId}:webhooks`;
    this.agent = createWebhookAgent(deps.config.webhooks);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Looks for due deliveries now instead of at the next poll. */
  notify(): void {
    this.wakeable.notify();
  }

  /**
   * Stops claiming and lets the POSTs in flight finish for at most WORKER_SHUTDOWN_MS; the rest are
   * aborted and handed back to the queue, to be sent again by whichever dispatcher runs next.
   */
  stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  private async shutdown(): Promise<void> {
    this.running = false;
    this.wakeable.notify();
    await this.loop;
    if (!(await settlesWithin(Promise.allSettled([...this.inFlight]), this.deps.config.worker.shutdownMs))) {
      this.interrupt.abort();
      await Promise.allSettled([...this.inFlight]);
      const released = await releaseWebhooksHeldBy(this.deps.db, this.owner, this.deps.clock.now());
      this.deps.log.warn({ released }, "webhook dispatcher stopped before its requests finished; released them to the queue");
    }
    await this.agent.close();
  }

  private async run(): Promise<void> {
    const { config, db, log } = this.deps;
    const leaseSeconds = Math.ceil(config.webhooks.timeoutMs / 1000) + LEASE_MARGIN_SECONDS;
    while (this.running) {
      const room = config.webhooks.concurrency - this.inFlight.size;
      if (room > 0) {
        try {
          const claimed = await claimDueWebhooks(db, this.owner, room, leaseSeconds, config.webhooks.perEndpointConcurrency, this.deps.clock.now());
          for (const webhook of claimed) this.track(sendWebhook(this.deps, this.agent, webhook, this.owner, this.interrupt.signal));
        } catch (err) {
          log.error({ err }, "webhook poll failed");
        }
      }
      // A finished request wakes the loop: its slot is free, and the next event of its message may now be due.
      if (this.running) await this.wakeable.pause(config.worker.pollMs);
    }
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch((err: unknown) => {
        // The lease runs out and the delivery is claimed again: nothing is lost.
        this.deps.log.error({ err }, "sending a webhook threw");
      })
      .finally(() => {
        this.inFlight.delete(tracked);
        this.notify();
      });
    this.inFlight.add(tracked);
  }
}
