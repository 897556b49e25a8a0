import { setTimeout as sleep } from "node:timers/promises";
import type { Message } from "../../generated/prisma/client.js";
import type { ServiceDeps } from "../../core/deps.js";
import { statusEvent } from "../../core/live/events.js";
import { cancelNotStarted, cancelledAmong, type CancelTarget } from "../queue/index.js";
import { audited, type Author } from "../../core/audit/audited.js";

/** How often a cancel looks again: for rows it skipped, and whether the messages a worker held have ended. */
const SETTLE_POLL_MS = 20;

export interface CancelOutcome {
  /** The messages this cancel ended, in id order: at once, or by their worker on its behalf. */
  cancelled: Message[];
  /** Messages still in a worker's hands when the cancel stopped waiting: they may still go out. */
  inFlight: number;
}

/**
 * The first pass and the cancel's one audit event, in one transaction: later passes only finish
 * what it began (rows that were locked a moment), so they record nothing of their own.
 */
function firstPass(deps: ServiceDeps, tenantId: number, target: CancelTarget, by: Author) {
  const [kind, id] = "messageId" in target ? ["message", target.messageId] : ["batch", target.batchId];
  return audited(
    deps.db,
    by,
    (tx) => cancelNotStarted(tx, tenantId, target),
    (pass) =>
      pass.cancelled.length || pass.marked.length || pass.skipped
        ? {
            tenantId,
            action: `${kind}.cancelled`,
            target: `${kind}:${id}`,
            after: { cancelled: pass.cancelled.length, stopping_in_flight: pass.marked.length, locked: pass.skipped },
          }
        : null,
  );
}

/**
 * Cancels what has not started sending (cancelNotStarted, again while rows were skipped), then waits
 * while the messages a worker held end: sent (they were in the provider's hands), or cancelled by
 * the worker instead of going back to the queue. So the answer is final, and nothing goes out
 * after it, unless a provider call outlasts the wait: at most one provider timeout
 * (CHANNEL_TIMEOUT_MS) and a poll of the queue; those still held then are reported as in flight.
 */
export async function cancelQueued(deps: ServiceDeps, tenantId: number, target: CancelTarget, by: Author): Promise<CancelOutcome> {
  const deadline = Date.now() + deps.config.channel.timeoutMs + deps.config.worker.pollMs;
  const cancelled: Message[] = [];
  const held = new Set<bigint>();
  for (let first = true; ; first = false) {
    const pass = first ? await firstPass(deps, tenantId, target, by) : await cancelNotStarted(deps.db, tenantId, target);
    deps.events.publish(pass.cancelled.map((m) => statusEvent(m)));
    cancelled.push(...pass.cancelled);
    pass.marked.forEach((id) => held.add(id));
    if (pass.skipped === 0 || Date.now() >= deadline) break;
    await sleep(SETTLE_POLL_MS);
  }
  if (held.size === 0) return { cancelled, inFlight: 0 };
  const ids = [...held];
  let inFlight = ids.length;
  for (;;) {
    inFlight = await deps.db.message.count({ where: { id: { in: ids }, status: "sending" } });
    if (inFlight === 0 || Date.now() >= deadline) break;
    await sleep(SETTLE_POLL_MS);
  }
  const endedForUs = await cancelledAmong(deps.db, ids);
  return { cancelled: [...cancelled, ...endedForUs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), inFlight };
}
