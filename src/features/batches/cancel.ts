import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { statusEvent } from "../../core/events.js";
import { parseId } from "../../core/ids.js";
import { cancelPending } from "../messages/index.js";
import { getBatch, type BatchView } from "./batch-reads.js";

// Cancelling what of a batch has not started sending (see messages/cancel.ts for the rule).

/** The batch after cancelling: `cancelled` now, and its report (which counts what was left alone). */
export async function cancelBatch(deps: ServiceDeps, principal: Principal, rawId: string): Promise<{ cancelled: number; batch: BatchView }> {
  const id = parseId(rawId);
  // The batch must be the caller's before anything is touched (the statement is scoped too).
  await getBatch(deps, principal, rawId);
  const cancelled = await cancelPending(deps.db, principal.tenantId, { batchId: id! });
  deps.events.publish(cancelled.map((m) => statusEvent(m)));
  return { cancelled: cancelled.length, batch: await getBatch(deps, principal, rawId) };
}
