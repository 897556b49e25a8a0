import { Prisma } from "../../generated/prisma/client.js";
import type { Db, DbClient, SqlClient } from "../../core/db/database.js";
import type { IdRange } from "../../core/db/partitions.js";
import type { WebhookDelivery } from "../../generated/prisma/client.js";
import type { RetryDecision } from "../delivery/index.js";

// Every statement that moves a webhook delivery through its states. `webhook_delivery` is an
// outbox filled by triggers in the same transaction as the message change it reports (see the
// webhooks migration); the dispatcher claims due rows under a lease (`locked_by`, `locked_until`)
// and records the outcome only while the lease is still its own, as the message queue does. Ended
// deliveries are kept for WEBHOOK_RETENTION_DAYS, then pruned (pruneEndedDeliveries).

/** A claimed delivery with what sending it needs. */
export interface ClaimedWebhook {
  id: bigint;
  eventId: string;
  /** The stored payload as compact JSON: sent and signed exactly as it is (and shown by the log). */
  body: string;
  /** Attempts including this one. */
  attempts: number;
  url: string;
  secret: string;
  /** Its message's W3C traceparent (message.trace_parent); null: not traced. */
  traceParent: string | null;
}

/**
 * Claims up to `limit` due deliveries for `owner`: `pending` ones whose time has come and
 * `sending` ones whose lease ran out (their dispatcher died), so delivery is at-least-once.
 *
 * Order per message per endpoint: only the head of a message's deliveries to an endpoint (its
 * earliest live one, `head`, kept by the triggers of the webhook claim migration) is ever due, so
 * a receiver never gets `sent` before `sending` of one message, even when the first attempt failed
 * and waits for its retry. A delivery that ended `failed` hands the head on to the next.
 *
 * Fairness between endpoints: at most `perEndpoint` deliveries of one endpoint are in flight at
 * once, across all dispatchers (`busy` counts the live leases, read from the lease index of the
 * webhook lease migration, which holds only rows in flight). Per endpoint with a pending head
 * (found by a skip scan of the claim index, one probe per endpoint) or an expired lease, the claim
 * reads at most its free slots' worth of due rows, so one poll reads O(endpoints + limit) rows
 * whatever the backlog, and a slow receiver with a long backlog cannot fill every slot and hold up
 * everyone else's webhooks. The candidates are read without locks; the locking step checks the
 * row's state again (PostgreSQL re-evaluates the WHERE on the latest row version), so a row
 * claimed meanwhile elsewhere is never taken twice.
 */
