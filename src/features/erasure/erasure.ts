import type { Db, DbClient } from "../../core/db/database.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import type { Message } from "../../generated/prisma/client.js";
import { notFound, ServiceError, validationError } from "../../core/errors.js";
import { normalizePhoneNumber, PHONE_PROBLEM } from "../../core/input/phone.js";
import { statusEvent } from "../../core/live/events.js";
import { authorIn, type Author } from "../../core/audit/audited.js";
import { auditEvent } from "../../core/audit/audit-record.js";
import { eraseFromAuditEvents, insertAuditEvent } from "../../core/audit/audit-event-sql.js";
import { eraseContactRow, erasureKeySet } from "../contacts/index.js";
import { CANCELLED, cancelForOptOut, eraseFromBatches, eraseFromIdempotencyKeys, eraseMessagesTo } from "../queue/index.js";
import { eraseInboundFrom } from "../inbound/index.js";
import { enqueueContactErased, eraseFromDeliveries } from "../webhooks/index.js";
import { withdrawExports } from "../exports/index.js";
import { eraseChatwootContact } from "../chatwoot/index.js";
import { eraseAutomationContact } from "../automation/index.js";

// Erasing a contact (docs/privacy.md): for the calling tenant only, in one transaction, every
// owner of a table that may hold the contact's number, name, texts, media links or payloads takes
// them out by its own statement, in an order where each finds what the one before left: the
// queued messages are cancelled first (their status events are queued with the number, and the
// webhooks' part then masks them), inbound messages let go of the contact before its row goes,
// and the audit log is scrubbed before the erasure's own event, which names no number. Rows stay
// wherever counts are read from them, masked; an opt-out stays as the number's keyed hash.

export interface ErasureResult {
  /** The erasure's audit event id; its `contact.erased` webhook carries the same. */
  erasureId: bigint;
  messages: number;
  inboundMessages: number;
  contacts: number;
  /** Queued messages to the contact that were cancelled (failed `cancelled`, allowance given back). */
  cancelled: number;
  /** Messages to the contact in the provider's hands at the time: they may still arrive. */
  inFlight: number;
  webhookDeliveries: number;
  idempotencyRecords: number;
  batches: number;
  auditEvents: number;
  chatwootRecords: number;
  /** The contact was opted out or suppressed, and its number's keyed hash keeps it so. */
  suppressionKept: boolean;
}

/** An erasure's number, normalised, or 422 naming `number`. */
export function erasedNumber(raw: string): string {
  const number = raw.length <= 32 ? normalizePhoneNumber(raw) : undefined;
  if (!number) throw validationError({ number: PHONE_PROBLEM });
  return number;
}

type Counts = Omit<ErasureResult, "erasureId">;

async function eraseEverywhere(tx: DbClient, tenantId: number, number: string, at: Date): Promise<{ counts: Counts; cancelled: Message[] }> {
  const contact = await tx.contact.findUnique({ where: { tenantId_phone: { tenantId, phone: number } }, select: { lid: true } });
  const cancel = await cancelForOptOut(tx, tenantId, [number], CANCELLED);
  const messageIds = await eraseMessagesTo(tx, tenantId, number);
  const inboundIds = await eraseInboundFrom(tx, tenantId, number, contact?.lid ?? null);
  const row = await eraseContactRow(tx, tenantId, number, at);
  await eraseAutomationContact(tx, tenantId, number);
  const counts: Counts = {
    messages: messageIds.length,
    inboundMessages: inboundIds.length,
    contacts: row.contacts,
    cancelled: cancel.cancelled.length,
    inFlight: cancel.inFlight,
    batches: await eraseFromBatches(tx, tenantId, number),
    idempotencyRecords: await eraseFromIdempotencyKeys(tx, tenantId, number),
    chatwootRecords: await eraseChatwootContact(tx, tenantId, number),
    webhookDeliveries: await eraseFromDeliveries(tx, tenantId, number, messageIds, inboundIds),
    auditEvents: await eraseFromAuditEvents(tx, tenantId, number, at),
    suppressionKept: row.suppressionKept,
  };
  // An export written before now may hold the contact: it goes too.
  await withdrawExports(tx, tenantId, at);
  return { counts, cancelled: cancel.cancelled };
}

/** The event's and the webhook's account of an erasure: counts only. */
const described = (c: Counts) => ({
  messages: c.messages,
  inbound_messages: c.inboundMessages,
  contacts: c.contacts,
  cancelled: c.cancelled,
  suppression_kept: c.suppressionKept,
});

/**
 * Erases the tenant's contact of `rawNumber` everywhere (the module comment says how), or answers
 * 404 when the tenant holds nothing of it, changing nothing. Another tenant's rows are never read.
 */
export async function eraseContact(db: Db, tenantId: number, rawNumber: string, by: Author): Promise<{ result: ErasureResult; cancelled: Message[] }> {
  const number = erasedNumber(rawNumber);
  if (!erasureKeySet()) throw new ServiceError("SERVICE_UNAVAILABLE", "Erasure is off: the operator has not set ERASURE_KEY (docs/privacy.md).");
  return db.$transaction(
    async (tx) => {
      const { counts, cancelled } = await eraseEverywhere(tx, tenantId, number, by.at);
      const found = counts.messages + counts.inboundMessages + counts.contacts + counts.webhookDeliveries + counts.idempotencyRecords + counts.batches;
      // Nothing of it in this tenant (or erased already): 404, and the transaction, empty, rolls back.
      if (found + counts.auditEvents + counts.chatwootRecords === 0) throw notFound("Contact");
      const event = await insertAuditEvent(tx, auditEvent(tenantId, by.actor, by.at, { action: "contact.erased", target: "erasure", after: described(counts) }));
      await enqueueContactErased(tx, tenantId, { erasureId: event.id, at: by.at, data: described(counts) });
      return { result: { erasureId: event.id, ...counts }, cancelled };
    },
    { isolationLevel: "ReadCommitted", timeout: 60_000 },
  );
}

/** The caller's erasure, its cancelled messages' events published once it committed. */
export async function eraseContactAsCaller(deps: ServiceDeps, principal: Principal, rawNumber: string): Promise<ErasureResult> {
  const { result, cancelled } = await eraseContact(deps.db, principal.tenantId, rawNumber, authorIn(deps, principal));
  deps.events.publish(cancelled.map((m) => statusEvent(m)));
  return result;
}
