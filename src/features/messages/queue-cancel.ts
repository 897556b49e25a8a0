import { setTimeout as sleep } from "node:timers/promises";
import type { Message } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import type { ServiceDeps } from "../../core/deps.js";
import { statusEvent } from "../../core/live/events.js";
import { messageColumns } from "../../core/queue/message-columns.js";
import { releaseQuotaCte, releaseSenderCte } from "../../core/queue/queue-release.js";
import { CANCELLED } from "../delivery/index.js";
import { Prisma } from "../../generated/prisma/client.js";

export { CANCELLED };

type Target = { messageId: bigint } | { batchId: bigint };

/**
 * One pass of a cancel, in one statement: of the target's messages that have not started sending,
 * `pending` ones (nothing handed to the provider) end `failed`/`cancelled` here, giving back what
 * they held; `sending` ones with nothing handed over yet are held by a worker, which may be about
 * to send them, so they are marked `cancel_requested` for the worker to honour
 * (delivery/cancel-requests.ts). Rows locked right now (a claim, or a worker's statement over
 * many rows, which locks them in no set order) are skipped and counted, never waited for: a
 * cancel that waited on one while holding others could deadlock with it. The next pass takes them.
 */
async function cancelPass(db: Db, tenantId: number, target: Target): Promise<{ cancelled: Message[]; marked: bigint[]; skipped: number }> {
  const which = "messageId" in target ? Prisma.sql`m.id = ${target.messageId}` : Prisma.sql`m.batch_id = ${target.batchId}`;
  const open = Prisma.sql`${which} AND m.tenant_id = ${tenantId} AND m.sent_parts = '[]'::jsonb
    AND (m.status = 'pending' OR (m.status = 'sending' AND NOT m.cancel_requested))`;
  const rows = await db.$queryRaw<Array<Message & { marked: bigint[] | null; skipped: number }>>`
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

/** How often a cancel looks again: for rows it skipped, and whether the messages a worker held have ended. */
const SETTLE_POLL_MS = 20;

export interface CancelOutcome {
  /** The messages this cancel ended, in id order: at once, or by their worker on its behalf. */
  cancelled: Message[];
  /** Messages still in a worker's hands when the cancel stopped waiting: they may still go out. */
  inFlight: number;
}

/**
 * Cancels what has not started sending (cancelPass, again while rows were skipped), then waits
 * while the messages a worker held end: sent (they were in the provider's hands), or cancelled by
 * the worker instead of going back to the queue. So the answer is final, and nothing goes out
 * after it, unless a provider call outlasts the wait: at most one provider timeout
 * (CHANNEL_TIMEOUT_MS) and a poll of the queue; those still held then are reported as in flight.
 */
export async function cancelQueued(deps: ServiceDeps, tenantId: number, target: Target): Promise<CancelOutcome> {
  const deadline = Date.now() + deps.config.channel.timeoutMs + deps.config.worker.pollMs;
  const cancelled: Message[] = [];
  const held = new Set<bigint>();
  for (;;) {
    const pass = await cancelPass(deps.db, tenantId, target);
    deps.events.publish(pass.cancelled.map((m) => statusEvent(m)));
    cancelled.push(...pass.cancelled);
    pass.marked.forEach((id) => held.add(id));
    if (pass.skipped === 0 || Date.now() >= deadline) break;
    await sleep(SETTLE_POLL_MS);
  }
  if (held.size === 0) return { cancelled, inFlight: 0 };
  const ids = [...held];
  let inFlight = ids.length;
  for (;;) {
    inFlight = await deps.db.message.count({ where: { id: { in: ids }, status: "sending" } });
    if (inFlight === 0 || Date.now() >= deadline) break;
    await sleep(SETTLE_POLL_MS);
  }
  const endedForUs = await deps.db.$queryRaw<Message[]>`
    SELECT ${messageColumns("m")} FROM message m
    WHERE m.id = ANY (${ids.map(String)}::text[]::bigint[]) AND m.status = 'failed' AND m.error = ${CANCELLED}`;
  return { cancelled: [...cancelled, ...endedForUs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), inFlight };
}
