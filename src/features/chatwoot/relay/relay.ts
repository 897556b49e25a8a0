import type { ServiceDeps } from "../../../core/deps.js";
import type { OutboundAgent } from "../../../core/http/outbound-agent.js";
import { ClaimLoop } from "../../../core/queue/claim-loop.js";
import { createChatwootAgent } from "./chatwoot-api.js";
import { claimSecretReads } from "../bridge-sql.js";
import { readSecret, SECRET_READ_EVERY_MS } from "./inbox-secret.js";
import { claimPosts, releasePostsHeldBy } from "./outbox-sql.js";
import { claimReplies, claimTicks, closeStaleTicks, releaseRepliesHeldBy } from "./reply-sql.js";
import { type RelayWork, runPost, runReply, runTick } from "./relay-steps.js";

/** Ticks are looked for at most this often: they follow receipts, which need no haste. */
const TICK_PASS_MS = 500;
/** Bridges whose inbox secret is due to be read are looked for at most this often. */
const SECRET_PASS_MS = 5_000;

/**
 * Carries every tenant's Chatwoot bridge, beside the queue worker: posts the outbox to Chatwoot,
 * sends agents' replies on WhatsApp, and tells Chatwoot their ticks. At most CHATWOOT_CONCURRENCY
 * calls are in flight; each free slot is filled as soon as one ends. A bridge Chatwoot rate-limits
 * (429, with no Retry-After) is left alone for CHATWOOT_RETRY_MAX_MS. The loop itself, its stop
 * and its slots are ClaimLoop's.
 */
export class ChatwootRelay extends ClaimLoop {
  readonly owner: string;
  private readonly agent: OutboundAgent;
  private readonly pausedUntil = new Map<number, number>();
  private lastTickPass = 0;
  private lastSecretPass = 0;

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
    const claim = { owner: this.owner, limit: room, leaseMs: lease, recheckAfterMs: config.chatwoot.recheckAfterMs, paused: this.paused(), now: clock.now() };
    const posts = await claimPosts(db, claim);
    for (const row of posts) this.track(runPost(work, row));
    room -= posts.length;
    if (room <= 0) return;
    room -= await this.secretPass(work, room);
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

  /** Reads the inbox secret of bridges that are due (never read, or not for a while); answers how many slots it took. */
  private async secretPass(work: RelayWork, room: number): Promise<number> {
    if (Date.now() - this.lastSecretPass < SECRET_PASS_MS) return 0;
    this.lastSecretPass = Date.now();
    const reads = await claimSecretReads(this.deps.db, this.deps.clock.now(), SECRET_READ_EVERY_MS, room);
    for (const read of reads) this.track(readSecret(work, read));
    return reads.length;
  }
}
