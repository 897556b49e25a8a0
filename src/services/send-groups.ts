import type { Db } from "../db/database.js";
import type { Metrics } from "../metrics.js";
import { acceptGroup, type AcceptGroupArgs, type GroupedSend, type GroupOutcome } from "./accept-group-sql.js";

// Single sends of one tenant that arrive together share one accepting statement (group commit).
// Accepted one by one, every send takes the tenant's allowance row lock and pays a WAL flush of
// its own, so a busy tenant is bounded by that row however many connections it uses. Here the
// first send of a tenant runs at once, alone; sends that arrive while a statement of that tenant
// is in flight wait for it to finish and then go together (at most SEND_GROUP_MAX per statement).
// So no send waits on a timer: the longest a send waits to be grouped is the one statement ahead
// of it (a few milliseconds), and an idle tenant's send is not delayed at all.

/** The lock owner of messages a request delivers itself (acceptance, inline delivery, the sent batcher). */
export const inlineOwner = (instanceId: string) => `${instanceId}:inline`;

type Shared = Omit<AcceptGroupArgs, "sends">;

interface Waiting {
  send: GroupedSend;
  resolve: (outcome: GroupOutcome) => void;
  reject: (err: unknown) => void;
}

export class SendGroups {
  /** Sends waiting per group key; a key is present while a statement for it is in flight. */
  private readonly queues = new Map<string, Waiting[]>();

  constructor(
    private readonly db: Db,
    private readonly max: number,
    private readonly metrics: Metrics,
  ) {}

  /**
   * Accepts `send` with the others of its tenant that are waiting (acceptGroup): its message, an
   * opted-out refusal, or `alone` for the caller to accept it with the single statement.
   */
  accept(shared: Shared, send: GroupedSend): Promise<GroupOutcome> {
    // Sends share a statement only when everything but the message itself is the same; a plan
    // change or a new day between two sends puts them in different groups.
    const key = [shared.tenantId, shared.monthlyLimit, shared.day, shared.month, shared.lockOwner, shared.leaseSeconds].join("|");
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(key);
      const waiting = { send, resolve, reject };
      if (queue) queue.push(waiting);
      else {
        this.queues.set(key, [waiting]);
        void this.drain(key, shared);
      }
    });
  }

  private async drain(key: string, shared: Shared): Promise<void> {
    const queue = this.queues.get(key)!;
    while (queue.length > 0) {
      const group = queue.splice(0, this.max);
      this.metrics.sendGroupSize.observe(group.length);
      try {
        const outcomes = await acceptGroup(this.db, { ...shared, sends: group.map((w) => w.send) });
        group.forEach((w, i) => w.resolve(outcomes[i]!));
      } catch (err) {
        for (const w of group) w.reject(err);
      }
    }
    this.queues.delete(key);
  }
}
