import type { Agent } from "undici";
import type { ServiceDeps } from "../../../core/deps.js";
import { Wakeable } from "../../../core/queue/wakeable.js";
import { settlesWithin } from "../../../core/runtime/lifecycle.js";
import { createChatwootAgent } from "./chatwoot-api.js";
import { claimPosts, releasePostsHeldBy } from "./outbox-sql.js";
import { claimReplies, claimTicks, closeStaleTicks, releaseRepliesHeldBy } from "./reply-sql.js";
import { type RelayWork, runPost, runReply, runTick } from "./relay-steps.js";

/** Ticks are looked for at most this often: they follow receipts, which need no haste. */
const TICK_PASS_MS = 500;

/**
 * Carries every tenant's Chatwoot bridge, beside the queue worker: posts the outbox to Chatwoot,
 * sends agents' replies on WhatsApp, and tells Chatwoot their ticks. At most CHATWOOT_CONCURRENCY
 * calls are in flight; each free slot is filled as soon as one ends. A bridge Chatwoot rate-limits
 * (429, with no Retry-After) is left alone for CHATWOOT_RETRY_MAX_MS.
 */
export class ChatwootRelay {
  readonly owner: string;
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly wakeable = new Wakeable();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly interrupt = new AbortController();
  private readonly agent: Agent;
  private readonly pausedUntil = new Map<number, number>();
  private lastTickPass = 0;
  private stopping: Promise<void> | undefined;

  constructor(private readonly deps: ServiceDeps) {
    this.owner = `${deps.instanceId}:chatwoot`;
    this.agent = createChatwootAgent(deps.config);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

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
      const now = this.deps.clock.now();
      const released = (await releasePostsHeldBy(this.deps.db, this.owner, now)) + (await releaseRepliesHeldBy(this.deps.db, this.owner, now));
      this.deps.log.warn({ released }, "Chatwoot relay stopped before its calls finished; released them");
    }
    await this.agent.close();
  }

  private work(): RelayWork {
    return {
      deps: this.deps,
      agent: this.agent,
      owner: this.owner,
      signal: this.interrupt.signal,
      pause: (bridgeId, ms) => this.pausedUntil.set(bridgeId, Date.now() + ms),
    };
  }

  private paused(): number[] {
    const now = Date.now();
    for (const [id, until] of this.pausedUntil) if (until <= now) this.pausedUntil.delete(id);
    return [...this.pausedUntil.keys()];
  }

  private async run(): Promise<void> {
    const { config, log } = this.deps;
    while (this.running) {
      try {
        await this.poll();
      } catch (err) {
        log.error({ err }, "Chatwoot relay poll failed");
      }
      if (this.running) await this.wakeable.pause(config.worker.pollMs);
    }
  }

  private async poll(): Promise<void> {
    const { config, db, clock } = this.deps;
    // A claimed row stays claimed for a call's timeout plus the worker's lease (WORKER_LEASE_SECONDS,
    // which already outlasts a provider's answer), then another relay may take it.
    const lease = config.chatwoot.timeoutMs + config.worker.leaseSeconds * 1000;
    const work = this.work();
    let room = config.chatwoot.concurrency - this.inFlight.size;
    if (room <= 0) return;
    const posts = await claimPosts(db, this.owner, room, lease, this.paused(), clock.now());
    for (const row of posts) this.track(runPost(work, row));
    room -= posts.length;
    if (room <= 0) return;
    const replies = await claimReplies(db, this.owner, room, lease, clock.now());
    for (const reply of replies) this.track(runReply(work, reply));
    room -= replies.length;
    if (room <= 0 || Date.now() - this.lastTickPass < TICK_PASS_MS) return;
    this.lastTickPass = Date.now();
    const ticks = await claimTicks(db, this.owner, room, lease, this.paused(), clock.now());
    for (const tick of ticks) this.track(runTick(work, tick));
    if (ticks.length === 0) await closeStaleTicks(db, clock.now(), 500);
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch((err: unknown) => {
        // The lease runs out and the row is claimed again: nothing is lost.
        this.deps.log.error({ err }, "a Chatwoot relay step threw");
      })
      .finally(() => {
        this.inFlight.delete(tracked);
        this.notify();
      });
    this.inFlight.add(tracked);
  }
}
