import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import type { AuditEvent, Prisma } from "../../generated/prisma/client.js";
import { parseInput } from "../../core/input/validation.js";
import { auditFilterSchema, type AuditFilter } from "./audit-input.js";

// A tenant's audit log, read: newest first, filtered by actor, action, target and time, a page at
// a time (GET /audit-events, GraphQL auditEvents, the console's audit page) or whole (the export).

export type AuditEventView = Omit<AuditEvent, "tenantId">;

/** Which events a page holds. */
export interface AuditPage {
  /** Only ids below this one (the next page of a newest-first list). */
  olderThan: bigint | undefined;
  /** Only ids above this one (the previous page). */
  newerThan: bigint | undefined;
  /** Oldest first instead (paging backwards). */
  ascending: boolean;
  limit: number;
}

/** Where a filter's events are, for the list and the export alike. */
export function auditWhere(tenantId: number, filter: AuditFilter): Prisma.AuditEventWhereInput {
  return {
    tenantId,
    ...(filter.actor ? { actorName: filter.actor } : {}),
    ...(filter.action ? { action: filter.action.endsWith(".") ? { startsWith: filter.action } : filter.action } : {}),
    ...(filter.target ? { target: filter.target } : {}),
    ...(filter.since || filter.until ? { at: { ...(filter.since ? { gte: filter.since } : {}), ...(filter.until ? { lt: filter.until } : {}) } } : {}),
  };
}

/** One page of the tenant's events matching `filter`. */
export async function listAuditEvents(deps: Pick<ServiceDeps, "readDb">, principal: Pick<Principal, "tenantId">, filter: AuditFilter, page: AuditPage): Promise<AuditEventView[]> {
  const ids = { ...(page.olderThan !== undefined ? { lt: page.olderThan } : {}), ...(page.newerThan !== undefined ? { gt: page.newerThan } : {}) };
  return deps.readDb.auditEvent.findMany({
    where: { ...auditWhere(principal.tenantId, filter), ...(Object.keys(ids).length ? { id: ids } : {}) },
    omit: { tenantId: true },
    orderBy: { id: page.ascending ? "asc" : "desc" },
    take: page.limit,
  });
}

/** A filter as GraphQL's arguments or a REST query give it, checked by its rules. */
export const parseAuditFilter = (raw: unknown): AuditFilter => parseInput(auditFilterSchema, raw);
