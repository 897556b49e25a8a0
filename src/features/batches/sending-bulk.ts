import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { statusEvent } from "../../core/live/events.js";
import type { BulkSendInput } from "../../core/input/send-input.js";
import { currentBalance } from "../accounts/index.js";
import {
  idempotent,
  rowCodec,
  type Claim,
  type KeyedCall,
  renderForRecipients,
  resolveContent,
  scheduleOf,
  acceptForLater,
  checkSenders,
  monthlyLimitReached,
  placeRecipients,
  requiredSender,
  refuseUnverified,
} from "../messages/index.js";
import { optedOutAmong, type ConsentReason } from "../contacts/index.js";
import { ServiceError } from "../../core/errors.js";
import { senderOf } from "../../core/auth/number-scope.js";

/** Why a bulk send left a number out. */
export type SkipReason = ConsentReason | "outside_window";

export interface AcceptedBatch {
  batchId: bigint;
  queued: number;
  messages: Array<{ id: bigint; to: string }>;
  /** When the batch starts; null: now. */
  sendAt: Date | null;
  /** Numbers left out (they opted out or are suppressed, or their customer-service window is closed): not stored, not charged. */
  skipped: Array<{ to: string; reason: SkipReason }>;
}

/**
 * Bulk send: the whole request is accepted or refused (allowance for every distinct number, or
 * 429; a gap in any recipient's placeholders, 422); the messages are stored `pending` in one
 * statement and the worker sends them gradually, from `sendAt` on and within the send window.
 */
export async function sendBulkMessages(deps: ServiceDeps, principal: Principal, input: BulkSendInput, call: KeyedCall): Promise<AcceptedBatch> {
  refuseUnverified(principal);
  return idempotent(deps, principal, call.key, {
    operation: "send-bulk",
    input: call.asSent,
    codec: rowCodec<AcceptedBatch>(),
    run: (claim) => sendBulkOnce(deps, principal, input, claim),
    resume: ({ batchId }) => acceptedBatch(deps, principal, batchId!),
  });
}

/** The answer of an accepted batch, read back (for a retry whose first request died after accepting it). */
async function acceptedBatch(deps: ServiceDeps, principal: Principal, batchId: bigint): Promise<AcceptedBatch> {
  const batch = await deps.db.batch.findFirstOrThrow({ where: { id: batchId, tenantId: principal.tenantId }, select: { sendAt: true, skipped: true } });
  const messages = await deps.db.message.findMany({ where: { batchId, tenantId: principal.tenantId }, select: { id: true, to: true }, orderBy: { id: "asc" } });
  return { batchId, queued: messages.length, messages, sendAt: batch.sendAt, skipped: batch.skipped as AcceptedBatch["skipped"] };
}

/**
 * What a bulk request would send, read without storing anything: its input checked, each
 * recipient's text rendered, and who is skipped for consent. The send and its preview both start here.
 */
export async function prepareBulk(deps: ServiceDeps, principal: Principal, input: BulkSendInput) {
  const content = await resolveContent(deps, principal.tenantId, input, null);
  const rendered = renderForRecipients(content, input.recipients, input.personalised);
  const accountId = requiredSender(senderOf(principal, input.accountId), content);
  // Consent is read before the insert; a contact who opts out in between is stopped by the worker
  // (delivery's failUnsendableClaimed), with the allowance given back. So is a window that closes.
  // The sender check and the consent read do not depend on each other: one round trip for both.
  const [, refused] = await Promise.all([
    checkSenders(deps, principal.tenantId, accountId),
    optedOutAmong(
      deps,
      principal.tenantId,
      input.recipients.map((r) => r.to),
    ),
  ]);
  const skipped: AcceptedBatch["skipped"] = input.recipients.filter((r) => refused.has(r.to)).map((r) => ({ to: r.to, reason: refused.get(r.to)! }));
  return { input, content, rendered, accountId, refused, skipped };
}

async function sendBulkOnce(deps: ServiceDeps, principal: Principal, bulk: BulkSendInput, claim: Claim | undefined): Promise<AcceptedBatch> {
  const { input, content, rendered, accountId, refused, skipped } = await prepareBulk(deps, principal, bulk);
  const kept = input.recipients.map((r, i) => ({ ...r, ...rendered[i]! })).filter((r) => !refused.has(r.to));
  if (kept.length === 0) {
    throw new ServiceError("RECIPIENT_OPTED_OUT", "Every number in the request has opted out or is suppressed; nothing was stored or charged.", undefined, { skipped });
  }
  const now = deps.clock.now();
  const schedule = scheduleOf(deps, input, now);
  const { placed, outsideWindow } = await placeRecipients(deps, { tenantId: principal.tenantId, accountId, content, recipients: kept, at: schedule.dueAt ?? now });
  skipped.push(...outsideWindow.map((to) => ({ to, reason: "outside_window" as const })));
  if (placed.length === 0) {
    throw new ServiceError(
      "OUTSIDE_CUSTOMER_WINDOW",
      "The customer-service window is closed for every number in the request that has not opted out: outside it only a WhatsApp template message can be sent (whatsapp_template, or fallback_template). Nothing was stored or charged.",
      undefined,
      { skipped },
    );
  }
  const accepted = await acceptForLater(deps, principal, { content, accountId, placed, skipped, priority: input.priority ?? "normal", batch: true, schedule, now, claim });
  if (!accepted) {
    const { messages } = await currentBalance(deps, principal);
    throw monthlyLimitReached(`: this request needs ${placed.length} messages and ${messages.remaining} remain this month`);
  }
  const { batchId, messages } = accepted;
  deps.events.publish(messages.map((m) => statusEvent(m)));
  if (schedule.dueAt === null) deps.wakeWorker();
  return { batchId: batchId!, queued: messages.length, messages: messages.map((m) => ({ id: m.id, to: m.to })), sendAt: schedule.dueAt, skipped };
}
