import type { Agent } from "undici";
import type { ServiceDeps } from "../../../core/deps.js";
import { ClaimLoop } from "../../../core/queue/claim-loop.js";
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
 * (429, with no Retry-After) is left alone for CHATWOOT_RETRY_MAX_MS. The loop itself, its stop
 * and its slots are ClaimLoop's.
 */
export class ChatwootRelay extends ClaimLoop {
  readonly owner: string;
  private readonly agent: Agent;
  private readonly pausedUntil = new Map<number, number>();
  private lastTickPass = 0;

  constructor(deps: ServiceDeps) {
    super(deps, "Chatwoot relay");
    this.owner = `${deps.instanceId}:chatwoot`;
    this.agent = createChatwootAgent(deps.config);
  }

  protected async releaseHeld(): Promise<number> {
    const now = this.deps.clock.now();
    return (await releasePostsHeldBy(this.deps.db, this.owner, now)) + (await releaseRepliesHeldBy(this.deps.db, this.owner, now));
  }

  protected closed(): Promise<void> {
    return this.agent.close();
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

  protected async poll(): Promise<void> {
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
}
