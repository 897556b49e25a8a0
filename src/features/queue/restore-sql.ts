import { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import { releaseQuotaCte, releaseSenderCte } from "../accounts/index.js";
import { messageColumns } from "./columns-sql.js";

// After the database is restored to a point in time (docs/operations.md, "Backups and restore"),
// what the gateway did between that point and the loss is gone from it, but not from the world:
// messages queued then may have reached the provider, and ids were handed to callers.

/** A queued message's end after a restore: it was due before the loss, and may have gone out. */
export const RESTORED_IN_DOUBT = "restored_in_doubt";

/** Ids skipped past a restore point: more than the gateway could hand out between it and a loss. */
const RESTORE_ID_GAP = 2n ** 32n;

/** The tables whose ids callers keep (messages, batches) or that carry them (receipts, webhooks). */
const ID_TABLES = ["message", "batch", "inbound_message", "webhook_delivery"] as const;

/**
 * Ends every queued message due by `through` (the loss) as failed `restored_in_doubt`, giving back
 * its allowance unit and sender counts, in one statement: a worker would otherwise send again what
 * left after the restore point. Messages due later stay queued. The caller sees the end (and its
 * webhook) and may send it again (`POST /messages/{id}/retry`).
 */
export async function failInDoubtAfterRestore(db: Db, through: Date): Promise<{ inDoubt: number; stillQueued: number }> {
  const [row] = await db.$queryRaw<Array<{ inDoubt: number; stillQueued: number }>>`
    -- fail_in_doubt_after_restore
    WITH in_doubt AS (
      UPDATE message AS m SET status = 'failed', error = ${RESTORED_IN_DOUBT}, provider_error_code = NULL,
        locked_by = NULL, locked_until = NULL
      WHERE m.status IN ('pending', 'sending') AND m.run_at <= ${through}
      RETURNING ${messageColumns("m")}
    ),
    quota AS (${releaseQuotaCte("in_doubt")}),
    sender AS (${releaseSenderCte("in_doubt")})
    SELECT (SELECT count(*)::int FROM in_doubt) AS "inDoubt",
      (SELECT count(*)::int FROM message WHERE status IN ('pending', 'sending') AND run_at > ${through}) AS "stillQueued"`;
  return row!;
}

/**
 * Moves the id sequences of ID_TABLES on by RESTORE_ID_GAP, so no id handed out after the restore
 * point (and lost with it) is handed out again for something else. A month holds 2^40 ids, so the
 * gap stays inside the current month's partition.
 */
export async function skipIdsPastRestore(db: Db): Promise<Record<string, string>> {
  const next: Record<string, string> = {};
  for (const table of ID_TABLES) {
    const seq = `${table}_id_seq`;
    const [row] = await db.$queryRaw<Array<{ next: bigint }>>`
      -- skip_ids_past_restore
      SELECT setval(${seq}::regclass, (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM ${Prisma.raw(`"${seq}"`)}) + ${RESTORE_ID_GAP}) + 1 AS next`;
    next[table] = String(row!.next);
  }
  return next;
}
