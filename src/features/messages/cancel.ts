import type { Message } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { notFound } from "../../core/errors.js";
import { statusEvent } from "../../core/events.js";
import { cancelPending } from "./queue-cancel.js";
import { getMessage } from "./reads.js";
import { parseId } from "../../core/ids.js";

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
