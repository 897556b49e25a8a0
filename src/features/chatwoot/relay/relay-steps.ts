import type { OutboundAgent } from "../../../core/http/outbound-agent.js";
import type { ServiceDeps } from "../../../core/deps.js";
import { afterFailedAttempt } from "../../delivery/index.js";
import { type CallContext, ChatwootCallError } from "./chatwoot-api.js";
import { setStatus } from "./chatwoot-calls.js";
import { type ClaimedPost, forgetConversations, insertNote, markPosted, noteCallFailed, noteCallWorked, recordPostFailure } from "./outbox-sql.js";
import { post } from "./post.js";
import { type ClaimedReply, deferTick, type DueTick, finishReply, recordTick, retryReply } from "./reply-sql.js";
import { sendReply } from "./send-reply.js";

// One step of the relay for one claimed row: a post, a reply or a tick, and what its outcome
// writes. Calls that fail for a reason that passes (Chatwoot away, slow, rate limiting, refusing
// the token) are retried with backoff and never given up, so nothing is lost while Chatwoot is
// away; what Chatwoot refuses for good ends the row as failed, with the reason kept.

export interface RelayWork {
  deps: ServiceDeps;
  agent: OutboundAgent;
  owner: string;
  signal: AbortSignal;
  /** Leaves a bridge alone for `ms` (Chatwoot rate-limits it). */
  pause(bridgeId: number, ms: number): void;
}

/** The bridge's Chatwoot with its token, or undefined when it was disconnected meanwhile. */
async function contextOf(w: RelayWork, bridgeId: number): Promise<(CallContext & { accountIds: number[] }) | undefined> {
  const bridge = await w.deps.db.chatwootBridge.findUnique({
    where: { id: bridgeId },
    select: {
      baseUrl: true,
      chatwootAccountId: true,
      inboxId: true,
      accessToken: true,
      accountIds: true,
    },
  });
  return bridge
    ? {
        agent: w.agent,
        config: w.deps.config,
        target: bridge,
        signal: w.signal,
        accountIds: bridge.accountIds,
      }
    : undefined;
}

/** When a failed call is due again (429: after the longest backoff, as Chatwoot says no Retry-After). */
function retryAt(w: RelayWork, attempts: number, err: unknown, bridgeId: number): Date | null {
  const { retryBaseMs, retryMaxMs } = w.deps.config.chatwoot;
  const call = err instanceof ChatwootCallError ? err : undefined;
  if (call && !call.retry) return null;
  if (call?.rateLimited) w.pause(bridgeId, retryMaxMs);
  const decision = afterFailedAttempt(
    attempts,
    {
      maxAttempts: Number.POSITIVE_INFINITY,
      baseMs: retryBaseMs,
      maxMs: retryMaxMs,
    },
    { retryAfterMs: call?.rateLimited ? retryMaxMs : null },
  );
  return new Date(w.deps.clock.now().getTime() + (decision.giveUp ? retryMaxMs : decision.delayMs));
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

export async function runPost(w: RelayWork, row: ClaimedPost): Promise<void> {
  const { deps } = w;
  const ctx = await contextOf(w, row.bridgeId);
  if (!ctx) return;
  try {
    const id = await post(deps, ctx, row);
    await markPosted(deps.db, row.id, w.owner, id, deps.clock.now());
    await noteCallWorked(deps.db, row.bridgeId, deps.clock.now());
    deps.metrics.chatwootCalls.inc({ step: "post", outcome: "done" });
  } catch (err) {
    // A contact or conversation deleted in Chatwoot is found or made again on the next attempt, which posts this same row.
    if (err instanceof ChatwootCallError && err.gone) await forgetConversations(deps.db, row.bridgeId, row.phone);
    const reason = reasonOf(err);
    const again = retryAt(w, row.attempts, err, row.bridgeId);
    // Unless Chatwoot surely did nothing with this attempt, it may hold the post: the next attempt waits, then looks.
    const unknown = !(err instanceof ChatwootCallError) || err.answerLost;
    await noteCallFailed(deps.db, row.bridgeId, reason, deps.clock.now());
    await recordPostFailure(deps.db, row.id, w.owner, { error: reason, retryAt: again, triedAt: unknown ? row.triedAt : row.triedBefore }, deps.clock.now());
    deps.metrics.chatwootCalls.inc({ step: "post", outcome: again ? "retry" : "failed" });
    deps.log.warn(
      {
        bridgeId: row.bridgeId,
        outboxId: String(row.id),
        attempts: row.attempts,
        err: reason,
      },
      "posting to Chatwoot failed",
    );
  }
}

export async function runReply(w: RelayWork, reply: ClaimedReply): Promise<void> {
  const { deps } = w;
  const ctx = await contextOf(w, reply.bridgeId);
  if (!ctx) return;
  const outcome = await sendReply(deps, reply, ctx.accountIds).catch((err: unknown) => ({ retry: reasonOf(err) }));
  if ("retry" in outcome) {
    await retryReply(deps.db, reply.id, w.owner, outcome.retry, retryAt(w, reply.attempts, undefined, reply.bridgeId)!);
    deps.metrics.chatwootCalls.inc({ step: "reply", outcome: "retry" });
    return;
  }
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    if (!(await finishReply(tx, reply.id, w.owner, outcome.sent, outcome.refusal))) return;
    if (outcome.refusal) await insertNote(tx, reply.bridgeId, reply.phone, `⚠️ Not sent on WhatsApp: ${outcome.refusal}`, now);
  });
  deps.metrics.chatwootCalls.inc({ step: "reply", outcome: outcome.refusal ? "failed" : "done" });
}

export async function runTick(w: RelayWork, tick: DueTick): Promise<void> {
  const { deps } = w;
  const ctx = await contextOf(w, tick.bridgeId);
  if (!ctx) return;
  try {
    await setStatus(ctx, tick.conversationId, tick.chatwootMessageId, tick.state, tick.error);
    await recordTick(deps.db, tick.id, w.owner, tick.state, true);
    await noteCallWorked(deps.db, tick.bridgeId, deps.clock.now());
    deps.metrics.chatwootCalls.inc({ step: "tick", outcome: "done" });
  } catch (err) {
    if (err instanceof ChatwootCallError && (err.gone || !err.retry)) {
      deps.metrics.chatwootCalls.inc({ step: "tick", outcome: "failed" });
      return recordTick(deps.db, tick.id, w.owner, tick.state, false);
    }
    await noteCallFailed(deps.db, tick.bridgeId, reasonOf(err), deps.clock.now());
    await deferTick(deps.db, tick.id, w.owner, retryAt(w, 1, err, tick.bridgeId)!);
    deps.metrics.chatwootCalls.inc({ step: "tick", outcome: "retry" });
  }
}
