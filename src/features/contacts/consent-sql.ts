import { Prisma } from "../../generated/prisma/client.js";
import type { Message } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import { messageColumns } from "../../core/queue/message-columns.js";
import { releaseQuotaCte, releaseSenderCte } from "../../core/queue/queue-release.js";

// Consent, as SQL: the one test of whether a number may be sent to, and the statements that end
// messages to contacts who opted out. Acceptance, the worker's claim and the opt-out itself all use
// these, so "opted out" means the same thing wherever a message is stopped.

/** The stable `error` of a queued message whose recipient opted out before it was sent. */
export const OPTED_OUT = "opted_out";

/** True for a `contact` row (aliased `alias`) that is opted out or suppressed. */
export const contactOptedOutSql = (alias: string) => Prisma.raw(`${alias}.opted_out_at IS NOT NULL`);

/** True when `phone` is opted out (or suppressed) for `tenantId`: one indexed probe of `contact`. */
export const optedOutSql = (tenantId: Prisma.Sql, phone: Prisma.Sql) =>
  Prisma.sql`EXISTS (SELECT 1 FROM contact c WHERE c.tenant_id = ${tenantId} AND c.phone = ${phone} AND ${contactOptedOutSql("c")})`;

/**
 * Ends a tenant's queued messages to `numbers` (`pending`, nothing handed to the provider) as
 * failed `opted_out`, giving back what they held, in one statement, and counts the ones already in
 * the provider's hands. It waits for a claim's row locks (FOR UPDATE, no SKIP LOCKED) and then sees
 * each row as it is: a message a worker claimed before the opt-out is `sending` and counted as in
 * flight (its worker checked consent before the opt-out committed, or will find it opted out: see
 * failUnsendableClaimed in the delivery feature); one the claim had not reached is cancelled here. The opt-out notice is
 * never cancelled.
 */
export async function cancelForOptOut(db: Pick<Db, "$queryRaw">, tenantId: number, numbers: string[]): Promise<{ cancelled: Message[]; inFlight: number }> {
  if (numbers.length === 0) return { cancelled: [], inFlight: 0 };
  const rows = await db.$queryRaw<Array<Message & { inFlight: number }>>`
    WITH target AS (
      SELECT m.id, m.status, m.sent_parts FROM message m
      WHERE m.tenant_id = ${tenantId} AND m."to" = ANY (${numbers}::text[]) AND m.status IN ('pending', 'sending') AND NOT m.consent_notice
      ORDER BY m.id
      FOR UPDATE
    ),
    cancelled AS (
      UPDATE message AS m SET status = 'failed', error = ${OPTED_OUT}, provider_error_code = NULL
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
