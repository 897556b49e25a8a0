import type { ServiceDeps } from "../../core/deps.js";
import type { OutboundAgent } from "../../core/http/outbound-agent.js";
import { claimDueWebhooks, releaseWebhooksHeldBy } from "./webhook-queue-sql.js";
import { createWebhookAgent, sendWebhook } from "./webhook-delivery.js";
import { ClaimLoop } from "../../core/queue/claim-loop.js";

/** Seconds a claimed delivery stays claimed beyond the request timeout, before another dispatcher may take it. */
const LEASE_MARGIN_SECONDS = 30;

/**
 * Sends the webhook outbox. A loop of its own beside the QueueWorker, with its own connections
 * and its own limit of requests in flight (`WEBHOOK_CONCURRENCY`), so a slow or dead receiver
 * holds up other webhooks for at most WEBHOOK_TIMEOUT_MS and message delivery not at all. It
 * does not wait for a round of POSTs to finish before claiming more: each free slot is filled
 * as soon as one finishes; a finished request also wakes the loop, as the next event of its message
 * may now be due (ClaimLoop).
 */
export class WebhookDispatcher extends ClaimLoop {
  readonly owner: string;
  private readonly agent: OutboundAgent;

  constructor(deps: ServiceDeps) {
    super(deps, "webhook dispatcher");
    this.owner = `${deps.instanceId}:webhooks`;
    this.agent = createWebhookAgent(deps.config.webhooks);
  }

  protected releaseHeld(): Promise<number> {
    return releaseWebhooksHeldBy(this.deps.db, this.owner, this.deps.clock.now());
  }

  protected closed(): Promise<void> {
    return this.agent.close();
  }

  protected async poll(): Promise<void> {
    const { config, db } = this.deps;
    const leaseSeconds = Math.ceil(config.webhooks.timeoutMs / 1000) + LEASE_MARGIN_SECONDS;
    const room = config.webhooks.concurrency - this.inFlight.size;
    if (room <= 0) return;
    const claimed = await claimDueWebhooks(db, this.owner, room, leaseSeconds, config.webhooks.perEndpointConcurrency, this.deps.clock.now());
    for (const webhook of claimed) this.track(sendWebhook(this.deps, this.agent, webhook, this.owner, this.interrupt.signal));
  }
}
