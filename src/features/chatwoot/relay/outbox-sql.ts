import type { Db, DbClient } from "../../../core/db/database.js";

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
  createdAt: Date;
  /** When this attempt began (its claim). */
  triedAt: Date;
  /** When an earlier attempt began whose answer is unknown (Chatwoot may hold the post); null: none. */
  triedBefore: Date | null;
}

export interface PostClaim {
  owner: string;
  limit: number;
  leaseMs: number;
  /** A row whose last attempt's answer was lost waits this long after that attempt began. */
  recheckAfterMs: number;
  /** Bridges left alone (rate limited). */
  paused: number[];
  now: Date;
}

/**
 * Claims up to `limit` due rows, each the head of its contact's queue (its earliest row not yet
 * posted), so one contact's messages reach Chatwoot in the order they came, however many relays
 * run. A head waiting for its retry holds its contact's later rows back; a `sending` head whose
 * lease ran out (its relay died) is taken again. A head whose last attempt may have reached
 * Chatwoot unanswered waits until Chatwoot's own request limit has surely passed since it began,
 * so the look for it that comes first sees what Chatwoot did. Each claim records when its attempt
 * begins (`tried_at`), which an answer clears.
 */
export async function claimPosts(db: Db, c: PostClaim): Promise<ClaimedPost[]> {
  return db.$queryRaw<ClaimedPost[]>`-- claim_chatwoot_posts
    WITH heads AS (
      SELECT DISTINCT ON (bridge_id, phone) id, bridge_id, status, run_at, locked_until
      FROM chatwoot_outbox WHERE status IN ('pending', 'sending')
      ORDER BY bridge_id, phone, id
    ), due AS (
      SELECT o.id, o.tried_at FROM chatwoot_outbox o JOIN heads h ON h.id = o.id
      WHERE NOT (h.bridge_id = ANY (${c.paused}::int[]))
        AND ((o.status = 'pending' AND o.run_at <= ${c.now}::timestamptz) OR (o.status = 'sending' AND o.locked_until < ${c.now}::timestamptz))
        AND (o.tried_at IS NULL OR o.tried_at <= ${new Date(c.now.getTime() - c.recheckAfterMs)}::timestamptz)
      ORDER BY o.run_at, o.id
      LIMIT ${c.limit}
      FOR UPDATE OF o SKIP LOCKED
    )
    UPDATE chatwoot_outbox o SET status = 'sending', attempts = o.attempts + 1, locked_by = ${c.owner},
      locked_until = ${new Date(c.now.getTime() + c.leaseMs)}::timestamptz, tried_at = ${c.now}::timestamptz
    FROM due WHERE o.id = due.id
    RETURNING o.id, o.bridge_id AS "bridgeId", o.phone, o.kind, o.inbound_message_id AS "inboundMessageId", o.note, o.attempts,
      o.created_at AS "createdAt", o.tried_at AS "triedAt", due.tried_at AS "triedBefore"`;
}

/** The row is in Chatwoot as message `chatwootMessageId`. False: the lease was no longer ours. */
export async function markPosted(db: Db, id: bigint, owner: string, chatwootMessageId: number, now: Date): Promise<boolean> {
  const changed = await db.$executeRaw`-- mark_chatwoot_posted
    UPDATE chatwoot_outbox SET status = 'done', chatwoot_message_id = ${chatwootMessageId}, done_at = ${now}::timestamptz,
      last_error = NULL, locked_by = NULL, locked_until = NULL, tried_at = NULL
    WHERE id = ${id} AND locked_by = ${owner} AND status = 'sending'`;
  return changed > 0;
}

export interface PostFailure {
  error: string;
  /** Due again then; null: `failed` for good (Chatwoot refused the row itself). */
  retryAt: Date | null;
  /** When the attempt that may have reached Chatwoot unanswered began: this one, or an earlier one still unknown; null: none. */
  triedAt: Date | null;
}

