import type { Message } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import { messageColumns } from "../../core/queue/message-columns.js";
import { releaseQuotaCte, releaseSenderCte } from "../../core/queue/queue-release.js";
import { Prisma } from "../../generated/prisma/client.js";

/** The stable `error` of a message its sender cancelled (REST keeps the spec's four statuses). */
export const CANCELLED = "cancelled";

/**
 * Cancels a tenant's messages that have not started sending (`pending`, no part handed to the
 * provider yet) and gives back what they held, in one statement. Rows a worker is claiming are
 * waited for, not skipped: once the claim commits they are `sending` and the re-check leaves
 * them alone, and a claim that comes after finds them `failed`. So each message ends exactly once,
 * sent or cancelled, and cancelling again finds nothing left to cancel.
 */
export async function cancelPending(db: Db, tenantId: number, target: { messageId: bigint } | { batchId: bigint }): Promise<Message[]> {
  const which = "messageId" in target ? Prisma.sql`m.id = ${target.messageId}` : Prisma.sql`m.batch_id = ${target.batchId}`;
  return db.$queryRaw<Message[]>`
    WITH cancelled AS (
      UPDATE message AS m SET status = 'failed', error = ${CANCELLED}, provider_error_code = NULL
      WHERE ${which} AND m.tenant_id = ${tenantId} AND m.status = 'pending' AND m.sent_parts = '[]'::jsonb
      RETURNING ${messageColumns("m")}
    ),
    quota AS (${releaseQuotaCte("cancelled")}),
    sender AS (${releaseSenderCte("cancelled")})
    SELECT * FROM cancelled ORDER BY id`;
}
