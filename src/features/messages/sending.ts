import type { Message } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import { sendRefusal } from "../../core/auth/key-standing.js";
import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError, notFound, validationError } from "../../core/errors.js";
import { announce, deliverInline } from "../delivery/index.js";
import { acceptQueuedMessages, requeueFailedMessage } from "../queue/index.js";
import type { SingleSendInput } from "../../core/input/send-input.js";
import { getMessage } from "./reads.js";
import { parseId } from "../../core/input/ids.js";
import { idempotent, keyTakenOver, rowCodec, type Claim, type KeyedCall } from "./idempotency.js";
import { fillTemplate, renderForRecipients, resolveContent, type Content } from "./content/content.js";
import { acceptInline } from "./send-inline.js";
import { monthlyLimitReached, noConnectedNumber, notUsableAccountError } from "./send-errors.js";
import { diagnoseNoSender } from "../accounts/index.js";
import { placeRecipients, requiredSender, unfitError, type PlacedRecipient } from "./sender-rules.js";
import { scheduleSingle, validForMs, type Schedule } from "./schedule.js";
import { optedOutAmong, recipientOptedOut } from "../contacts/index.js";
import { inlineOwner } from "../../core/queue/owners.js";
import type { MessageSummary } from "../queue/index.js";
import { senderOf } from "../../core/auth/number-scope.js";
import { audited, authorIn } from "../../core/audit/audited.js";
import { auditEvent } from "../../core/audit/audit-record.js";
import { ERASED } from "../../core/db/erasure-sql.js";
import { currentTraceParent } from "../../core/runtime/trace-context.js";

/**
 * Single send: validated, counted against the allowance and a sender in one statement, delivered
 * inline, answered with its final state. A channel failure is a 502 carrying the message id; the
 * message is then `failed` and its allowance given back. A send for later (a future `sendAt`, or
 * queued until the send window opens) takes its allowance now and is answered `pending`.
 */
/** Refuses a caller whose tenant may not send yet (key-standing.ts), before anything is read or written. */
export function refuseUnverified(principal: Principal): void {
  const refusal = sendRefusal(principal);
  if (refusal) throw refusal;
}

export async function sendSingleMessage(deps: ServiceDeps, principal: Principal, input: SingleSendInput, call: KeyedCall): Promise<Message> {
  refuseUnverified(principal);
  return idempotent(deps, principal, call.key, {
    operation: "send",
    input: call.asSent,
    codec: rowCodec<Message>(),
    run: (claim) => sendSingleOnce(deps, principal, input, claim),
    // The message as it is now: the worker delivers what a dead request left `sending`.
    resume: async ({ messageId }) => answerSingle(await getMessage(deps, principal, messageId!)),
  });
}

/** A single send answers with its message, or a 502 carrying it when the channel failed it. */
function answerSingle(message: Message): Message {
  if (message.status !== "failed") return message;
  throw new ServiceError("CHANNEL_ERROR", `The channel could not deliver the message: ${message.error ?? "unknown"}.`, undefined, {
    messageId: String(message.id),
    to: message.to,
    status: message.status,
    reason: message.error,
  });
}

async function sendSingleOnce(deps: ServiceDeps, principal: Principal, input: SingleSendInput, claim: Claim | undefined): Promise<Message> {
  const content = await resolveContent(deps, principal.tenantId, input, input.to);
  const [rendered] = renderForRecipients(content, [{ variables: input.variables, field: "" }], true);
  checkFallbackFills(content, input.variables);
  const accountId = requiredSender(senderOf(principal, input.accountId), content);
  const now = deps.clock.now();
  const schedule = scheduleSingle(deps, principal, input, now);
  const recipient = { to: input.to, variables: input.variables, text: rendered!.text, rich: rendered!.rich };
  if (schedule.dueAt !== null) return queueSingle(deps, principal, { ...input, accountId }, content, recipient, schedule, now, claim);
  const outcome = await acceptInline(deps, principal, { accountId, to: input.to, text: recipient.text, rich: recipient.rich, variables: input.variables, content, now, claim });
  if ("optedOut" in outcome) return refuseOptedOut(deps, principal.tenantId, input.to, true);
  announce(deps, outcome.message);
  return answerSingle((await deliverInline(deps, outcome.message, inlineOwner(deps.instanceId), outcome.senderVersion)) ?? outcome.message);
}

