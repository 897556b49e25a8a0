import { ServiceError, notFound, validationError } from "./errors.js";
import { announce, deliverInline, SENDER_ATTEMPTS } from "./delivery.js";
import { statusEvent } from "./events.js";
import { acceptBulkMessages, acceptSingleMessage, requeueFailedMessage } from "./accept-sql.js";
import { parseBulkSend, parseSingleSend } from "./send-input.js";
import { diagnoseNoSender, releaseQuota } from "./usage.js";
import { currentBalance, getMessage, parseId } from "./reads.js";
import { idempotent, keyTakenOver, rowCodec } from "./idempotency.js";
const notUsableAccount = () => validationError({ accountId: "must name one of your connected accounts" });
const monthlyLimitReached = (detail) => new ServiceError("MONTHLY_LIMIT_REACHED", `The monthly message allowance is used up${detail}. Upgrade to the next plan.`);
/**
 * Single send: validated, counted against the allowance and a sender in one statement, delivered
 * inline, answered with its final state. A channel failure is a 502 carrying the message id; the
 * message is then `failed` and its allowance given back.
 */
export async function sendSingleMessage(deps, principal, raw, idempotencyKey) {
    return idempotent(deps, principal, idempotencyKey, {
        operation: "send",
        input: raw,
        codec: rowCodec(),
        run: (claim) => sendSingleOnce(deps, principal, raw, claim),
        // The message as it is now: the worker delivers what a dead request left `sending`.
        resume: async ({ messageId }) => answerSingle(await getMessage(deps, principal, messageId)),
    });
}
/** A single send answers with its message, or a 502 carrying it when the channel failed it. */
function answerSingle(message) {
    if (message.status !== "failed")
        return message;
    throw new ServiceError("CHANNEL_ERROR", `The channel could not deliver the message: ${message.error ?? "unknown"}.`, undefined, {
        messageId: String(message.id),
        to: message.to,
        status: message.status,
        reason: message.error,
    });
}
async function sendSingleOnce(deps, principal, raw, claim) {
    const input = parseSingleSend(raw);
    const now = deps.clock.now();
    const { day, month } = deps.clock.period(now);
    const owner = `${deps.instanceId}:inline`;
    for (let attempt = 1;; attempt++) {
        const accepted = await acceptSingleMessage(deps.db, {
            tenantId: principal.tenantId,
            monthlyLimit: principal.plan.monthlyMessageLimit,
            ...input,
            day,
            month,
            now,
            lockOwner: owner,
            leaseSeconds: deps.config.worker.leaseSeconds,
            claim,
        });
        if (!accepted.claimHeld)
            throw keyTakenOver();
        if (!accepted.quotaTaken)
            throw monthlyLimitReached("");
        if (accepted.message) {
            announce(deps, accepted.message);
            return answerSingle((await deliverInline(deps, accepted.message, owner)) ?? accepted.message);
        }
        await releaseQuota(deps.db, principal.tenantId, month);
        const problem = await diagnoseNoSender(deps.db, principal.tenantId, input.accountId);
        if (problem === "NO_CONNECTED_NUMBER")
            throw noConnectedNumber();
        if (problem === "ACCOUNT_NOT_USABLE")
            throw notUsableAccount();
        if (input.accountId !== null || attempt >= SENDER_ATTEMPTS) {
            throw new ServiceError("ACCOUNT_LIMIT_REACHED", input.accountId !== null
                ? "The chosen number has reached its daily or monthly limit."
                : "Every connected number has reached its daily or monthly limit.");
        }
    }
}
const noConnectedNumber = () => new ServiceError("NO_CONNECTED_NUMBER", "No sender number is connected. Connect a number, then send again.");
/**
 * Bulk send: the whole request is accepted or refused (allowance for every distinct number, or
 * 429); the messages are stored `pending` in one statement and the worker sends them gradually.
 */
export async function sendBulkMessages(deps, principal, raw, idempotencyKey) {
    return idempotent(deps, principal, idempotencyKey, {
        operation: "send-bulk",
        input: raw,
        codec: rowCodec(),
        run: (claim) => sendBulkOnce(deps, principal, raw, claim),
        resume: ({ batchId }) => acceptedBatch(deps, principal, batchId),
    });
}
/** The answer of an accepted batch, read back (for a retry whose first request died after accepting it). */
async function acceptedBatch(deps, principal, batchId) {
    const messages = await deps.db.message.findMany({ where: { batchId, tenantId: principal.tenantId }, select: { id: true, to: true }, orderBy: { id: "asc" } });
    return { batchId, queued: messages.length, messages };
}
async function sendBulkOnce(deps, principal, raw, claim) {
    const input = parseBulkSend(raw);
    const connected = await deps.db.account.findMany({ where: { tenantId: principal.tenantId, status: "connected" }, select: { id: true } });
    if (connected.length === 0)
        throw noConnectedNumber();
    if (input.accountId !== null && !connected.some((a) => a.id === input.accountId))
        throw notUsableAccount();
    const now = deps.clock.now();
    const accepted = await acceptBulkMessages(deps.db, {
        ttlMs: deps.config.messageTtlMs,
        tenantId: principal.tenantId,
        monthlyLimit: principal.plan.monthlyMessageLimit,
        ...input,
        ...deps.clock.period(now),
        now,
        claim,
    });
    if (!accepted.claimHeld)
        throw keyTakenOver();
    if (!accepted.batch) {
        const { messages } = await currentBalance(deps, principal);
        throw monthlyLimitReached(`: this request needs ${input.numbers.length} messages and ${messages.remaining} remain this month`);
    }
    const { batchId, messages } = accepted.batch;
    deps.events.publish(messages.map((m) => statusEvent({ id: m.id, tenantId: principal.tenantId, batchId, accountId: input.accountId, status: "pending", statusVersion: 1 })));
    deps.wakeWorker();
    return { batchId, queued: messages.length, messages };
}
/**
 * Sends a failed message again: same id, a new attempt, the allowance taken again. Only a failed
 * message can be retried; the worker delivers it like any queued message.
 */
export async function retryMessage(deps, principal, rawId, idempotencyKey) {
    return idempotent(deps, principal, idempotencyKey, {
        operation: "retry",
        input: rawId,
        codec: rowCodec(),
        run: (claim) => retryOnce(deps, principal, rawId, claim),
        resume: ({ messageId }) => getMessage(deps, principal, messageId),
    });
}
async function retryOnce(deps, principal, rawId, claim) {
    const id = parseId(rawId);
    if (id === undefined)
        throw notFound("Message");
    const now = deps.clock.now();
    const result = await requeueFailedMessage(deps.db, {
        ttlMs: deps.config.messageTtlMs,
        tenantId: principal.tenantId,
        id,
        monthlyLimit: principal.plan.monthlyMessageLimit,
        ...deps.clock.period(now),
        now,
        claim,
    });
    if (!result.claimHeld)
        throw keyTakenOver();
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
//# sourceMappingURL=sending.js.map