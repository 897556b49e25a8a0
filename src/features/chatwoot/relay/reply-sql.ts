import type { Db } from "../../../core/db/database.js";

// The statements of agents' replies (`chatwoot_reply`): recorded once per Chatwoot message id (the
// unique key makes 50 concurrent redeliveries one row), claimed in order per contact under a lease,
// linked to the gateway's messages they became, and their ticks: the status last told to Chatwoot
// beside the one its messages now have.

export interface ReplyContent {
  text: string;
  attachments: Array<{
    url: string;
    contentType: string | null;
    fileType: string;
    fileSize: number | null;
    name: string | null;
  }>;
}

export interface NewReply {
  bridgeId: number;
  chatwootMessageId: number;
  conversationId: number;
  phone: string;
  content: ReplyContent;
}

/** Records a reply unless its Chatwoot id is known already; true when this call recorded it. */
export async function insertReply(db: Db, r: NewReply, now: Date): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`-- insert_chatwoot_reply
    INSERT INTO chatwoot_reply (bridge_id, chatwoot_message_id, conversation_id, phone, account_id, content, run_at, created_at)
    VALUES (${r.bridgeId}, ${r.chatwootMessageId}, ${r.conversationId}, ${r.phone},
      (SELECT account_id FROM chatwoot_contact WHERE bridge_id = ${r.bridgeId} AND phone = ${r.phone}),
      ${JSON.stringify(r.content)}::jsonb, ${now}::timestamptz, ${now}::timestamptz)
    ON CONFLICT (bridge_id, chatwoot_message_id) DO NOTHING
    RETURNING id`;
  return rows.length > 0;
}

export interface ClaimedReply {
  id: bigint;
  bridgeId: number;
  chatwootMessageId: number;
  conversationId: number;
  phone: string;
  accountId: number | null;
  content: ReplyContent;
  attempts: number;
}

/** Claims due replies, each the earliest unsent one of its contact, so an agent's messages go out in order. */
export async function claimReplies(db: Db, owner: string, limit: number, leaseMs: number, now: Date): Promise<ClaimedReply[]> {
  return db.$queryRaw<ClaimedReply[]>`-- claim_chatwoot_replies
    WITH heads AS (
      SELECT DISTINCT ON (bridge_id, phone) id FROM chatwoot_reply
      WHERE status IN ('pending', 'sending') ORDER BY bridge_id, phone, id
    ), due AS (
      SELECT r.id FROM chatwoot_reply r JOIN heads h ON h.id = r.id
      WHERE (r.status = 'pending' AND r.run_at <= ${now}::timestamptz) OR (r.status = 'sending' AND r.locked_until < ${now}::timestamptz)
      ORDER BY r.run_at, r.id LIMIT ${limit}
      FOR UPDATE OF r SKIP LOCKED
    )
    UPDATE chatwoot_reply r SET status = 'sending', attempts = r.attempts + 1, locked_by = ${owner},
      locked_until = ${new Date(now.getTime() + leaseMs)}::timestamptz
    FROM due WHERE r.id = due.id
    RETURNING r.id, r.bridge_id AS "bridgeId", r.chatwoot_message_id AS "chatwootMessageId", r.conversation_id AS "conversationId",
      r.phone, r.account_id AS "accountId", r.content, r.attempts`;
}

/**
 * The reply is sent (as `messageIds`), or refused when `refusal` says why; either way its ticks
 * open, and a refusal's failed status (with the reason) is told to Chatwoot by the tick pass.
 */
export async function finishReply(db: Pick<Db, "$executeRaw">, id: bigint, owner: string, messageIds: bigint[], refusal: string | null): Promise<boolean> {
  const changed = await db.$executeRaw`-- finish_chatwoot_reply
    UPDATE chatwoot_reply SET status = ${refusal === null ? "done" : "failed"}::"ChatwootWorkStatus", message_ids = ${messageIds}::bigint[],
      last_error = ${refusal}, ticks_open = true, locked_by = NULL, locked_until = NULL
    WHERE id = ${id} AND locked_by = ${owner} AND status = 'sending'`;
  return changed > 0;
}

/** A reply to try again at `retryAt` (the database or a provider's lookup failed on the way). */
export async function retryReply(db: Db, id: bigint, owner: string, error: string, retryAt: Date): Promise<void> {
  await db.$executeRaw`-- retry_chatwoot_reply
    UPDATE chatwoot_reply SET status = 'pending', run_at = ${retryAt}::timestamptz, last_error = ${error}, locked_by = NULL, locked_until = NULL
    WHERE id = ${id} AND locked_by = ${owner} AND status = 'sending'`;
}

export async function releaseRepliesHeldBy(db: Db, owner: string, now: Date): Promise<number> {
  return db.$executeRaw`-- release_chatwoot_replies_held_by
    UPDATE chatwoot_reply SET status = CASE WHEN status = 'sending' THEN 'pending'::"ChatwootWorkStatus" ELSE status END,
      attempts = CASE WHEN status = 'sending' THEN GREATEST(attempts - 1, 0) ELSE attempts END,
      run_at = CASE WHEN status = 'sending' THEN ${now}::timestamptz ELSE run_at END, locked_by = NULL, locked_until = NULL
    WHERE locked_by = ${owner}`;
}