/** A fallback template's placeholders must all be given, though it is only sent if the window is closed. */
function checkFallbackFills(content: Content, variables: Record<string, string>): void {
  if (!content.fallback) return;
  const missing = new Set<string>();
  fillTemplate(content.fallback.content, variables, missing);
  if (missing.size > 0) throw validationError({ fallbackTemplate: `uses ${[...missing].map((n) => `{{${n}}}`).join(", ")}, not given in variables` });
}

/** A send for later: its allowance is taken now, and the worker delivers it when due (from a number that fits it then). */
async function queueSingle(
  deps: ServiceDeps,
  principal: Principal,
  input: SingleSendInput,
  content: Content,
  recipient: PlaceArgs["recipients"][number],
  schedule: Schedule,
  now: Date,
  claim: Claim | undefined,
): Promise<Message> {
  await refuseOptedOut(deps, principal.tenantId, input.to);
  await checkSenders(deps, principal.tenantId, input.accountId);
  const { placed } = await placeRecipients(deps, { tenantId: principal.tenantId, accountId: input.accountId, content, recipients: [recipient], at: schedule.dueAt ?? now });
  const [one] = placed;
  if (!one) throw await unfitError(deps, principal.tenantId, input.accountId, content.kind, input.to);
  const accepted = await acceptForLater(deps, principal, { content, placed, accountId: input.accountId, priority: input.priority ?? "high", batch: false, schedule, now, claim });
  const message = accepted?.messages[0];
  if (!message) throw monthlyLimitReached("");
  announce(deps, message);
  return message;
}

type PlaceArgs = Parameters<typeof placeRecipients>[1];

type Accepted<M> = { batchId: bigint | null; messages: M[] } | undefined;

/** What a request queues for the worker: one message (a single send for later) or a batch. */
export interface QueuedRequest {
  content: Content;
  accountId: number | null;
  /** The recipients as placeRecipients sorted them, in order. */
  placed: PlacedRecipient[];
  priority: "high" | "normal";
  batch: boolean;
  schedule: Schedule;
  now: Date;
  claim: Claim | undefined;
  skipped?: Array<{ to: string; reason: string }>;
}

/**
 * Stores queued messages with their allowance (acceptQueuedMessages); undefined when the allowance
 * does not cover them. A batch's messages come back as summaries, a lone message whole.
 */
export async function acceptForLater(deps: ServiceDeps, principal: Principal, q: QueuedRequest & { batch: true }): Promise<Accepted<MessageSummary>>;
export async function acceptForLater(deps: ServiceDeps, principal: Principal, q: QueuedRequest & { batch: false }): Promise<Accepted<Message>>;
export async function acceptForLater(deps: ServiceDeps, principal: Principal, q: QueuedRequest): Promise<Accepted<Message | MessageSummary>> {
  const result = await acceptQueuedMessages(deps.db, {
    tenantId: principal.tenantId,
    monthlyLimit: principal.plan.monthlyMessageLimit,
    accountId: q.accountId,
    numbers: q.placed.map((p) => p.to),
    texts: q.placed.map((p) => p.text),
    contents: q.placed.map((p) => p.rich),
    choices: q.placed.map((p) => p.choices),
    batchText: q.content.body,
    batchContent: q.content.rich,
    imageUrl: q.content.rich === null ? q.content.imageUrl : null,
    templateId: q.content.templateId,
    priority: q.priority,
    batch: q.batch,
    sendAt: q.schedule.dueAt,
    expiresAt: q.schedule.expiresAt,
    ...deps.clock.period(q.now),
    now: q.now,
    claim: q.claim,
    skipped: q.skipped,
    traceParent: currentTraceParent(),
    // A bulk send is one event for its batch, written by the statement that stores it.
    audit: q.batch
      ? auditEvent(principal.tenantId, principal.actor, q.now, {
          action: "batch.created",
          after: { total: q.placed.length, skipped: q.skipped?.length ?? 0, account_id: q.accountId, send_at: q.schedule.dueAt, template_id: q.content.templateId },
        })
      : undefined,
  });
  if (!result.claimHeld) throw keyTakenOver();
  return result.accepted;
}

