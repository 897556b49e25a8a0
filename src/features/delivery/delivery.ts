import type { Message } from "../../generated/prisma/client.js";
import { sendParts, type DeliveryResult } from "../../core/channels/channel.js";
import type { ServiceDeps } from "../../core/deps.js";
import { assignSender, deferMessage, assignSenders, markFailed, markSent, scheduleRetry, holdUntil } from "../queue/index.js";
import { markNumberSent, diagnoseNoSender, isSlowed, markSenderUnusable } from "../accounts/index.js";
import { nextOpening, readSendWindows } from "../campaigns/index.js";
import { statusEvent } from "../../core/live/events.js";
import { persistThroughOutage } from "../../core/unavailable.js";
import { senderInfo, type SenderInfo } from "./senders.js";
import { sentParts } from "./message-parts.js";
import { pace } from "./pacing.js";
import { recordPartSent, failUnsendableClaimed } from "../queue/index.js";
import { afterFailedAttempt } from "./retry-policy.js";
import { inlineSentRecorder, type SentRecorder } from "./sent-batcher.js";
import { storedContent } from "../../core/content/message-content.js";
import { holdForStoppedSender, recordSenderSignal, releaseStoppedSenders } from "./stopped-senders.js";
import { providerCall } from "./delivery-spans.js";
import { spanFailed, traced } from "../../core/runtime/tracing.js";

// Delivery of a message held (`sending`) by `owner`: the inline single-send path and the worker
// both end here, so a message goes out through one piece of code whichever path holds it.

/**
 * Writes what a send's answer decided (a part sent, sent, failed, retry) through a database outage,
 * while the message's lease lasts: the provider has had its say, and an outcome lost to a restart
 * would leave the message `sending` until another worker claims it and sends it again.
 */
const outcome = <T>(deps: ServiceDeps, message: Message, write: () => Promise<T>) => persistThroughOutage(write, message.lockedUntil, () => deps.clock.now());

/** Fresh tries at counting a sender before concluding that none has room. */
export const SENDER_ATTEMPTS = 5;

/**
 * Sends the parts of a held message that earlier attempts have not sent, storing each part that
 * goes out before the next (see message-parts.ts). Undefined: the lease was lost between parts.
 */
async function send(deps: ServiceDeps, message: Message & { accountId: number }, sender: SenderInfo, owner: string): Promise<DeliveryResult | undefined> {
  const channel = deps.channels.forAccount(sender.channel);
  const outgoing = {
    id: message.id,
    to: message.to,
    text: message.body,
    imageUrl: message.imageUrl,
    content: storedContent(message.content),
    from: { accountId: message.accountId, phoneNumber: sender.phoneNumber, settings: sender.settings },
  };
  const result = await traced(
    deps.tracing,
    () => providerCall(channel.name, message),
    async (span) => {
      const answer = await sendParts(channel, outgoing, {
        sent: sentParts(message),
        record: (part) => outcome(deps, message, () => recordPartSent(deps.db, message.id, owner, part)),
      });
      if (answer && !answer.ok) spanFailed(span, answer.error, { "gateway.provider_code": answer.providerCode ?? "" });
      return answer;
    },
  );
  if (sender.minIntervalMs > 0 || isSlowed(sender, deps.clock.now())) await outcome(deps, message, () => markNumberSent(deps.db, message.accountId, deps.clock.now()));
  if (!result) return undefined;
  if (result.ok) deps.metrics.deliveryLatency.observe({ driver: channel.name }, (Date.now() - message.createdAt.getTime()) / 1000);
  else deps.metrics.channelErrors.inc({ driver: channel.name, error: result.error, code: result.providerCode ?? "" });
  return result;
}

/**
 * A provider that says the sender is disconnected or its token is refused is believed, about the
 * account as the send saw it. Returns true when the account has changed since (an operator
 * replaced the token, say): the answer was about settings it no longer has, so it is not marked.
 */
async function recordSenderState(deps: ServiceDeps, sender: SenderInfo, result: DeliveryResult): Promise<boolean> {
  if (result.ok || !result.accountStatus) return false;
  if (!(await markSenderUnusable(deps.db, sender, result.accountStatus))) {
    deps.log.info({ accountId: sender.id, status: result.accountStatus }, "provider refused settings the sender has changed since; not marked");
    return true;
  }
  deps.log.warn({ accountId: sender.id, status: result.accountStatus, providerCode: result.providerCode }, "provider reported the sender unusable");
  return false;
}

/**
 * Publishes the event of a change a statement made and returns its row (undefined: none made). A
 * message marked sent may be delivered or read already, by receipts that came before its send's
 * answer (recordReceipt keeps them, markSent applies them): their events follow its status's.
 */
export function announce(deps: ServiceDeps, row: Message | undefined): Message | undefined {
  if (!row) return row;
  const sent = row.status === "sent";
  const early = [...(sent && row.deliveredAt ? [statusEvent(row, "message.delivered")] : []), ...(sent && row.readAt ? [statusEvent(row, "message.read")] : [])];
  deps.events.publish([statusEvent(row), ...early]);
  return row;
}

