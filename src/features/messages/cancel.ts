import type { Message } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { notFound } from "../../core/errors.js";
import { cancelQueued } from "./queue-cancel.js";
import { getMessage } from "./reads.js";
import { parseId } from "../../core/input/ids.js";
import type { Author } from "../../core/audit/audited.js";

// Cancelling what has not started sending (see queue-cancel.ts for the rule). A cancelled message
// is `failed` with error "cancelled"; its allowance and its sender's counts are given back.

export async function cancelMessage(deps: ServiceDeps, principal: Principal, rawId: string, by: Author): Promise<{ cancelled: boolean; inFlight: boolean; message: Message }> {
  const id = parseId(rawId);
  if (id === undefined) throw notFound("Message");
  // A message on a number the caller may not see is unknown to it (reads.ts applies that rule).
  if (principal.accountIds) await getMessage(deps, principal, id);
  const {
    cancelled: [cancelled],
    inFlight,
  } = await cancelQueued(deps, principal.tenantId, { messageId: id }, by);
  if (cancelled) return { cancelled: true, inFlight: false, message: cancelled };
  return { cancelled: false, inFlight: inFlight > 0, message: await getMessage(deps, principal, id) };
}
