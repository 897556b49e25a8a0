import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { parseId } from "../../core/input/ids.js";
import { cancelQueued } from "../messages/index.js";
import { getBatch, type BatchView } from "./batch-reads.js";
import type { Author } from "../../core/audit/audited.js";

// Cancelling what of a batch has not started sending (see messages/cancel.ts for the rule).

/** The batch after cancelling: how many this request cancelled, how many are still in flight, and its report. */
export async function cancelBatch(deps: ServiceDeps, principal: Principal, rawId: string, by: Author): Promise<{ cancelled: number; inFlight: number; batch: BatchView }> {
  const id = parseId(rawId);
  // The batch must be the caller's before anything is touched (the statement is scoped too).
  await getBatch(deps, principal, rawId);
  const { cancelled, inFlight } = await cancelQueued(deps, principal.tenantId, { batchId: id! }, by);
  return { cancelled: cancelled.length, inFlight, batch: await getBatch(deps, principal, rawId) };
}
