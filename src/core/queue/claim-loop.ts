import type { ServiceDeps } from "../deps.js";
import { settlesWithin } from "../runtime/lifecycle.js";
import { Wakeable } from "./wakeable.js";

/**
 * A loop beside the queue worker that claims rows under leases and works each in flight (the
 * webhook dispatcher, the Chatwoot relay): it polls every WORKER_POLL_MS or when notified, and
 * does not wait for a round to finish before claiming more, since each ended piece of work frees
 * its slot and wakes the loop. Stopping lets the work in flight finish for at most
 * WORKER_SHUTDOWN_MS; the rest is aborted (`interrupt`) and handed back (`releaseHeld`), to be
 * taken again by whichever loop runs next.
 */
export abstract class ClaimLoop {
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly wakeable = new Wakeable();
  protected readonly inFlight = new Set<Promise<void>>();
  /** Aborts the work still running when a stop runs out of time. */
  protected readonly interrupt = new AbortController();
  private stopping: Promise<void> | undefined;

  protected constructor(
    protected readonly deps: ServiceDeps,
    /** What the log calls it. */
    private readonly name: string,
  ) {}

  /** Claims what there is room for and starts it (`track`). */
  protected abstract poll(): Promise<void>;
  /** Hands back what this loop still holds, after a stop that ran out of time; answers how many. */
  protected abstract releaseHeld(): Promise<number>;
  /** Closes what the loop's work used (its connection pool). */
  protected abstract closed(): Promise<void>;

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Looks for due work now instead of at the next poll. */
  notify(): void {
    this.wakeable.notify();
  }

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
      const released = await this.releaseHeld();
      this.deps.log.warn({ released }, `${this.name} stopped before its work finished; released it`);
    }
    await this.closed();
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.poll();
      } catch (err) {
        this.deps.log.error({ err }, `${this.name} poll failed`);
      }
      this.deps.metrics.loopPasses.inc({ loop: this.name });
      if (this.running) await this.wakeable.pause(this.deps.config.worker.pollMs);
    }
  }

  protected track(work: Promise<void>): void {
    const tracked = work
      .catch((err: unknown) => {
        // The lease runs out and the row is claimed again: nothing is lost.
        this.deps.log.error({ err }, `a step of the ${this.name} threw`);
      })
      .finally(() => {
        this.inFlight.delete(tracked);
        this.notify();
      });
    this.inFlight.add(tracked);
  }
}
