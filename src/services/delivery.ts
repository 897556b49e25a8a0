import { fromZonedTime } from "date-fns-tz";
import { addDays, format } from "date-fns";
import type { Message } from "../generated/prisma/client.js";
import type { ServiceDeps } from "./deps.js";
import { assignSender, deferMessage, markFailed, markSent } from "./queue.js";
import { diagnoseNoSender } from "./usage.js";

// Delivery of a message held (`sending`) by `owner`: the inline single-send path and the worker
// both end here, so a message goes out through one piece of code whichever path holds it.

/** Fresh tries at counting a sender before concluding that none has room. */
export const SENDER_ATTEMPTS = 5;

/** Sender numbers by account id, per database (a process may hold more than one, as tests do). */
const senderNumberCaches = new WeakMap<ServiceDeps["db"], Map<number, { phoneNumber: string; fetchedAt: number }>>();
const SENDER_CACHE_MS = 30_000;

async function senderNumber(deps: ServiceDeps, accountId: number): Promise<string> {
  let senderNumbers = senderNumberCaches.get(deps.db);
  if (!senderNumbers) senderNumberCaches.set(deps.db, (senderNumbers = new Map<number, { phoneNumber: string; fetchedAt: number }>()));
  const cached = senderNumbers.get(accountId);
  if (cached && Date.now() - cached.fetchedAt < SENDER_CACHE_MS) return cached.phoneNumber;
  const account = await deps.db.account.findUniqueOrThrow({ where: { id: accountId }, select: { phoneNumber: true } });
  senderNumbers.set(accountId, { phoneNumber: account.phoneNumber, fetchedAt: Date.now() });
  return account.phoneNumber;
}

/** Sends a held message that already has a counted sender; returns its final row. */
export async function deliverHeld(deps: ServiceDeps, message: Message, owner: string): Promise<Message | undefined> {
  if (message.accountId === null) throw new Error(`message ${message.id} has no sender`);
  const result = await deps.channel.send({
    id: message.id,
    to: message.to,
    text: message.body,
    imageUrl: message.imageUrl,
    from: { accountId: message.accountId, phoneNumber: await senderNumber(deps, message.accountId) },
  });
  if (result.ok) return markSent(deps.db, message.id, owner, result.providerMessageId);
  deps.log.info({ messageId: String(message.id), error: result.error, providerCode: result.providerCode }, "delivery failed");
  return markFailed(deps.db, message.id, owner, result.error);
}

/** Start of the next service-time-zone day: when per-number daily limits open again. */
function nextServiceDay(deps: ServiceDeps): Date {
  const tomorrow = format(addDays(new Date(`${deps.clock.day()}T12:00:00Z`), 1), "yyyy-MM-dd");
  return fromZonedTime(`${tomorrow}T00:00:00`, deps.config.timeZone);
}

/**
 * Delivers a message claimed from the queue. A queued message gets its sender now; when no
 * connected account has room today it waits for tomorrow instead of failing, and it fails only
 * when no account can ever send it.
 */
export async function deliverQueued(deps: ServiceDeps, claimed: Message, owner: string): Promise<Message | undefined> {
  let message: Message | undefined = claimed;
  if (claimed.accountCountedOn === null) {
    // A miss may only mean that a concurrent send took the last room of the candidate this
    // statement saw; each miss is someone else's success, so a few fresh tries settle it.
    for (let attempt = 0; attempt < SENDER_ATTEMPTS && !message?.accountCountedOn; attempt++) {
      message = await assignSender(deps.db, claimed, owner, deps.clock.day(), deps.clock.month());
    }
    if (!message) {
      const problem = await diagnoseNoSender(deps.db, claimed.tenantId, claimed.accountPinned ? claimed.accountId : null);
      if (problem === "ACCOUNT_LIMIT_REACHED") {
        await deferMessage(deps.db, claimed.id, owner, nextServiceDay(deps));
        return undefined;
      }
      const error = problem === "NO_CONNECTED_NUMBER" ? "no_connected_number" : "account_disconnected";
      return markFailed(deps.db, claimed.id, owner, error);
    }
  }
  return deliverHeld(deps, message, owner);
}
