import type { ServiceDeps } from "../../core/deps.js";
import { releaseHeldBy, claimDueMessages } from "../queue/index.js";
import { assignSendersToClaimed, deliverQueued, dropUnsendable, holdOutsideWindows } from "./delivery.js";
import type { SentRecorder } from "./sent-batcher.js";
import { claimEvents, statusEvent } from "../../core/live/events.js";
import { createSentBatcher } from "./sent-batcher.js";
import { readSenders } from "./senders.js";
import { failInwardLinks } from "./link-check.js";
import { Wakeable } from "../../core/queue/wakeable.js";
import type { QueueSignal } from "../../core/queue/queue-signal.js";
import { settlesWithin } from "../../core/runtime/lifecycle.js";
import { spanFailed, traced } from "../../core/runtime/tracing.js";
import { queuedDelivery } from "./delivery-spans.js";

/**
 * Drains the queue: claims due messages in small batches and delivers each through the shared
 * delivery path. It sleeps `pollMs` when nothing is due, unless woken by a new bulk request: one
 * accepted by this process directly, one accepted elsewhere through `signal` (PostgreSQL NOTIFY).
 */
export class QueueWorker {
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly wakeable = new Wakeable();
  readonly owner: string;
  private readonly recordSent: SentRecorder;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly signal?: QueueSignal,
  ) {
    this.owner = `${deps.instanceId}:worker`;
    this.recordSent = createSentBatcher(deps.db, this.owner, () => deps.clock.now());
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
    this.signal?.listen(() => this.wakeable.notify());
  }

  /** Messages were queued: this worker and those of other processes look for due ones now, not at their next poll. */
  notify(): void {
    this.wakeable.notify();
    this.signal?.announce();
  }

  /**
   * Stops claiming and lets the messages already claimed finish, for at most `shutdownMs`; what is
   * still held then goes back to the queue for another worker (it may then be sent twice, which
   * at-least-once delivery allows; losing it would not be).
   */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeable.notify();
    await this.finish();
    await this.signal?.close();
  }

  private async finish(): Promise<void> {
    if (!this.loop) return;
    if (!(await settlesWithin(this.loop, this.deps.config.worker.shutdownMs))) {
      const released = await releaseHeldBy(this.deps.db, this.owner, this.deps.clock.now());
      this.deps.events.publish(released.map((m) => statusEvent(m)));
      this.deps.log.warn({ released: released.length }, "worker stopped before its messages finished; released them to the queue");
      if (released.length > 0) this.signal?.announce();
    }
  }

  private async run(): Promise<void> {
    const { config, log } = this.deps;
    while (this.running) {
      let claimedCount = 0;
      try {
        const claimed = await claimDueMessages(this.deps.db, this.owner, config.worker.batchSize, config.worker.leaseSeconds, this.deps.clock.now());
        claimedCount = claimed.length;
        this.deps.events.publish(claimEvents(claimed, this.deps.events.usesRedis));
        const open = await holdOutsideWindows(this.deps, await failInwardLinks(this.deps, claimed, this.owner), this.owner);
        const ready = await dropUnsendable(this.deps, await assignSendersToClaimed(this.deps, open, this.owner), this.owner);
        // The batch's senders in one read, after every statement that could change them.
        const senders = await readSenders(
          this.deps.db,
          ready.flatMap((m) => (m.accountId === null ? [] : [m.accountId])),
        );
        const now = this.deps.clock.now();
        await Promise.all(
          ready.map((m) =>
            traced(
              this.deps.tracing,
              () => queuedDelivery(m, now),
              (span) =>
                deliverQueued(this.deps, m, this.owner, { recordSent: this.recordSent, senders }).catch((err: unknown) => {
                  // The lease runs out and the message is claimed again: nothing is lost.
                  spanFailed(span, "delivery threw");
                  log.error({ err, messageId: String(m.id) }, "delivery of a queued message threw");
                }),
            ),
          ),
        );
      } catch (err) {
        log.error({ err }, "queue poll failed");
      }
      this.deps.metrics.loopPasses.inc({ loop: "delivery worker" });
      if (claimedCount < config.worker.batchSize && this.running) await this.wakeable.pause(config.worker.pollMs);
    }
  }
}
