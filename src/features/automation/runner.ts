import type { ServiceDeps } from "../../core/deps.js";
import { ClaimLoop } from "../../core/queue/claim-loop.js";
import type { OutboundAgent } from "../../core/http/outbound-agent.js";
import { answerOne, CompiledRuleCache, type AnswerWork } from "./answering.js";
import { createBotAgent } from "./bot-bridge.js";
import { claimWork, releaseWorkHeldBy } from "./work-sql.js";

/**
 * Answers contacts' messages by the tenants' rules, beside the queue worker: claims the messages
 * the database queued for a look (AUTOMATION_CONCURRENCY in flight, one contact's in order) and
 * answers each (answering.ts). The loop, its stop and its slots are ClaimLoop's; a message whose
 * holder died is taken again once its lease runs out, and the answer it may have queued is looked
 * for before another is.
 */
export class AutomationRunner extends ClaimLoop {
  readonly owner: string;
  private readonly rules = new CompiledRuleCache();
  private readonly botAgent: OutboundAgent;

  constructor(deps: ServiceDeps) {
    super(deps, "automation");
    this.owner = `${deps.instanceId}:automation`;
    this.botAgent = createBotAgent(deps.config);
  }

  protected releaseHeld(): Promise<number> {
    return releaseWorkHeldBy(this.deps.db, this.owner);
  }

  protected closed(): Promise<void> {
    return this.botAgent.close();
  }

  protected async poll(): Promise<void> {
    const { config, db, clock } = this.deps;
    const room = config.automation.concurrency - this.inFlight.size;
    if (room <= 0) return;
    const work: AnswerWork = { deps: this.deps, owner: this.owner, rules: this.rules, botAgent: this.botAgent, stop: this.interrupt.signal };
    // A claim outlasts a bot's call by the worker's lease, then another loop may take the message.
    const leaseMs = config.automation.botTimeoutMs + config.worker.leaseSeconds * 1000;
    const claimed = await claimWork(db, { owner: this.owner, limit: room, leaseMs, now: clock.now() });
    for (const row of claimed) this.track(answerOne(work, row));
  }
}
