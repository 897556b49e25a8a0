import type { Message } from "../../generated/prisma/client.js";
import { Prisma } from "../../generated/prisma/client.js";
import type { Db, SqlClient } from "../../core/db/database.js";
import { releaseQuotaCte, releaseSenderCte } from "../accounts/index.js";
import { OPTED_OUT } from "../contacts/index.js";
import { messageColumns } from "./columns-sql.js";
import { CANCELLED } from "./cancel-requests-sql.js";

// The statements that end queued messages before they go out: a tenant's cancel (a message, a
// batch) and a contact's opt-out. What a worker does with a message cancelled in its hands is in
// cancel-requests-sql.ts.

/** What a cancel is about: one message, or a batch. */
export type CancelTarget = { messageId: bigint } | { batchId: bigint };

/**
 * One pass of a cancel, in one statement: of the target's messages that have not started sending,
 * `pending` ones (nothing handed to the provider) end `failed`/`cancelled` here, giving back what
 * they held; `sending` ones with nothing handed over yet are held by a worker, which may be about
 * to send them, so they are marked `cancel_requested` for the worker to honour
 * (cancel-requests-sql.ts). Rows locked right now (a claim, or a worker's statement over
 * many rows, which locks them in no set order) are skipped and counted, never waited for: a
 * cancel that waited on one while holding others could deadlock with it. The next pass takes them.
 */
export async function cancelNotStarted(db: SqlClient, tenantId: number, target: CancelTarget): Promise<{ cancelled: Message[]; marked: bigint[]; skipped: number }> {
  const which = "messageId" in target ? Prisma.sql`m.id = ${target.messageId}` : Prisma.sql`m.batch_id = ${target.batchId}`;
  const open = Prisma.sql`${which} AND m.tenant_id = ${tenantId} AND m.sent_parts = '[]'::jsonb
    AND (m.status = 'pending' OR (m.status = 'sending' AND NOT m.cancel_requested))`;
  const rows = await db.$queryRaw<Array<Message & { marked: bigint[] | null; skipped: number }>>`
    -- cancel_not_started
    WITH target AS (
      SELECT m.id, m.status FROM message m WHERE ${open}
      ORDER BY m.id
      FOR UPDATE SKIP LOCKED
    ),
    cancelled AS (
      UPDATE message AS m SET status = 'failed', error = ${CANCELLED}, provider_error_code = NULL
      FROM target t WHERE m.id = t.id AND t.status = 'pending'
      RETURNING ${messageColumns("m")}
    ),
    marked AS (
      UPDATE message AS m SET cancel_requested = true
      FROM target t WHERE m.id = t.id AND t.status = 'sending'
      RETURNING m.id
    ),
    quota AS (${releaseQuotaCte("cancelled")}),
    sender AS (${releaseSenderCte("cancelled")})
    SELECT (SELECT array_agg(id ORDER BY id) FROM marked) AS marked,
      ((SELECT count(*) FROM message m WHERE ${open}) - (SELECT count(*) FROM target))::int AS skipped,
      cancelled.*
    FROM (SELECT 1) AS one LEFT JOIN cancelled ON true ORDER BY cancelled.id`;
  const first = rows[0];
  const cancelled = rows.filter((r) => r.id !== null).map(({ marked: _m, skipped: _s, ...m }) => m);
  return { cancelled, marked: (first?.marked ?? []).map(BigInt), skipped: first?.skipped ?? 0 };
}

/** Of `ids`, the messages that ended cancelled. */
export async function cancelledAmong(db: Db, ids: bigint[]): Promise<Message[]> {
  return db.$queryRaw<Message[]>`
    -- cancelled_among
    SELECT ${messageColumns("m")} FROM message m
    WHERE m.id = ANY (${ids.map(String)}::text[]::bigint[]) AND m.status = 'failed' AND m.error = ${CANCELLED}`;
}

/**
 * Ends a tenant's queued messages to `numbers` (`pending`, nothing handed to the provider) as
 * failed `opted_out`, giving back what they held, in one statement, and counts the ones already in
 * the provider's hands. It waits for a claim's row locks (FOR UPDATE, no SKIP LOCKED) and then sees
 * each row as it is: a message a worker claimed before the opt-out is `sending` and counted as in
 * flight (its worker checked consent before the opt-out committed, or will find it opted out: see
 * failUnsendableClaimed in fit-sql.ts); one the claim had not reached is cancelled here. The opt-out notice is
 * never cancelled. An erasure ends them the same way, as `cancelled` (`error`).
 */
export async function cancelForOptOut(db: SqlClient, tenantId: number, numbers: string[], error: string = OPTED_OUT): Promise<{ cancelled: Message[]; inFlight: number }> {
  if (numbers.length === 0) return { cancelled: [], inFlight: 0 };
  const rows = await db.$queryRaw<Array<Message & { inFlight: number }>>`
    -- cancel_for_opt_out
    WITH target AS (
      SELECT m.id, m.status, m.sent_parts FROM message m
      WHERE m.tenant_id = ${tenantId} AND m."to" = ANY (${numbers}::text[]) AND m.status IN ('pending', 'sending') AND NOT m.consent_notice
      ORDER BY m.id
      FOR UPDATE
    ),
    cancelled AS (
      UPDATE message AS m SET status = 'failed', error = ${error}, provider_error_code = NULL
      FROM target t WHERE m.id = t.id AND t.status = 'pending' AND t.sent_parts = '[]'::jsonb
      RETURNING ${messageColumns("m")}
    ),
    quota AS (${releaseQuotaCte("cancelled")}),
    sender AS (${releaseSenderCte("cancelled")})
    SELECT (SELECT count(*)::int FROM target WHERE status = 'sending' OR sent_parts <> '[]'::jsonb) AS "inFlight", cancelled.*
    FROM (SELECT 1) AS one LEFT JOIN cancelled ON true ORDER BY cancelled.id`;
  const inFlight = rows[0]?.inFlight ?? 0;
  const cancelled = rows.filter((r) => r.id !== null).map(({ inFlight: _i, ...m }) => m);
  return { cancelled, inFlight };
}
