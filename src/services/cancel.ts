import type { Message } from "../generated/prisma/client.js";
import type { Principal } from "./principal.js";
import type { ServiceDeps } from "./deps.js";
import { notFound } from "./errors.js";
import { statusEvent } from "./events.js";
import { cancelPending } from "./queue-cancel.js";
import { getBatch, type BatchView } from "./batch-reads.js";
import { getMessage } from "./reads.js";
import { parseId } from "./ids.js";

// Cancelling what has not started sending. A cancelled message is `failed` with error
// "cancelled"; its allowance and its sender's counts are given back in the same statement.

export async function cancelMessage(deps: ServiceDeps, principal: Principal, rawId: string): Promise<{ cancelled: boolean; message: Message }> {
  const id = parseId(rawId);
  if (id === undefined) throw notFound("Message");
  const [cancelled] = await cancelPending(deps.db, principal.tenantId, { messageId: id });
  if (cancelled) {
    deps.events.publish([statusEvent(cancelled)]);
    return { cancelled: true, message: cancelled };
  }
  return { cancelled: false, message: await getMessage(deps, principal, id) };
}

/** The batch after cancelling: `cancelled` now, and its report (which counts what was left alone). */
export async function cancelBatch(deps: ServiceDeps, principal: Principal, rawId: string): Promise<{ cancelled: number; batch: BatchView }> {
  const id = parseId(rawId);
  // The batch must be the caller's before anything is touched (the statement is scoped too).
  await getBatch(deps, principal, rawId);
  const cancelled = await cancelPending(deps.db, principal.tenantId, { batchId: id! });
  deps.events.publish(cancelled.map((m) => statusEvent(m)));
  return { cancelled: cancelled.length, batch: await getBatch(deps, principal, rawId) };
}