/** Throws RECIPIENT_OPTED_OUT when the tenant may not send to `to` (`known`: a statement just found so). */
async function refuseOptedOut(deps: ServiceDeps, tenantId: number, to: string, known: true): Promise<never>;
async function refuseOptedOut(deps: ServiceDeps, tenantId: number, to: string): Promise<void>;
async function refuseOptedOut(deps: ServiceDeps, tenantId: number, to: string, known = false): Promise<void> {
  const reason = (await optedOutAmong(deps, tenantId, [to])).get(to) ?? (known ? "suppressed" : undefined);
  if (reason) throw recipientOptedOut(to, reason);
}

/** Queued messages need a connected number to be sendable at all (the one named, if any). */
export async function checkSenders(deps: ServiceDeps, tenantId: number, accountId: number | null): Promise<void> {
  const problem = await diagnoseNoSender(deps.db, tenantId, accountId);
  // A paused number's queued messages wait for it (or, unnamed, for any of the tenant's numbers).
  if (problem === "ACCOUNT_LIMIT_REACHED" || problem === "ACCOUNT_PAUSED") return;
  if (problem === "NO_CONNECTED_NUMBER") throw noConnectedNumber();
  if (accountId !== null) throw await notUsableAccountError(deps, tenantId, accountId);
}

/**
 * Sends a failed message again: same id, a new attempt, the allowance taken again. Only a failed
 * message can be retried; the worker delivers it like any queued message.
 */
export async function retryMessage(deps: ServiceDeps, principal: Principal, rawId: string, idempotencyKey?: string): Promise<Message> {
  refuseUnverified(principal);
  return idempotent(deps, principal, idempotencyKey, {
    operation: "retry",
    input: rawId,
    codec: rowCodec<Message>(),
    run: (claim) => retryOnce(deps, principal, rawId, claim),
    resume: ({ messageId }) => getMessage(deps, principal, messageId!),
  });
}

async function retryOnce(deps: ServiceDeps, principal: Principal, rawId: string, claim: Claim | undefined): Promise<Message> {
  const id = parseId(rawId);
  if (id === undefined) throw notFound("Message");
  // A message on a number the caller may not see is unknown to it (reads.ts applies that rule).
  if (principal.accountIds) await getMessage(deps, principal, id);
  const now = deps.clock.now();
  const args = { validForMs: validForMs(deps, {}), tenantId: principal.tenantId, id, monthlyLimit: principal.plan.monthlyMessageLimit, ...deps.clock.period(now), now, claim };
  const result = await audited(
    deps.db,
    authorIn(deps, principal),
    (tx) => requeueFailedMessage(tx, args),
    (r) => (r.message ? { tenantId: principal.tenantId, action: "message.retried", target: `message:${id}` } : null),
  );
  if (!result.claimHeld) throw keyTakenOver();
  if (result.message) {
    announce(deps, result.message);
    deps.wakeWorker();
    return result.message;
  }
  const existing = await getMessage(deps, principal, id);
  if (existing.status !== "failed") {
    throw new ServiceError("MESSAGE_NOT_FAILED", `Only a failed message can be sent again; this one is ${existing.status}.`);
  }
  if (existing.to === ERASED) throw validationError({ id: "its contact was erased: it cannot be sent again" });
  await refuseOptedOut(deps, principal.tenantId, existing.to);
  throw monthlyLimitReached("");
}
