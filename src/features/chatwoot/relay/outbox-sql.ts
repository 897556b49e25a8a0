import type { Db } from "../../../core/db/database.js";

// The statements that move the outbox toward Chatwoot (`chatwoot_outbox`, filled by the trigger
// inbound_enqueue_chatwoot and by refused replies' notes), remember contacts (`chatwoot_contact`)
// and record how the bridge's calls go. A relay claims rows under a lease (locked_by,
// locked_until) and records an outcome only while the lease is its own, as the webhook queue does.

export interface ClaimedPost {
  id: bigint;
  bridgeId: number;
  phone: string;
  kind: "message" | "opt_out" | "note";
  inboundMessageId: bigint | null;
  note: string | null;
  attempts: number;
}

/**
 * Claims up to `limit` due rows, each the head of its contact's queue (its earliest row not yet
 * posted), so one contact's messages reach Chatwoot in the order they came, however many relays
 * run. A head waiting for its retry holds its contact's later rows back; a `sending` head whose
 * lease ran out (its relay died) is taken again. Bridges in `paused` (rate limited) are skipped.
 */
export async function claimPosts(db: Db, owner: string, limit: number, leaseMs: number, paused: number[], now: Date): Promise<ClaimedPost[]> {
  return db.$queryRaw<ClaimedPost[]>`-- claim_chatwoot_posts
    WITH heads AS (
      SELECT DISTINCT ON (bridge_id, phone) id, bridge_id, status, run_at, locked_until
      FROM chatwoot_outbox WHERE status IN ('pending', 'sending')
      ORDER BY bridge_id, phone, id
    ), due AS (
      SELECT o.id FROM chatwoot_outbox o JOIN heads h ON h.id = o.id
      WHERE NOT (h.bridge_id = ANY (${paused}::int[]))
        AND ((o.status = 'pending' AND o.run_at <= ${now}::timestamptz) OR (o.status = 'sending' AND o.locked_until < ${now}::timestamptz))
      ORDER BY o.run_at, o.id
      LIMIT ${limit}
      FOR UPDATE OF o SKIP LOCKED
    )
    UPDATE chatwoot_outbox o SET status = 'sending', attempts = o.attempts + 1, locked_by = ${owner},
      locked_until = ${new Date(now.getTime() + leaseMs)}::timestamptz
    FROM due WHERE o.id = due.id
    RETURNING o.id, o.bridge_id AS "bridgeId", o.phone, o.kind, o.inbound_message_id AS "inboundMessageId", o.note, o.attempts`;
}

/** The row is in Chatwoot as message `chatwootMessageId`. False: the lease was no longer ours. */
export async function markPosted(db: Db, id: bigint, owner: string, chatwootMessageId: number, now: Date): Promise<boolean> {
  const changed = await db.$executeRaw`-- mark_chatwoot_posted
    UPDATE chatwoot_outbox SET status = 'done', chatwoot_message_id = ${chatwootMessageId}, done_at = ${now}::timestamptz,
      last_error = NULL, locked_by = NULL, locked_until = NULL
    WHERE id = ${id} AND locked_by = ${owner} AND status = 'sending'`;
  return changed > 0;
}

/** A failed attempt: due again at `retryAt`, or `failed` for good when it is null (Chatwoot refused the row itself). */
export async function recordPostFailure(db: Db, id: bigint, owner: string, error: string, retryAt: Date | null, now: Date): Promise<void> {
  await db.$executeRaw`-- record_chatwoot_post_failure
    UPDATE chatwoot_outbox SET status = ${retryAt ? "pending" : "failed"}::"ChatwootWorkStatus",
      run_at = COALESCE(${retryAt}::timestamptz, run_at), last_error = ${error}, locked_by = NULL, locked_until = NULL,
      done_at = CASE WHEN ${retryAt}::timestamptz IS NULL THEN ${now}::timestamptz END
    WHERE id = ${id} AND locked_by = ${owner} AND status = 'sending'`;
}

