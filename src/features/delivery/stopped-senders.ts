import type { Message } from "../../generated/prisma/client.js";
import type { ServiceDeps } from "../../core/deps.js";
import { applySignal, stoppedUntil } from "../accounts/index.js";
import { holdUntil, releaseStoppedSendersOf } from "../queue/index.js";
import type { DeliveryResult } from "../../core/channels/channel.js";
import type { SenderInfo } from "./senders.js";
import { statusEvent } from "../../core/live/events.js";

// What happens to messages whose number stopped (paused, restricted, disconnected, banned) after
// they were given it: one that did not name its sender gives the number back and is placed again,
// on another healthy number of the same tenant; one that named it waits until the pause ends.
// Nothing is sent from a stopped number, and nothing is lost or sent twice: a message is only moved
// while held (`sending`, under the claimer's lease) and before any part of it went out.

/** When a message waiting for a number with no end to its pause looks again. */
export const STOPPED_RECHECK_MS = 15 * 60_000;

/**
 * Of the claimed messages that already hold a sender, gives back the senders that can no longer
 * send (the counts too) for those that did not name it, and returns the batch with those messages
 * updated (no sender: they are placed anew). Messages that named a paused or restricted number are
 * handed back to the queue until it sends again, and left out.
 */
export async function releaseStoppedSenders(deps: ServiceDeps, claimed: Message[], owner: string): Promise<Message[]> {
  const holding = claimed.filter((m) => m.accountCountedOn !== null && m.accountId !== null);
  if (holding.length === 0) return claimed;
  const rows = await releaseStoppedSendersOf(
    deps.db,
    holding.map((m) => m.id),
    owner,
  );
  if (rows.length === 0) return claimed;
  const released = new Map(rows.map(({ pinnedStopped: _p, stoppedUntil: _u, ...m }) => [m.id, m]));
  const now = deps.clock.now();
  const holds = rows.filter((r) => r.pinnedStopped).map((r) => ({ id: r.id, until: waitUntil(r, r.stoppedUntil, now) }));
  const held = await holdUntil(deps.db, owner, holds);
  deps.events.publish(held.map((m) => statusEvent(m)));
  const heldIds = new Set(held.map((m) => m.id));
  return claimed.filter((m) => !heldIds.has(m.id)).map((m) => released.get(m.id) ?? m);
}

/** When a message waiting for a stopped number looks again: the pause's end, else a recheck; never after it expires. */
function waitUntil(message: Message, stoppedUntil: Date | null, now: Date): Date {
  const until = stoppedUntil ?? new Date(now.getTime() + STOPPED_RECHECK_MS);
  const at = message.expiresAt && message.expiresAt < until ? message.expiresAt : until;
  return at > now ? at : new Date(now.getTime() + 1000);
}

/**
 * Hands a held message back to the queue until its paused or restricted number sends again (or
 * until it expires, if that comes first), as if never claimed.
 */
export async function holdForStoppedSender(deps: ServiceDeps, message: Message, owner: string): Promise<Message[]> {
  const now = deps.clock.now();
  const until = await stoppedUntil(deps.db, message.tenantId, message.accountPinned ? message.accountId : null);
  const rows = await holdUntil(deps.db, owner, [{ id: message.id, until: waitUntil(message, until, now) }]);
  deps.events.publish(rows.map((m) => statusEvent(m)));
  return rows;
}

/**
 * A provider's answer that says something about the number's health goes through the rule table
 * (accounts/signal-rules.ts). True when the number is stopped by it, so the message gives the
 * number back and goes from another (or waits, when it named this one).
 */
export async function recordSenderSignal(deps: ServiceDeps, sender: SenderInfo, result: DeliveryResult): Promise<boolean> {
  if (result.ok || !result.signal) return false;
  await applySignal(deps, [sender.id], result.signal, result.providerCode ? { code: result.providerCode } : {});
  return result.error === "sender_restricted" && !result.permanent;
}
