import type { Principal, ServiceDeps } from "./deps.js";
import { statusEvent } from "./events.js";
import { parseBulkSend } from "./send-input.js";
import { currentBalance } from "./reads.js";
import { idempotent, rowCodec, type Claim } from "./idempotency.js";
import { renderForRecipients, resolveContent } from "./content.js";
import { scheduleOf } from "./schedule.js";
import { acceptForLater, checkSenders, monthlyLimitReached } from "./sending.js";

export interface AcceptedBatch {
  batchId: bigint;
  queued: number;
  messages: Array<{ id: bigint; to: string }>;
  /** When the batch starts; null: now. */
  sendAt: Date | null;
}

/**
 * Bulk send: the whole request is accepted or refused (allowance for every distinct number, or
 * 429; a gap in any recipient's placeholders, 422); the messages are stored `pending` in one
 * statement and the worker sends them gradually, from `sendAt` on and within the send window.
 */
export async function sendBulkMessages(deps: ServiceDeps, principal: Principal, raw: unknown, idempotencyKey?: string): Promise<AcceptedBatch> {
  return idempotent(deps, principal, idempotencyKey, {
    operation: "send-bulk",
    input: raw,
    codec: rowCodec<AcceptedBatch>(),
    run: (claim) => sendBulkOnce(deps, principal, raw, claim),
    resume: ({ batchId }) => acceptedBatch(deps, principal, batchId!),
  });
}

/** The answer of an accepted batch, read back (for a retry whose first request died after accepting it). */
async function acceptedBatch(deps: ServiceDeps, principal: Principal, batchId: bigint): Promise<AcceptedBatch> {
  const batch = await deps.db.batch.findFirstOrThrow({ where: { id: batchId, tenantId: principal.tenantId }, select: { sendAt: true } });
  const messages = await deps.db.message.findMany({ where: { batchId, tenantId: principal.tenantId }, select: { id: true, to: true }, orderBy: { id: "asc" } });
  return { batchId, queued: messages.length, messages, sendAt: batch.sendAt };
}

async function sendBulkOnce(deps: ServiceDeps, principal: Principal, raw: unknown, claim: Claim | undefined): Promise<AcceptedBatch> {
  const input = parseBulkSend(raw);
  const content = await resolveContent(deps.db, principal.tenantId, input);
  const texts = renderForRecipients(content, input.recipients, input.personalised);
  await checkSenders(deps, principal.tenantId, input.accountId);
  const now = deps.clock.now();
  const schedule = scheduleOf(deps, input, now);
  const accepted = await acceptForLater(deps, principal, {
    content,
    accountId: input.accountId,
    numbers: input.recipients.map((r) => r.to),
    texts,
    priority: input.priority ?? "normal",
    batch: true,
    schedule,
    now,
    claim,
  });
  if (!accepted) {
    const { messages } = await currentBalance(deps, principal);
    throw monthlyLimitReached(`: this request needs ${input.recipients.length} messages and ${messages.remaining} remain this month`);
  }
  const { batchId, messages } = accepted;
  deps.events.publish(messages.map((m) => statusEvent(m)));
  if (schedule.dueAt === null) deps.wakeWorker();
  return { batchId: batchId!, queued: messages.length, messages: messages.map((m) => ({ id: m.id, to: m.to })), sendAt: schedule.dueAt };
}
