import type { Message, MessageStatus } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { notFound } from "../../core/errors.js";
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
}

export async function listMessages(deps: ServiceDeps, principal: Principal, page: MessagePage): Promise<Message[]> {
  const batchId = page.batchId == null ? undefined : parseId(page.batchId);
  if (page.batchId != null && batchId === undefined) return [];
  return deps.db.message.findMany({
    where: {
      tenantId: principal.tenantId,
      ...(page.status?.length ? { status: { in: page.status } } : {}),
      ...(batchId !== undefined ? { batchId } : {}),
      id: {
        ...(page.olderThan !== undefined ? { lt: page.olderThan } : {}),
        ...(page.newerThan !== undefined ? { gt: page.newerThan } : {}),
      },
    },
    orderBy: { id: page.ascending ? "asc" : "desc" },
    take: page.limit,
  });
}