export interface DueTick {
  id: bigint;
  bridgeId: number;
  conversationId: number;
  chatwootMessageId: number;
  state: "sent" | "delivered" | "read" | "failed";
  error: string | null;
}

/**
 * Claims replies whose messages' state differs from what Chatwoot was last told, under a lease so
 * that two relays never tell one message's states out of order. The state follows the messages'
 * own statuses and receipts: failed if any part failed, read when any part is read, delivered
 * when every part is, sent when every part is. Ticks stay open a week at most.
 */
export async function claimTicks(db: Db, owner: string, limit: number, leaseMs: number, paused: number[], now: Date): Promise<DueTick[]> {
  return db.$queryRaw<DueTick[]>`-- claim_chatwoot_ticks
    WITH due AS (
      SELECT r.id, s.state, s.error FROM chatwoot_reply r
      CROSS JOIN LATERAL (
        SELECT CASE
            WHEN r.status = 'failed' OR bool_or(m.status = 'failed') THEN 'failed'
            WHEN bool_or(m.read_at IS NOT NULL) THEN 'read'
            WHEN bool_and(m.delivered_at IS NOT NULL) THEN 'delivered'
            WHEN bool_and(m.status = 'sent') THEN 'sent'
          END AS state,
          COALESCE(r.last_error, min(m.error) FILTER (WHERE m.status = 'failed')) AS error
        FROM message m WHERE m.id = ANY (r.message_ids)) s
      WHERE r.ticks_open AND r.created_at > ${now}::timestamptz - interval '7 days'
        AND (r.locked_until IS NULL OR r.locked_until < ${now}::timestamptz)
        AND NOT (r.bridge_id = ANY (${paused}::int[]))
        AND s.state IS NOT NULL AND s.state IS DISTINCT FROM r.tick
      ORDER BY r.id LIMIT ${limit}
      FOR UPDATE OF r SKIP LOCKED
    )
    UPDATE chatwoot_reply r SET locked_by = ${owner}, locked_until = ${new Date(now.getTime() + leaseMs)}::timestamptz
    FROM due WHERE r.id = due.id
    RETURNING r.id, r.bridge_id AS "bridgeId", r.conversation_id AS "conversationId", r.chatwoot_message_id AS "chatwootMessageId", due.state, due.error`;
}

/** Chatwoot was told `state` (or, `told` false, the message is gone there): final states close the ticks. */
export async function recordTick(db: Db, id: bigint, owner: string, state: string, told: boolean): Promise<void> {
  await db.$executeRaw`-- record_chatwoot_tick
    UPDATE chatwoot_reply SET tick = ${state}, ticks_open = ${told} AND ${state} NOT IN ('read', 'failed'), locked_by = NULL, locked_until = NULL
    WHERE id = ${id} AND locked_by = ${owner}`;
}

/** A tick that could not be told now: its lease ends at `retryAt`, when it is due again. */
export async function deferTick(db: Db, id: bigint, owner: string, retryAt: Date): Promise<void> {
  await db.$executeRaw`-- defer_chatwoot_tick
    UPDATE chatwoot_reply SET locked_until = ${retryAt}::timestamptz WHERE id = ${id} AND locked_by = ${owner}`;
}

/** Closes ticks of replies older than a week (receipts that never came), a bounded batch at a time. */
export async function closeStaleTicks(db: Db, now: Date, limit: number): Promise<number> {
  return db.$executeRaw`-- close_stale_chatwoot_ticks
    UPDATE chatwoot_reply SET ticks_open = false WHERE id IN (
      SELECT id FROM chatwoot_reply WHERE ticks_open AND created_at <= ${now}::timestamptz - interval '7 days' LIMIT ${limit}::int)`;
}

/** The Chatwoot message an agent wrote that became the gateway's message with this provider id, if any. */
export async function chatwootIdOfSent(db: Db, bridgeId: number, phone: string, tenantId: number, providerMessageId: string): Promise<number | undefined> {
  const [row] = await db.$queryRaw<Array<{ id: number }>>`-- chatwoot_id_of_sent
    SELECT r.chatwoot_message_id AS id FROM chatwoot_reply r
    WHERE r.bridge_id = ${bridgeId} AND r.phone = ${phone}
      AND r.message_ids && ARRAY(SELECT m.id FROM message m WHERE m.tenant_id = ${tenantId} AND m.provider_message_id = ${providerMessageId})
    ORDER BY r.id DESC LIMIT 1`;
  return row?.id;
}

/** Deletes at most `limit` replies older than `days` that ended (sent or refused, ticks closed); answers how many went. */
export async function pruneEndedReplies(db: Db, days: number, now: Date, limit: number): Promise<number> {
  return db.$executeRaw`-- prune_ended_chatwoot_replies
    DELETE FROM chatwoot_reply WHERE id IN (
      SELECT id FROM chatwoot_reply
      WHERE status IN ('done', 'failed') AND NOT ticks_open AND created_at < ${now}::timestamptz - make_interval(days => ${days}::int)
      LIMIT ${limit}::int)`;
}
