import type { Message } from "../generated/prisma/client.js";
import type { Principal, ServiceDeps } from "./deps.js";
import { ServiceError, notFound, validationError } from "./errors.js";
import { announce, deliverInline, SENDER_ATTEMPTS } from "./delivery.js";
import { statusEvent } from "./events.js";
import { acceptBulkMessages, acceptSingleMessage, requeueFailedMessage } from "./accept-sql.js";
import { parseBulkSend, parseSingleSend } from "./send-input.js";
import { diagnoseNoSender, releaseQuota } from "./usage.js";
import { currentBalance, getMessage, parseId } from "./reads.js";
import { idempotent, rowCodec } from "./idempotency.js";

const notUsableAccount = () => validationError({ accountId: "must name one of your connected accounts" });
const monthlyLimitReached = (detail: string) =>
  new ServiceError("MONTHLY_LIMIT_REACHED", `The monthly message allowance is used up${detail}. Upgrade to the next plan.`);

/**
 * Single send: validated, counted against the allowance and a sender in one statement, delivered
 * inline, answered with its final state. A channel failure is a 502 carrying the message id; the
 * message is then `failed` and its allowance given back.
 */
export async function sendSingleMessage(deps: ServiceDeps, principal: Principal, raw: unknown, idempotencyKey?: string): Promise<Message> {
  return idempotent(deps, principal, idempotencyKey, { operation: "send", input: raw }, rowCodec<Message>(), () => sendSingleOnce(deps, principal, raw));
}

async function sendSingleOnce(deps: ServiceDeps, principal: Principal, raw: unknown): Promise<Message> {
  const input = parseSingleSend(raw);
  const now = deps.clock.now();
  const day = deps.clock.day(now);
  const month = deps.clock.month(now);
  const owner = `${deps.instanceId}:inline`;
  for (let attempt = 1; ; attempt++) {
    const accepted = await acceptSingleMessage(deps.db, {
      tenantId: principal.tenantId,
      monthlyLimit: principal.plan.monthlyMessageLimit,
      ...input,
      day,
      month,
      lockOwner: owner,
      leaseSeconds: deps.config.worker.leaseSeconds,
    });
    if (!accepted.quotaTaken) throw monthlyLimitReached("");
    if (accepted.message) {
      announce(deps, accepted.message);
      const final = (await deliverInline(deps, accepted.message, owner)) ?? accepted.message;
      if (final.status === "failed") {
        throw new ServiceError("CHANNEL_ERROR", `The channel could not deliver the message: ${final.error ?? "unknown"}.`, undefined, {
          messageId: String(final.id),
          to: final.to,
          status: final.status,
          reason: final.error,
        });
      }
      return final;
    }
    await releaseQuota(deps.db, principal.tenantId, month);
    const problem = await diagnoseNoSender(deps.db, principal.tenantId, input.accountId);
    if (problem === "NO_CONNECTED_NUMBER") throw noConnectedNumber();
    if (problem === "ACCOUNT_NOT_USABLE") throw notUsableAccount();
    if (input.accountId !== null || attempt >= SENDER_ATTEMPTS) {
      throw new ServiceError("ACCOUNT_LIMIT_REACHED", input.accountId !== null
        ? "The chosen number has reached its daily or monthly limit."
        : "Every connected number has reached its daily or monthly limit.");
    }
  }
}

const noConnectedNumber = () =>
  new ServiceError("NO_CONNECTED_NUMBER", "No sender number is connected. Connect a number, then send again.");

export interface AcceptedBatch {
  batchId: bigint;
  queued: number;
  messages: Array<{ id: bigint; to: string }>;
}

/**
 * Bulk send: the whole request is accepted or refused (allowance for every distinct number, or
 * 429); the messages are stored `pending` in one statement and the worker sends them gradually.
 */
export async function sendBulkMessages(deps: ServiceDeps, principal: Principal, raw: unknown, idempotencyKey?: string): Promise<AcceptedBatch> {
  return idempotent(deps, principal, idempotencyKey, { operation: "send-bulk", input: raw }, rowCodec<AcceptedBatch>(), () => sendBulkOnce(deps, principal, raw));
}

async function sendBulkOnce(deps: ServiceDeps, principal: Principal, raw: unknown): Promise<AcceptedBatch> {
  const input = parseBulkSend(raw);
  const connected = await deps.db.account.findMany({ where: { tenantId: principal.tenantId, status: "connected" }, select: { id: true } });
  if (connected.length === 0) throw noConnectedNumber();
  if (input.accountId !== null && !connected.some((a) => a.id === input.accountId)) throw notUsableAccount();
  const now = deps.clock.now();
  const accepted = await acceptBulkMessages(deps.db, {
    ttlMs: deps.config.messageTtlMs,
    tenantId: principal.tenantId,
    monthlyLimit: principal.plan.monthlyMessageLimit,
    ...input,
    day: deps.clock.day(now),
    month: deps.clock.month(now),
  });
  if (!accepted) {
    const { messages } = await currentBalance(deps, principal);
    throw monthlyLimitReached(`: this request needs ${input.numbers.length} messages and ${messages.remaining} remain this month`);
  }
  const { batchId } = accepted;
  deps.events.publish(
    accepted.messages.map((m) =>
      statusEvent({ id: m.id, tenantId: principal.tenantId, batchId, accountId: input.accountId, status: "pending", statusVersion: 1 }),
    ),
  );
  deps.wakeWorker();
  return { batchId, queued: accepted.messages.length, messages: accepted.messages };
}

/**
 * Sends a failed message again: same id, a new attempt, the allowance taken again. Only a failed
 * message can be retried; the worker delivers it like any queued message.
 */
export async function retryMessage(deps: ServiceDeps, principal: Principal, rawId: string, idempotencyKey?: string): Promise<Message> {
  return idempotent(deps, principal, idempotencyKey, { operation: "retry", input: rawId }, rowCodec<Message>(), () => retryOnce(deps, principal, rawId));
}

async function retryOnce(deps: ServiceDeps, principal: Principal, rawId: string): Promise<Message> {
  const id = parseId(rawId);
  if (id === undefined) throw notFound("Message");
  const now = deps.clock.now();
  const result = await requeueFailedMessage(deps.db, {
    ttlMs: deps.config.messageTtlMs,
    tenantId: principal.tenantId,
    id,
    monthlyLimit: principal.plan.monthlyMessageLimit,
    day: deps.clock.day(now),
    month: deps.clock.month(now),
  });
  if (result.message) {
    announce(deps, result.message);
    deps.wakeWorker();
    return result.message;
  }
  const existing = await getMessage(deps, principal, id);
  if (existing.status !== "failed") {
    throw new ServiceError("MESSAGE_NOT_FAILED", `Only a failed message can be sent again; this one is ${existing.status}.`);
  }
  throw monthlyLimitReached("");
}
