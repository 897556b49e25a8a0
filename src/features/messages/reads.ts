import { z } from "zod";
import type { Message, MessageStatus } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { notFound, validationError } from "../../core/errors.js";
import { normalizePhoneNumber } from "../../core/phone.js";
import { parseId } from "../../core/ids.js";

// Everything a tenant can read. Every query is scoped by the caller's tenant, and another tenant's
// id is answered exactly like an unknown one.

export async function getMessage(deps: ServiceDeps, principal: Principal, rawId: string | bigint): Promise<Message> {
  const id = parseId(rawId);
  const message = id && (await deps.db.message.findFirst({ where: { id, tenantId: principal.tenantId } }));
  if (!message) throw notFound("Message");
  return message;
}

export interface MessagePage {
  /** Only ids below this one (the next page of a newest-first list). */
  olderThan?: bigint | undefined;
  /** Only ids above this one (the previous page). */
  newerThan?: bigint | undefined;
  limit: number;
  /** Oldest first instead of newest first (paging backwards). */
  ascending?: boolean;
  status?: MessageStatus[] | null | undefined;
  batchId?: string | null | undefined;
  /** Only messages to this number, in any accepted spelling. */
  to?: string | null | undefined;
  /** Only messages accepted at or after `since` and before `until` (ISO 8601 with offset). */
  since?: string | null | undefined;
  until?: string | null | undefined;
}

const instant = z.iso.datetime({ offset: true });

/** A time bound of a list, or the 422 that names it. */
function timeBound(name: "since" | "until", value: string | null | undefined): Date | undefined {
  if (value == null) return undefined;
  if (!instant.safeParse(value).success) throw validationError({ [name]: "must be an ISO 8601 time with its offset, such as 2026-12-01T09:00:00+03:00" });
  return new Date(value);
}

export async function listMessages(deps: ServiceDeps, principal: Principal, page: MessagePage): Promise<Message[]> {
  const batchId = page.batchId == null ? undefined : parseId(page.batchId);
  if (page.batchId != null && batchId === undefined) return [];
  const to = page.to == null ? undefined : normalizePhoneNumber(page.to);
  if (page.to != null && to === undefined) throw validationError({ to: "is not a phone number" });
  const since = timeBound("since", page.since);
  const until = timeBound("until", page.until);
  return deps.db.message.findMany({
    where: {
      tenantId: principal.tenantId,
      ...(page.status?.length ? { status: { in: page.status } } : {}),
      ...(batchId !== undefined ? { batchId } : {}),
      ...(to !== undefined ? { to } : {}),
      ...(since || until ? { createdAt: { ...(since ? { gte: since } : {}), ...(until ? { lt: until } : {}) } } : {}),
      id: {
        ...(page.olderThan !== undefined ? { lt: page.olderThan } : {}),
        ...(page.newerThan !== undefined ? { gt: page.newerThan } : {}),
      },
    },
    orderBy: { id: page.ascending ? "asc" : "desc" },
    take: page.limit,
  });
}

/** Where counting the queue stops: a page shows "100,000+" rather than count a huge queue on every look. */
export const QUEUED_COUNT_CAP = 100_000;

/** The tenant's messages waiting or being sent, counted up to QUEUED_COUNT_CAP + 1. */
export async function countQueued(deps: ServiceDeps, principal: Principal): Promise<number> {
  const [row] = await deps.db.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM message WHERE tenant_id = ${principal.tenantId} AND status IN ('pending', 'sending') LIMIT ${QUEUED_COUNT_CAP + 1}
    ) AS q`;
  return row?.n ?? 0;
}
