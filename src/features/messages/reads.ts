import { z } from "zod";
import type { Message, MessageStatus } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { notFound, validationError } from "../../core/errors.js";
import { normalizePhoneNumber } from "../../core/input/phone.js";
import { isoInstant } from "../../core/input/send-input.js";
import { parseInput } from "../../core/input/validation.js";
import { parseId } from "../../core/input/ids.js";
import { ownNumbersWhere } from "../../core/auth/number-scope.js";

// Everything a tenant can read. Every query is scoped by the caller's tenant, and another tenant's
// id is answered exactly like an unknown one.

export async function getMessage(deps: ServiceDeps, principal: Principal, rawId: string | bigint): Promise<Message> {
  const id = parseId(rawId);
  const message = id && (await deps.db.message.findFirst({ where: { id, tenantId: principal.tenantId, ...ownNumbersWhere(principal) } }));
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

/** A list's time bounds: instants as the API takes them, or the 422 naming the one that is not. */
const timeBounds = z.object({ since: isoInstant.nullish(), until: isoInstant.nullish() });

export async function listMessages(deps: ServiceDeps, principal: Principal, page: MessagePage): Promise<Message[]> {
  const batchId = page.batchId == null ? undefined : parseId(page.batchId);
  if (page.batchId != null && batchId === undefined) return [];
  const to = page.to == null ? undefined : normalizePhoneNumber(page.to);
  if (page.to != null && to === undefined) throw validationError({ to: "is not a phone number" });
  const bounds = parseInput(timeBounds, { since: page.since, until: page.until });
  const since = bounds.since ? new Date(bounds.since) : undefined;
  const until = bounds.until ? new Date(bounds.until) : undefined;
  return deps.readDb.message.findMany({
    where: {
      tenantId: principal.tenantId,
      ...ownNumbersWhere(principal),
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
