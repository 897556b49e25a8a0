import { Prisma } from "../../generated/prisma/client.js";
import { releaseQuotaCte, releaseSenderCte } from "../accounts/index.js";

// A cancel cannot take a message out of a worker's hands: the worker may be about to hand it to
// the provider. So it marks the message (`cancel_requested`), and the worker honours the mark at
// every point where the message would otherwise wait longer: each statement that hands a held
// message back to the queue (a full day, a warm-up cap, a send window, a pacing slot, a stopped
// number, a retry, a worker stopping) ends it cancelled instead, giving back what it held, and the
// last check before sending stops it. A message with a part already sent is left to finish, as
// cancels always leave it.

/** The stable `error` of a message its sender cancelled (REST keeps the spec's four statuses). */
export const CANCELLED = "cancelled";

/** True for the held message `m` when its sender asked to cancel it and nothing of it went out. */
export const cancelRequestedSql = Prisma.sql`(m.cancel_requested AND m.sent_parts = '[]'::jsonb)`;

/**
 * The SET assignments of a statement that hands held messages back to the queue: `pending`, or
 * `failed` with error `cancelled` when a cancel asked for it. One UPDATE decides both, so a cancel
 * that committed while the statement waited for the row's lock is seen (the assignments are
 * computed from the row as the cancel left it). `error` is what a message going back keeps.
 */
export const backToQueueSql = (error: Prisma.Sql = Prisma.sql`m.error`) => Prisma.sql`
  status = CASE WHEN ${cancelRequestedSql} THEN 'failed'::"MessageStatus" ELSE 'pending'::"MessageStatus" END,
  error = CASE WHEN ${cancelRequestedSql} THEN ${CANCELLED} ELSE ${error} END`;

/**
 * CTEs giving back what the cancelled rows of `returned` (a CTE of the statement's RETURNING,
 * under the model's names) held: their allowance unit and their sender's counts.
 */
export const releaseCancelledCtes = (returned: string) => Prisma.sql`
  cancelled_on_return AS (SELECT * FROM ${Prisma.raw(returned)} WHERE status = 'failed'),
  cancelled_quota AS (${releaseQuotaCte("cancelled_on_return")}),
  cancelled_sender AS (${releaseSenderCte("cancelled_on_return")})`;
