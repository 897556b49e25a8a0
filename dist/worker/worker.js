import { releaseHeldBy } from "../services/queue.js";
import { claimDueMessages } from "../services/queue-claim.js";
import { assignSendersToClaimed, deliverQueued } from "../services/delivery.js";
import { statusEvent } from "../services/events.js";
import { createSentBatcher } from "./sent-batcher.js";
import { Wakeable } from "./wakeable.js";
/**
 * Drains the queue: claims due messages in small batches and delivers each through the shared
 * delivery path. It sleeps `pollMs` when nothing is due, unless woken by a new bulk request: one
 * accepted by this process directly, one accepted elsewhere through `signal` (PostgreSQL NOTIFY).
 */
export class QueueWorker {
    deps;
    signal;
    running = false;
    loop;
    wakeable = new Wakeable();
    owner;
    recordSent;
    constructor(deps, signal) {
        this.deps = deps;
        this.signal = signal;
        this.owner = `${deps.instanceId}:worker`;
        this.recordSent = createSentBatcher(deps.db, this.owner, () => deps.clock.now());
    }
    start() {
        if (this.running)
            return;
        this.running = true;
        this.loop = this.run();
        this.signal?.listen(() => this.wakeable.notify());
    }
    /** Messages were queued: this worker and those of other processes look for due ones now, not at their next poll. */
    notify() {
        this.wakeable.notify();
        this.signal?.announce();
    }
    /**
     * Stops claiming and lets the messages already claimed finish, for at most `shutdownMs`; what is
     * still held then goes back to the queue for another worker (it may then be sent twice, which
     * at-least-once delivery allows; losing it would not be).
     */
    async stop() {
        this.running = false;
        this.wakeable.notify();
        await this.finish();
        await this.signal?.close();
    }
    async finish() {
        if (!this.loop)
            return;
        let timer;
        const finished = await Promise.race([
            this.loop.then(() => true),
            new Promise((resolve) => (timer = setTimeout(() => resolve(false), this.deps.config.worker.shutdownMs))),
        ]);
        clearTimeout(timer);
        if (!finished) {
            const released = await releaseHeldBy(this.deps.db, this.owner, this.deps.clock.now());
            this.deps.events.publish(released.map((m) => statusEvent(m)));
            this.deps.log.warn({ released: released.length }, "worker stopped before its messages finished; released them to the queue");
            if (released.length > 0)
                this.signal?.announce();
        }
    }
    async run() {
        const { config, log } = this.deps;
        while (this.running) {
            let claimedCount = 0;
            try {
                const claimed = await claimDueMessages(this.deps.db, this.owner, config.worker.batchSize, config.worker.leaseSeconds, this.deps.clock.now());
                claimedCount = claimed.length;
                this.deps.events.publish(claimed.map((m) => statusEvent(m)));
                const ready = await assignSendersToClaimed(this.deps, claimed, this.owner);
                await Promise.all(ready.map((m) => deliverQueued(this.deps, m, this.owner, this.recordSent).catch((err) => {
                    // The lease runs out and the message is claimed again: nothing is lost.
                    log.error({ err, messageId: String(m.id) }, "delivery of a queued message threw");
                })));
            }
            catch (err) {
                log.error({ err }, "queue poll failed");
            }
            if (claimedCount < config.worker.batchSize && this.running)
                await this.wakeable.pause(config.worker.pollMs);
        }
    }
}
//# sourceMappingURL=worker.js.map