export async function claimDueWebhooks(db: Db, owner: string, limit: number, leaseSeconds: number, perEndpoint: number, now: Date): Promise<ClaimedWebhook[]> {
  const at = Prisma.sql`${now}::timestamptz`;
  const rows = await db.$queryRaw<Array<Omit<ClaimedWebhook, "body"> & { payload: unknown }>>`-- claim_due_webhooks
    WITH RECURSIVE with_heads AS (
      -- Ordered by (endpoint_id, run_at) so that only the claim index serves it: ordered by
      -- endpoint_id alone, the planner may walk (endpoint_id, status) over every non-head row.
      (SELECT endpoint_id FROM webhook_delivery WHERE status = 'pending' AND head ORDER BY endpoint_id, run_at LIMIT 1)
      UNION ALL
      SELECT (SELECT d.endpoint_id FROM webhook_delivery d
              WHERE d.status = 'pending' AND d.head AND d.endpoint_id > w.endpoint_id ORDER BY d.endpoint_id, d.run_at LIMIT 1)
      FROM with_heads w WHERE w.endpoint_id IS NOT NULL
    ), endpoints AS (
      SELECT endpoint_id FROM with_heads WHERE endpoint_id IS NOT NULL
      UNION
      (SELECT endpoint_id FROM webhook_delivery WHERE status = 'sending' AND locked_until < ${at}
       ORDER BY endpoint_id, locked_until LIMIT ${limit})
    ), candidates AS (
      SELECT c.id
      FROM endpoints e
      -- Leases read in index order with a LIMIT: plain index scans of the lease index, which
      -- mark the entries of ended leases dead as they pass (a bitmap scan would read them again
      -- on every claim until vacuum). Counting to perEndpoint is enough to know the free slots.
      CROSS JOIN LATERAL (
        SELECT count(*) AS n FROM (
          SELECT 1 FROM webhook_delivery b
          WHERE b.endpoint_id = e.endpoint_id AND b.status = 'sending' AND b.locked_until >= ${at}
          ORDER BY b.locked_until LIMIT ${perEndpoint}::int) live) busy
      CROSS JOIN LATERAL (
        (SELECT d.id, d.run_at FROM webhook_delivery d
         WHERE d.endpoint_id = e.endpoint_id AND d.status = 'pending' AND d.head AND d.run_at <= ${at}
         ORDER BY d.run_at, d.id LIMIT GREATEST(${perEndpoint}::int - busy.n, 0))
        UNION ALL
        (SELECT d.id, d.run_at FROM webhook_delivery d
         WHERE d.endpoint_id = e.endpoint_id AND d.status = 'sending' AND d.locked_until < ${at}
         ORDER BY d.locked_until LIMIT ${perEndpoint}::int)
        ORDER BY run_at, id LIMIT GREATEST(${perEndpoint}::int - busy.n, 0)) c
    ), due AS (
      SELECT d.id FROM webhook_delivery d
      WHERE d.id = ANY (ARRAY(SELECT id FROM candidates))
        AND ((d.status = 'pending' AND d.head AND d.run_at <= ${at}) OR (d.status = 'sending' AND d.locked_until < ${at}))
      ORDER BY d.run_at, d.id
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE webhook_delivery AS w
    SET status = 'sending', attempts = w.attempts + 1, locked_by = ${owner},
        locked_until = ${new Date(now.getTime() + leaseSeconds * 1000)}::timestamptz
    FROM due, webhook_endpoint e
    WHERE w.id = due.id AND e.id = w.endpoint_id
    RETURNING w.id, w.event_id AS "eventId", w.payload, w.attempts, e.url, e.secret, w.trace_parent AS "traceParent"`;
  return rows.map(({ payload, ...rest }) => ({ ...rest, body: JSON.stringify(payload) }));
}

/**
 * The receiver answered 2xx. One row a statement, deliberately: recording several at once took
 * their messages' share locks (the head hand-on trigger) in no set order, and deadlocked with the
 * queue's statements that mark many messages sent (BENCHMARKS.md, the webhook soak).
 */
export async function markWebhookDelivered(db: Db, id: bigint, owner: string, responseStatus: number, now: Date): Promise<boolean> {
  const updated = await db.$executeRaw`-- mark_webhook_delivered
    UPDATE webhook_delivery SET status = 'delivered', delivered_at = ${now}::timestamptz, response_status = ${responseStatus},
      last_error = NULL, locked_by = NULL, locked_until = NULL
    WHERE id = ${id} AND locked_by = ${owner} AND status = 'sending'`;
  return updated > 0;
}

/**
 * Records a failed attempt as `decision` (afterFailedAttempt) says: back to `pending`, due at
 * `now` + its delay, or `failed`. Returns the new status, or undefined when the lease was no
 * longer ours.
 */
export async function recordWebhookFailure(
  db: Db,
  id: bigint,
  owner: string,
  outcome: { responseStatus: number | null; error: string },
  decision: RetryDecision,
  now: Date,
): Promise<"pending" | "failed" | undefined> {
  const runAt = decision.giveUp ? null : new Date(now.getTime() + decision.delayMs);
  const rows = await db.$queryRaw<Array<{ status: "pending" | "failed" }>>`-- record_webhook_failure
    UPDATE webhook_delivery AS d SET
      status = ${decision.giveUp ? "failed" : "pending"}::"WebhookDeliveryStatus",
      run_at = COALESCE(${runAt}::timestamptz, d.run_at),
      response_status = ${outcome.responseStatus}, last_error = ${outcome.error},
      locked_by = NULL, locked_until = NULL
    WHERE d.id = ${id} AND d.locked_by = ${owner} AND d.status = 'sending'
    RETURNING d.status::text AS status`;
  return rows[0]?.status;
}