/**
 * Sends an inline single send, which already has a counted sender; any failure is final (502).
 * `senderVersion` is the sender's version as the statement that accepted the send read it, if it did.
 */
export async function deliverInline(deps: ServiceDeps, message: Message, owner: string, senderVersion?: number): Promise<Message | undefined> {
  return announce(deps, await deliverInlineStep(deps, message, owner, senderVersion));
}

async function deliverInlineStep(deps: ServiceDeps, message: Message, owner: string, senderVersion: number | undefined): Promise<Message | undefined> {
  if (message.accountId === null) throw new Error(`message ${message.id} has no sender`);
  const paced = await pace(deps, message, owner, message.accountId, await senderInfo(deps.db, message.accountId, senderVersion), true);
  if ("queued" in paced) return paced.queued;
  const { sender } = paced;
  const result = await send(deps, { ...message, accountId: message.accountId }, sender, owner);
  if (!result) return undefined;
  // Inline sends that finish together are marked sent in one statement (sent-batcher.ts), under
  // the inline owner (inlineOwner), which is the `owner` every inline send is held by.
  if (result.ok) return outcome(deps, message, () => inlineSentRecorder(deps)(message.id, result.providerMessageId));
  await recordSenderState(deps, sender, result);
  await recordSenderSignal(deps, sender, result);
  deps.log.info({ messageId: String(message.id), error: result.error, providerCode: result.providerCode }, "delivery failed");
  return outcome(deps, message, () => markFailed(deps.db, message.id, owner, result.error, result.providerCode ?? null, deps.clock.now(), result.answerLost));
}

/**
 * Counts senders for a claimed batch in one statement (see assignSenders) and returns the batch
 * with those messages updated; expired ones are left alone, and the rest take the per-message path.
 * Messages holding a number that stopped since give it back first (stopped-senders.ts).
 */
export async function assignSendersToClaimed(deps: ServiceDeps, claimed: Message[], owner: string): Promise<Message[]> {
  const now = deps.clock.now();
  claimed = await releaseStoppedSenders(deps, claimed, owner);
  const need = claimed.filter((m) => m.accountCountedOn === null && !expired(m, now));
  if (need.length === 0) return claimed;
  const { day, month } = deps.clock.period(now);
  const assigned = new Map(
    (
      await assignSenders(
        deps.db,
        need.map((m) => m.id),
        owner,
        day,
        month,
        now,
      )
    ).map((m) => [m.id, m]),
  );
  return claimed.map((m) => assigned.get(m.id) ?? m);
}

/**
 * Delivers a message claimed from the queue: fails it once expired; gives it a sender (waiting for
 * tomorrow when every number is full, never swapping a sender the caller named); waits for the
 * sender's pacing slot; sends; retries transient failures with backoff up to the attempt limit.
 */
export async function deliverQueued(
  deps: ServiceDeps,
  claimed: Message,
  owner: string,
  opts: {
    recordSent?: SentRecorder;
    /** The senders of the batch, read together just before it (readSenders); others are read here. */
    senders?: ReadonlyMap<number, SenderInfo>;
  } = {},
): Promise<Message | undefined> {
  const recordSent = opts.recordSent ?? ((id, providerMessageId) => markSent(deps.db, id, owner, providerMessageId, deps.clock.now()));
  return announce(deps, await deliverQueuedStep(deps, claimed, owner, recordSent, opts.senders));
}

/**
 * Counts a sender for a claimed message that has none yet, or, when no number has room, ends its
 * turn as the rules say: deferred to tomorrow, held for a paused number, or failed. Returns the
 * message with its sender, or `ended`: its row after the change (undefined: the lease was lost).
 */
async function countSenderFor(deps: ServiceDeps, claimed: Message, owner: string): Promise<{ message: Message } | { ended: Message | undefined }> {
  const { db } = deps;
  let message: Message | undefined = claimed;
  // A miss may only mean that a concurrent send took the last room of the candidate this
  // statement saw; each miss is someone else's success, so a few fresh tries settle it.
  for (let attempt = 0; attempt < SENDER_ATTEMPTS && !message?.accountCountedOn; attempt++) {
    const { day, month } = deps.clock.period();
    message = await assignSender(db, claimed, owner, day, month, deps.clock.now());
  }
  if (!message) {
    const problem = await diagnoseNoSender(db, claimed.tenantId, claimed.accountPinned ? claimed.accountId : null);
    if (problem === "ACCOUNT_LIMIT_REACHED") return { ended: await deferMessage(db, claimed.id, owner, deps.clock.startOfNextDay()) };
    if (problem === "ACCOUNT_PAUSED") return { ended: (await holdForStoppedSender(deps, claimed, owner))[0] };
    const error = problem === "NO_CONNECTED_NUMBER" ? "no_connected_number" : "account_disconnected";
    return { ended: await markFailed(db, claimed.id, owner, error, null, deps.clock.now()) };
  }
  // Chosen only now, so the claim's check could not judge this sender's window yet.
  const [ended] = message.consentNotice ? [] : await failUnsendableClaimed(db, deps.channels, owner, [message.id], deps.clock.now());
  return ended ? { ended } : { message };
}

