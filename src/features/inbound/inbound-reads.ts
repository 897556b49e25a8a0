import type { InboundMessage } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { InboundEvent } from "../../core/live/events.js";
import { notFound, validationError } from "../../core/errors.js";
import { normalizePhoneNumber } from "../../core/input/phone.js";
import { getBatch } from "../batches/index.js";
import { parseId } from "../../core/input/ids.js";
import { ownNumbersWhere, requireOwnNumber, mayUseNumber } from "../../core/auth/number-scope.js";

// Reading inbound messages: the list with its filters, and the live stream (which uses the same
// filters, so a subscriber and a reader agree on what "this contact's replies" are).

export interface InboundFilter {
  accountId?: number | null | undefined;
  /** The contact's number as the caller writes it (normalised here). */
  contact?: string | null | undefined;
  /** ISO 8601 with an offset, as the caller wrote it. */
  since?: string | null | undefined;
  batchId?: string | null | undefined;
}

/** The filter checked and in stored form; another tenant's batch or account is NOT_FOUND. */
export interface CheckedFilter {
  accountId: number | null;
  contact: string | null;
  since: Date | null;
  batchId: bigint | null;
  /** Whose events these are: a key restricted to some numbers sees theirs only. */
  caller: Pick<Principal, "accountIds">;
}

export async function checkInboundFilter(deps: ServiceDeps, principal: Principal, f: InboundFilter): Promise<CheckedFilter> {
  let contact: string | null = null;
  if (f.contact != null) {
    contact = normalizePhoneNumber(f.contact) ?? null;
    if (!contact) throw validationError({ contact: "must be a mobile number in international form or 05XXXXXXXX" });
  }
  const since = f.since == null ? null : new Date(f.since);
  if (since && (Number.isNaN(since.getTime()) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(f.since!))) throw validationError({ since: "must be an ISO 8601 time with an offset" });
  let batchId: bigint | null = null;
  if (f.batchId != null) batchId = (await getBatch(deps, principal, f.batchId)).batch.id;
  if (f.accountId != null) {
    requireOwnNumber(principal, f.accountId);
    const account = await deps.db.account.findFirst({ where: { id: f.accountId, tenantId: principal.tenantId }, select: { id: true } });
    if (!account) throw notFound("Account");
  }
  return { accountId: f.accountId ?? null, contact, since, batchId, caller: principal };
}

export interface InboundPage {
  olderThan?: bigint | undefined;
  newerThan?: bigint | undefined;
  limit: number;
  ascending?: boolean;
}

/** The tenant's inbound messages, newest first (by arrival), filtered. */
export async function listInboundMessages(deps: ServiceDeps, principal: Principal, filter: CheckedFilter, page: InboundPage): Promise<InboundMessage[]> {
  return deps.readDb.inboundMessage.findMany({
    where: {
      tenantId: principal.tenantId,
      ...ownNumbersWhere(principal),
      ...(filter.accountId !== null ? { accountId: filter.accountId } : {}),
      ...(filter.contact !== null ? { fromNumber: filter.contact } : {}),
      ...(filter.batchId !== null ? { batchId: filter.batchId } : {}),
      ...(filter.since !== null ? { receivedAt: { gte: filter.since } } : {}),
      id: {
        ...(page.olderThan !== undefined ? { lt: page.olderThan } : {}),
        ...(page.newerThan !== undefined ? { gt: page.newerThan } : {}),
      },
    },
    orderBy: { id: page.ascending ? "asc" : "desc" },
    take: page.limit,
  });
}

export async function getInboundMessage(deps: ServiceDeps, principal: Principal, rawId: string): Promise<InboundMessage> {
  const id = parseId(rawId);
  const row = id && (await deps.db.inboundMessage.findFirst({ where: { id, tenantId: principal.tenantId, ...ownNumbersWhere(principal) } }));
  if (!row) throw notFound("Inbound message");
  return row;
}

/** Whether a live inbound event passes a subscription's filter (`since` is moot for what is new). */
export const inboundEventPasses = (filter: CheckedFilter) => (e: InboundEvent) =>
  mayUseNumber(filter.caller, e.accountId) &&
  (filter.accountId === null || e.accountId === filter.accountId) &&
  (filter.contact === null || e.fromNumber === filter.contact) &&
  (filter.batchId === null || e.batchId === String(filter.batchId));