/**
 * Hands every delivery `owner` holds back to the queue, due now, without counting the attempt it
 * was in (a dispatcher that has to stop now). The receiver may then get that event twice, which
 * at-least-once delivery allows and the event id lets it notice.
 */
export async function releaseWebhooksHeldBy(db: Db, owner: string, now: Date): Promise<number> {
  return db.$executeRaw`-- release_webhooks_held_by
    UPDATE webhook_delivery SET status = 'pending', attempts = GREATEST(attempts - 1, 0), run_at = ${now}::timestamptz,
      locked_by = NULL, locked_until = NULL
    WHERE locked_by = ${owner} AND status = 'sending'`;
}

/**
 * Queues the same event to the same endpoint again, as a new delivery row (its own attempts and
 * log; the original keeps its record). It has the highest id, so it goes after anything already
 * queued for that message. Returns the new row as inserted (a dispatcher may claim it the next
 * moment, so it is not read back), or undefined when the tenant has no such delivery.
 */
export async function insertWebhookReplay(db: SqlClient, tenantId: number, id: bigint, now: Date): Promise<WebhookDelivery | undefined> {
  const rows = await db.$queryRaw<WebhookDelivery[]>`-- insert_webhook_replay
    INSERT INTO webhook_delivery (endpoint_id, tenant_id, message_id, inbound_message_id, event_id, event_type, payload, run_at, created_at, trace_parent)
    SELECT endpoint_id, tenant_id, message_id, inbound_message_id, event_id, event_type, payload, ${now}::timestamptz, ${now}::timestamptz, trace_parent
    FROM webhook_delivery WHERE id = ${id} AND tenant_id = ${tenantId}
    RETURNING id, endpoint_id AS "endpointId", tenant_id AS "tenantId", message_id AS "messageId",
      inbound_message_id AS "inboundMessageId", event_id AS "eventId",
      event_type AS "eventType", payload, status::text AS status, attempts, run_at AS "runAt", locked_by AS "lockedBy",
      locked_until AS "lockedUntil", response_status AS "responseStatus", last_error AS "lastError",
      created_at AS "createdAt", delivered_at AS "deliveredAt", head, trace_parent AS "traceParent"`;
  return rows[0];
}

/**
 * Deletes at most `limit` deliveries that ended (delivered or failed) more than `retentionDays`
 * before `now`; pending and sending ones are never touched. Returns how many it deleted: the
 * housekeeper (operations) calls it again until fewer than `limit` go, so no statement holds its
 * locks long on a big backlog.
 */
export async function pruneEndedDeliveries(db: Db, retentionDays: number, now: Date, limit: number): Promise<number> {
  return db.$executeRaw`-- prune_ended_deliveries
    DELETE FROM webhook_delivery
    WHERE id IN (
      SELECT id FROM webhook_delivery
      WHERE status IN ('delivered', 'failed')
        AND created_at < ${now}::timestamptz - make_interval(days => ${retentionDays}::int)
      LIMIT ${limit}::int)`;
}

/** Whether every delivery with an id in `range` has ended and was made longer ago than the retention. */
export async function deliveryRangeExpired(db: DbClient, retentionDays: number, now: Date, range: IdRange): Promise<boolean> {
  const [row] = await db.$queryRaw<Array<{ expired: boolean }>>`-- delivery_range_expired
    SELECT NOT EXISTS (
        SELECT 1 FROM webhook_delivery WHERE status IN ('pending', 'sending') AND id >= ${range.lo} AND id < ${range.hi})
      AND COALESCE((
        SELECT created_at FROM webhook_delivery WHERE id >= ${range.lo} AND id < ${range.hi} ORDER BY id DESC LIMIT 1
      ) < ${now}::timestamptz - make_interval(days => ${retentionDays}::int), true) AS expired`;
  return row?.expired === true;
}
