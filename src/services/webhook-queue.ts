import type { Db } from "../db/database.js";

// Every statement that moves a webhook delivery through its states. `webhook_delivery` is an
// outbox filled by triggers in the same transaction as the message change it reports (see the
// webhooks migration); the dispatcher claims due rows under a lease (`locked_by`, `locked_until`)
// and records the outcome only while the lease is still its own, as the message queue does.

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
}

/**
 * Claims up to `limit` due deliveries for `owner`: `pending` ones whose time has come and
 * `sending` ones whose lease ran out (their dispatcher died), so delivery is at-least-once.
 *
 * Order per message per endpoint: a delivery is not due while an earlier one (lower id) for the
 * same endpoint and message is still pending or sending, so a receiver never gets `sent` before
 * `sending` of one message, even when the first attempt failed and waits for its retry. A delivery
 * that ended `failed` no longer holds the later ones back. Under SKIP LOCKED, a row another
 * dispatcher is claiming right now is still seen as pending here, so its successors wait too.
 *
 * Fairness between endpoints: at most `perEndpoint` deliveries of one endpoint are in flight at
 * once, across all dispatchers (`busy` counts the live leases; `nth` ranks this claim's own picks).
 * An endpoint already at its cap is left out of the candidates altogether, so a slow receiver
 * with a long backlog cannot fill every slot and hold up everyone else's webhooks. The candidates
 * are read without locks; the locking step checks the row's state again (PostgreSQL re-evaluates
 * the WHERE on the latest row version), so a row claimed meanwhile elsewhere is never taken twice.
 */
export async function claimDueWebhooks(db: Db, owner: string, limit: number, leaseSeconds: number, perEndpoint: number): Promise<ClaimedWebhook[]> {
  const rows = await db.$queryRaw<Array<Omit<ClaimedWebhook, "body"> & { payload: unknown }>>`
    WITH candidates AS (
      SELECT d.id, d.endpoint_id, d.run_at, busy.n AS busy
      FROM webhook_delivery d
      CROSS JOIN LATERAL (
        SELECT count(*) AS n FROM webhook_delivery b
        WHERE b.endpoint_id = d.endpoint_id AND b.status = 'sending' AND b.locked_until >= now()) busy
      WHERE ((d.status = 'pending' AND d.run_at <= now()) OR (d.status = 'sending' AND d.locked_until < now()))
        AND busy.n < ${perEndpoint}
        AND NOT EXISTS (
          SELECT 1 FROM webhook_delivery earlier
          WHERE earlier.endpoint_id = d.endpoint_id AND earlier.message_id = d.message_id
            AND earlier.id < d.id AND earlier.status IN ('pending', 'sending'))
      ORDER BY d.run_at, d.id
      LIMIT ${limit * 4}
    ), ranked AS (
      SELECT id, busy, row_number() OVER (PARTITION BY endpoint_id ORDER BY run_at, id) AS nth FROM candidates
    ), due AS (
      SELECT d.id FROM webhook_delivery d JOIN ranked r ON r.id = d.id
      WHERE r.busy + r.nth <= ${perEndpoint}
        AND ((d.status = 'pending' AND d.run_at <= now()) OR (d.status = 'sending' AND d.locked_until < now()))
      ORDER BY d.run_at, d.id
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE webhook_delivery AS w
    SET status = 'sending', attempts = w.attempts + 1, locked_by = ${owner},
        locked_until = now() + make_interval(secs => ${leaseSeconds}::int)
    FROM due, webhook_endpoint e
    WHERE w.id = due.id AND e.id = w.endpoint_id
    RETURNING w.id, w.event_id AS "eventId", w.payload, w.attempts, e.url, e.secret`;
  return rows.map(({ payload, ...rest }) => ({ ...rest, body: JSON.stringify(payload) }));
}

/** The receiver answered 2xx. */
export async function markWebhookDelivered(db: Db, id: bigint, owner: string, responseStatus: number): Promise<boolean> {
  const updated = await db.$executeRaw`
    UPDATE webhook_delivery SET status = 'delivered', delivered_at = now(), response_status = ${responseStatus},
      last_error = NULL, locked_by = NULL, locked_until = NULL
    WHERE id = ${id} AND locked_by = ${owner} AND status = 'sending'`;
  return updated > 0;
}

export interface WebhookRetryPolicy {
  maxAttempts: number;
  baseMs: number;
  maxMs: number;
}

/**
 * Records a failed attempt: back to `pending` after an exponential backoff (doubling from
 * `baseMs`, capped at `maxMs`, ±25 % jitter, computed here so that many deliveries failing
 * together do not all come back at the same instant), or `failed` once `maxAttempts` are spent.
 * Returns the new status, or undefined when the lease was no longer ours.
 */
export async function recordWebhookFailure(
  db: Db,
  id: bigint,
  owner: string,
  outcome: { responseStatus: number | null; error: string },
  policy: WebhookRetryPolicy,
): Promise<"pending" | "failed" | undefined> {
  const rows = await db.$queryRaw<Array<{ status: "pending" | "failed" }>>`
    UPDATE webhook_delivery AS d SET
      status = (CASE WHEN d.attempts >= ${policy.maxAttempts} THEN 'failed' ELSE 'pending' END)::"WebhookDeliveryStatus",
      run_at = CASE WHEN d.attempts >= ${policy.maxAttempts} THEN d.run_at ELSE now() + make_interval(secs =>
        LEAST(${policy.maxMs}::float8, ${policy.baseMs}::float8 * power(2, GREATEST(d.attempts - 1, 0)))
          * (0.75 + random() * 0.5) / 1000.0) END,
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
export async function releaseWebhooksHeldBy(db: Db, owner: string): Promise<number> {
  return db.$executeRaw`
    UPDATE webhook_delivery SET status = 'pending', attempts = GREATEST(attempts - 1, 0), run_at = now(),
      locked_by = NULL, locked_until = NULL
    WHERE locked_by = ${owner} AND status = 'sending'`;
}

/**
 * Queues the same event to the same endpoint again, as a new delivery row (its own attempts and
 * log; the original keeps its record). It has the highest id, so it goes after anything already
 * queued for that message. Returns the new row's id, or undefined when the tenant has no such
 * delivery.
 */
export async function insertWebhookReplay(db: Db, tenantId: number, id: bigint): Promise<bigint | undefined> {
  const rows = await db.$queryRaw<Array<{ id: bigint }>>`
    INSERT INTO webhook_delivery (endpoint_id, tenant_id, message_id, event_id, event_type, payload)
    SELECT endpoint_id, tenant_id, message_id, event_id, event_type, payload
    FROM webhook_delivery WHERE id = ${id} AND tenant_id = ${tenantId}
    RETURNING id`;
  return rows[0]?.id;
}
