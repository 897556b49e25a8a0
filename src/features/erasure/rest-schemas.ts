import { z } from "zod";

// POST /contacts/{number}/erase's answer.

const count = (description: string) => z.number().int().min(0).meta({ description });

export const erasureResponse = z
  .object({
    success: z.literal(true),
    erasure_id: z.number().int().positive().meta({ description: "The erasure's audit event; its contact.erased webhook carries the same." }),
    messages: count("Messages to the contact, kept masked so counts, batch reports and /balance read the same."),
    inbound_messages: count("Messages from the contact, kept masked."),
    contacts: count("The contact's row, removed (0 or 1)."),
    cancelled: count("Queued messages to the contact that were cancelled (failed `cancelled`, allowance given back)."),
    in_flight: count("Messages already with the provider: they may still arrive."),
    webhook_deliveries: count("Stored webhook bodies that lost the contact."),
    idempotency_records: count("Stored answers of Idempotency-Keys that lost the number."),
    batches: count("Batches whose skipped list lost the number."),
    audit_events: count("Audit events that lost the number (admin audit:verify still passes)."),
    chatwoot_records: count("The Chatwoot bridge's rows of the contact."),
    suppression_kept: z.boolean().meta({ description: "The contact was opted out or suppressed, and a keyed hash of the number keeps it so." }),
  })
  .meta({ id: "ErasureResult" });