/** One step of a claimed message: returns its row after the step's change (undefined: lease lost). */
async function deliverQueuedStep(
  deps: ServiceDeps,
  claimed: Message,
  owner: string,
  recordSent: SentRecorder,
  senders?: ReadonlyMap<number, SenderInfo>,
): Promise<Message | undefined> {
  const { db, config } = deps;
  if (expired(claimed, deps.clock.now())) return markFailed(db, claimed.id, owner, "expired", null, deps.clock.now());

  let message = claimed;
  if (claimed.accountCountedOn === null) {
    const counted = await countSenderFor(deps, claimed, owner);
    if ("ended" in counted) return counted.ended;
    message = counted.message;
  }
  const accountId = message.accountId;
  if (accountId === null) throw new Error(`message ${message.id} has no sender`);

  const paced = await pace(deps, message, owner, accountId, senders?.get(accountId) ?? (await senderInfo(db, accountId)), false);
  if ("queued" in paced) return paced.queued;
  const { sender } = paced;

  const result = await send(deps, { ...message, accountId }, sender, owner);
  if (!result) return undefined;
  if (result.ok) return outcome(deps, message, () => recordSent(message.id, result.providerMessageId));
  // Refused settings the account no longer has: worth another try with the ones it has now.
  const stale = await recordSenderState(deps, sender, result);
  // The number is stopped by what the provider said: the message goes from another one.
  const moves = await recordSenderSignal(deps, sender, result);
  const decision = afterFailedAttempt(
    message.attempts,
    { maxAttempts: config.worker.maxAttempts, baseMs: config.worker.retryBaseMs, maxMs: config.worker.retryMaxMs },
    { permanent: result.permanent && !stale, retryAfterMs: result.retryAfterMs },
  );
  if (decision.giveUp) {
    deps.log.info({ messageId: String(message.id), error: result.error, providerCode: result.providerCode }, "delivery failed");
    return outcome(deps, message, () => markFailed(db, message.id, owner, result.error, result.providerCode ?? null, deps.clock.now(), result.answerLost));
  }
  const runAt = new Date(deps.clock.now().getTime() + (moves ? 0 : decision.delayMs));
  return outcome(deps, message, () =>
    scheduleRetry(db, message.id, owner, {
      error: result.error,
      providerCode: result.providerCode ?? null,
      runAt,
      releaseSender: (result.accountStatus !== undefined && !stale) || moves,
      answerLost: result.answerLost,
    }),
  );
}

/**
 * Hands claimed messages whose tenant's send window is closed back to the queue until it opens
 * (or until they expire, if that comes first, so the expiry is reported on time), and returns the
 * rest. Expired ones stay, to be failed by the delivery path.
 */
export async function holdOutsideWindows(deps: ServiceDeps, claimed: Message[], owner: string): Promise<Message[]> {
  if (claimed.length === 0) return claimed;
  const windows = await readSendWindows(
    deps.db,
    claimed.map((m) => m.tenantId),
  );
  if (windows.size === 0) return claimed;
  const now = deps.clock.now();
  const holds: Array<{ id: bigint; until: Date }> = [];
  for (const m of claimed) {
    const rule = windows.get(m.tenantId);
    // An automation rule's answer replies to a contact who just wrote (an away message is sent
    // because the window is closed): the window bounds what the business starts, not its replies.
    if (!rule || expired(m, now) || m.automationRuleId !== null) continue;
    const opens = nextOpening(rule, now);
    if (opens.getTime() === now.getTime()) continue;
    holds.push({ id: m.id, until: m.expiresAt && m.expiresAt < opens ? m.expiresAt : opens });
  }
  const held = await holdUntil(deps.db, owner, holds);
  deps.events.publish(held.map((m) => statusEvent(m)));
  const heldIds = new Set(holds.map((h) => h.id));
  return claimed.filter((m) => !heldIds.has(m.id));
}

/**
 * Fails the claimed messages cancelled while held, whose recipient has opted out, or whose
 * customer-service window has closed on their sender's channel (failUnsendableClaimed), and
 * returns the rest. The last statement before the sends, so any of those by then stops them.
 */
export async function dropUnsendable(deps: ServiceDeps, claimed: Message[], owner: string): Promise<Message[]> {
  const checked = claimed.filter((m) => !m.consentNotice);
  if (checked.length === 0) return claimed;
  const failed = await failUnsendableClaimed(
    deps.db,
    deps.channels,
    owner,
    checked.map((m) => m.id),
    deps.clock.now(),
  );
  if (failed.length === 0) return claimed;
  deps.events.publish(failed.map((m) => statusEvent(m)));
  const ended = new Set(failed.map((m) => m.id));
  return claimed.filter((m) => !ended.has(m.id));
}

/** A queued message past its validity fails instead of being sent (see expiryOf). */
const expired = (m: Message, now: Date) => m.expiresAt !== null && m.expiresAt.getTime() <= now.getTime();