/** A failed attempt: due again at `retryAt`, or `failed` for good; `triedAt` keeps what is not known of it. */
export async function recordPostFailure(db: Db, id: bigint, owner: string, f: PostFailure, now: Date): Promise<void> {
  await db.$executeRaw`-- record_chatwoot_post_failure
    UPDATE chatwoot_outbox SET status = ${f.retryAt ? "pending" : "failed"}::"ChatwootWorkStatus",
      run_at = COALESCE(${f.retryAt}::timestamptz, run_at), last_error = ${f.error}, locked_by = NULL, locked_until = NULL,
      tried_at = ${f.triedAt}::timestamptz, done_at = CASE WHEN ${f.retryAt}::timestamptz IS NULL THEN ${now}::timestamptz END
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
  chatwootContactId: number | null;
  sourceId: string;
  conversationId: number | null;
}

/** Where the contact was found: the bridge's inbox as the relay read it before calling Chatwoot. */
export interface ContactPlace {
  baseUrl: string;
  chatwootAccountId: number;
  inboxId: number;
}

/**
 * Remembers (or updates) a contact's Chatwoot ids; `accountId` is the number it last wrote to, when
 * known. Nothing is remembered if the bridge was connected elsewhere while Chatwoot was called: ids
 * of the old inbox are never kept for the new one.
 */
export async function rememberContact(db: Db, bridgeId: number, phone: string, c: KnownContact, accountId: number | null, at: { place: ContactPlace; now: Date }): Promise<void> {
  const { place, now } = at;
  await db.$executeRaw`-- remember_chatwoot_contact
    INSERT INTO chatwoot_contact (bridge_id, phone, chatwoot_contact_id, source_id, conversation_id, account_id, updated_at)
    SELECT b.id, ${phone}, ${c.chatwootContactId}, ${c.sourceId}, ${c.conversationId}, ${accountId}, ${now}::timestamptz
    FROM chatwoot_bridge b
    WHERE b.id = ${bridgeId} AND b.base_url = ${place.baseUrl} AND b.chatwoot_account_id = ${place.chatwootAccountId} AND b.inbox_id = ${place.inboxId}
    ON CONFLICT (bridge_id, phone) DO UPDATE SET chatwoot_contact_id = EXCLUDED.chatwoot_contact_id, source_id = EXCLUDED.source_id,
      conversation_id = EXCLUDED.conversation_id, account_id = COALESCE(EXCLUDED.account_id, chatwoot_contact.account_id),
      updated_at = EXCLUDED.updated_at`;
}

/**
 * Forgets the Chatwoot contact and conversation of one contact (`phone`: deleted in Chatwoot), or of
 * every contact of the bridge (null: it now writes to another inbox or Chatwoot), so the next post
 * finds or makes them again; the number each contact last wrote to stays.
 */
export async function forgetConversations(db: Pick<DbClient, "$executeRaw">, bridgeId: number, phone: string | null): Promise<void> {
  await db.$executeRaw`-- forget_chatwoot_conversations
    UPDATE chatwoot_contact SET chatwoot_contact_id = NULL, conversation_id = NULL
    WHERE bridge_id = ${bridgeId} AND (${phone}::text IS NULL OR phone = ${phone}::text)`;
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

/** A post Chatwoot refused for good, as listed to retry. */
export interface FailedPost {
  id: bigint;
  phone: string;
  kind: ClaimedPost["kind"];
  inboundMessageId: bigint | null;
  reason: string;
  attempts: number;
  createdAt: Date;
  failedAt: Date;
}

/** The bridge's posts Chatwoot refused for good, the latest first, at most `limit` (through chatwoot_outbox_failed_idx). */
export async function listFailedPosts(db: Db, bridgeId: number, limit: number): Promise<FailedPost[]> {
  return db.$queryRaw<FailedPost[]>`-- list_failed_chatwoot_posts
    SELECT id, phone, kind, inbound_message_id AS "inboundMessageId", COALESCE(last_error, '') AS reason, attempts,
      created_at AS "createdAt", done_at AS "failedAt"
    FROM chatwoot_outbox WHERE bridge_id = ${bridgeId} AND status = 'failed' ORDER BY id DESC LIMIT ${limit}`;
}

/**
 * Puts the bridge's failed posts (`ids` of them, or all when null) back in their contacts' queues,
 * due now, their attempts counted afresh; answers the ids taken back. What is unknown of an earlier
 * attempt (`tried_at`) stays: such a post is still looked for before it is posted again.
 */
export async function retryFailedPosts(db: Pick<DbClient, "$queryRaw">, bridgeId: number, ids: bigint[] | null, now: Date): Promise<bigint[]> {
  const rows = await db.$queryRaw<Array<{ id: bigint }>>`-- retry_failed_chatwoot_posts
    UPDATE chatwoot_outbox SET status = 'pending', run_at = ${now}::timestamptz, attempts = 0, done_at = NULL
    WHERE bridge_id = ${bridgeId} AND status = 'failed' AND (${ids}::bigint[] IS NULL OR id = ANY (${ids}::bigint[]))
    RETURNING id`;
  return rows.map((r) => r.id);
}