/** Hands back, due now and without counting the attempt, every row `owner` holds (a relay that stops). */
export async function releasePostsHeldBy(db: Db, owner: string, now: Date): Promise<number> {
  return db.$executeRaw`-- release_chatwoot_posts_held_by
    UPDATE chatwoot_outbox SET status = 'pending', attempts = GREATEST(attempts - 1, 0), run_at = ${now}::timestamptz,
      locked_by = NULL, locked_until = NULL
    WHERE locked_by = ${owner} AND status = 'sending'`;
}

/** A private note owed to a conversation (a refused reply), after everything already owed to it. */
export async function insertNote(db: Pick<Db, "$executeRaw">, bridgeId: number, phone: string, note: string, now: Date): Promise<void> {
  await db.$executeRaw`-- insert_chatwoot_note
    INSERT INTO chatwoot_outbox (bridge_id, phone, kind, note, run_at, created_at)
    VALUES (${bridgeId}, ${phone}, 'note', ${note}, ${now}::timestamptz, ${now}::timestamptz)`;
}

export interface KnownContact {
  chatwootContactId: number;
  sourceId: string;
  conversationId: number | null;
}

/** Remembers (or updates) a contact's Chatwoot ids; `accountId` is the number it last wrote to, when known. */
export async function rememberContact(db: Db, bridgeId: number, phone: string, c: KnownContact, accountId: number | null, now: Date): Promise<void> {
  await db.$executeRaw`-- remember_chatwoot_contact
    INSERT INTO chatwoot_contact (bridge_id, phone, chatwoot_contact_id, source_id, conversation_id, account_id, updated_at)
    VALUES (${bridgeId}, ${phone}, ${c.chatwootContactId}, ${c.sourceId}, ${c.conversationId}, ${accountId}, ${now}::timestamptz)
    ON CONFLICT (bridge_id, phone) DO UPDATE SET chatwoot_contact_id = EXCLUDED.chatwoot_contact_id, source_id = EXCLUDED.source_id,
      conversation_id = EXCLUDED.conversation_id, account_id = COALESCE(EXCLUDED.account_id, chatwoot_contact.account_id),
      updated_at = EXCLUDED.updated_at`;
}

/** Forgets a contact that Chatwoot no longer has (deleted there): the next post finds or makes it again. */
export async function forgetContact(db: Db, bridgeId: number, phone: string): Promise<void> {
  await db.$executeRaw`-- forget_chatwoot_contact
    DELETE FROM chatwoot_contact WHERE bridge_id = ${bridgeId} AND phone = ${phone}`;
}

/**
 * Records that a call to the bridge's Chatwoot worked. Written at most once a second while all
 * goes well, so a busy bridge does not rewrite its row for every message.
 */
export async function noteCallWorked(db: Db, bridgeId: number, now: Date): Promise<void> {
  await db.$executeRaw`-- note_chatwoot_call_worked
    UPDATE chatwoot_bridge SET last_posted_at = ${now}::timestamptz, last_error = NULL, last_error_at = NULL
    WHERE id = ${bridgeId} AND (last_error IS NOT NULL OR last_posted_at IS NULL OR last_posted_at < ${new Date(now.getTime() - 1000)}::timestamptz)`;
}

export async function noteCallFailed(db: Db, bridgeId: number, error: string, now: Date): Promise<void> {
  await db.$executeRaw`-- note_chatwoot_call_failed
    UPDATE chatwoot_bridge SET last_error = ${error}, last_error_at = ${now}::timestamptz WHERE id = ${bridgeId}`;
}

/** Deletes at most `limit` outbox rows that ended more than `days` ago; answers how many went. */
export async function pruneEndedPosts(db: Db, days: number, now: Date, limit: number): Promise<number> {
  return db.$executeRaw`-- prune_ended_chatwoot_posts
    DELETE FROM chatwoot_outbox WHERE id IN (
      SELECT id FROM chatwoot_outbox WHERE status IN ('done', 'failed') AND done_at < ${now}::timestamptz - make_interval(days => ${days}::int)
      LIMIT ${limit}::int)`;
}
