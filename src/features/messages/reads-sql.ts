import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";

// Reads of the messages table that the ORM cannot say: a count that stops at a cap.

/** Where counting the queue stops: a page shows "100,000+" rather than count a huge queue on every look. */
export const QUEUED_COUNT_CAP = 100_000;

/** The tenant's messages waiting or being sent, counted up to QUEUED_COUNT_CAP + 1. */
export async function countQueued(deps: ServiceDeps, principal: Principal): Promise<number> {
  const [row] = await deps.db.$queryRaw<Array<{ n: number }>>`
    -- count_queued
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM message WHERE tenant_id = ${principal.tenantId} AND status IN ('pending', 'sending') LIMIT ${QUEUED_COUNT_CAP + 1}
    ) AS q`;
  return row?.n ?? 0;
}
