import type { Db } from "../../core/db/database.js";
import type { Metrics } from "../../core/runtime/metrics.js";
import type { ServiceClock } from "../../core/clock.js";
import type { ServiceDeps } from "../../core/deps.js";
import { acceptGroup, type AcceptGroupArgs, type GroupedSend, type GroupOutcome } from "../queue/index.js";

// Single sends that arrive together share one accepting statement (group commit), whichever
// tenants they belong to. Accepted one by one, every send pays a statement, a round trip and a
// WAL flush of its own, and a busy tenant is further bounded by its allowance row lock; a gateway
// of many tenants each sending a little would pay the first cost in full, since a tenant rarely
// has two sends in flight. Here the first send runs at once, alone; sends that arrive while a
// statement is in flight wait for it to finish and then go together (at most SEND_GROUP_MAX per
// statement), each tenant's allowance and each number's counters updated once in it. No send waits
// on a timer to be grouped, and on an idle server a send is not delayed at all: it waits for the
// one statement ahead of it, normally a few milliseconds. Should that statement be held up longer
// than SEND_GROUP_MAX_WAIT_MS (a lost connection, a lock held elsewhere), the sends waiting behind
// it, and those arriving until it ends, go alone: the single statement on a connection of their
// own, exactly as without grouping, so grouping never adds more than that bound to a send's latency.

type Shared = Omit<AcceptGroupArgs, "sends">;

const ALONE: GroupOutcome = { alone: true };

interface Pending {
  waiting: Waiting[];
  /** Set once the statement in flight is overdue: arrivals go alone until it ends. */
  overdue: boolean;
}

interface Waiting {
  send: GroupedSend;
  resolve: (outcome: GroupOutcome) => void;
  reject: (err: unknown) => void;
}

export class SendGroups {
  /** Sends waiting per group key; a key is present while a statement for it is in flight. */
  private readonly queues = new Map<string, Pending>();
  /**
   * Tenants whose last group found a number that needs a per-send check (a window, a warm-up, a
   * tier), until when: their sends go alone at once for a while instead of trying a group that
   * cannot take them.
   */
  private readonly windowedUntil = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly max: number,
    private readonly maxWaitMs: number,
    private readonly metrics: Metrics,
    private readonly clock: ServiceClock,
  ) {}

  /**
   * Accepts `send` with the others that are waiting (acceptGroup): its message, an opted-out
   * refusal, or `alone` for the caller to accept it with the single statement.
   */
  accept(shared: Shared, send: GroupedSend): Promise<GroupOutcome> {
    const until = this.windowedUntil.get(send.tenantId);
    if (until !== undefined && until > this.clock.now().getTime()) return Promise.resolve(ALONE);
    // Sends share a statement when they are counted on the same day and held the same way; a new
    // day between two sends puts them in different groups.
    const key = [shared.day, shared.month, shared.lockOwner, shared.leaseSeconds].join("|");
    return new Promise((resolve, reject) => {
      const pending = this.queues.get(key);
      const waiting = { send, resolve, reject };
      if (pending?.overdue) resolve(ALONE);
      else if (pending) pending.waiting.push(waiting);
      else {
        const fresh = { waiting: [waiting], overdue: false };
        this.queues.set(key, fresh);
        void this.drain(key, shared, fresh);
      }
    });
  }

  private async drain(key: string, shared: Shared, pending: Pending): Promise<void> {
    const { waiting } = pending;
    while (waiting.length > 0) {
      const group = waiting.splice(0, this.max);
      this.metrics.sendGroupSize.observe(group.length);
      this.metrics.sendGroupTenants.observe(new Set(group.map((w) => w.send.tenantId)).size);
      const overdue = setTimeout(() => {
        pending.overdue = true;
        for (const w of waiting.splice(0)) w.resolve(ALONE);
      }, this.maxWaitMs);
      try {
        const { outcomes, windowedTenants } = await acceptGroup(this.db, { ...shared, sends: group.map((w) => w.send) });
        for (const tenantId of windowedTenants) this.rememberWindowed(tenantId);
        group.forEach((w, i) => w.resolve(outcomes[i]!));
      } catch (err) {
        for (const w of group) w.reject(err);
      } finally {
        clearTimeout(overdue);
        pending.overdue = false;
      }
    }
    this.queues.delete(key);
  }

  private rememberWindowed(tenantId: number): void {
    // Bounded: a map of tenants, pruned of stale entries whenever it grows past a few thousand.
    const now = this.clock.now().getTime();
    if (this.windowedUntil.size > 5_000) for (const [t, until] of this.windowedUntil) if (until <= now) this.windowedUntil.delete(t);
    this.windowedUntil.set(tenantId, now + WINDOWED_MEMORY_MS);
  }
}

/** How long a tenant found to have a number with a window skips grouping (numbers change rarely). */
const WINDOWED_MEMORY_MS = 60_000;

const perDeps = new WeakMap<ServiceDeps, SendGroups>();

/** The send groups of one server's services (one per process in production), made on its first send. */
export function sendGroupsOf(deps: ServiceDeps): SendGroups {
  let groups = perDeps.get(deps);
  if (!groups) perDeps.set(deps, (groups = new SendGroups(deps.db, deps.config.sendGroupMax, deps.config.sendGroupMaxWaitMs, deps.metrics, deps.clock)));
  return groups;
}
