import { route } from "../../core/rest/route.js";
import { EraseContactOperation } from "./operations.js";
import { erasureResponse } from "./rest-schemas.js";

// Erasure on the REST facade, over the same GraphQL operation as /graphql.

export const erasureRoutes = [
  route({
    method: "POST",
    path: /^\/contacts\/([^/]+)\/erase$/,
    doc: {
      path: "/contacts/{number}/erase",
      operationId: "eraseContact",
      summary: "Erase a contact from your data",
      description:
        "In one transaction: the contact's number, name and every text, caption, media link and payload of it go from your messages, inbound messages, " +
        "contacts, webhook deliveries' stored bodies, Idempotency-Key answers, batches, Chatwoot bridge and audit log; queued messages to it are cancelled " +
        "(allowance given back). Counts stay, and an opt-out stays as a keyed hash of the number. A `contact.erased` webhook names no number. " +
        "404 when you hold nothing of the number (erased already, or never seen): nothing changes. See docs/privacy.md.",
      tag: "Contacts",
      errors: ["NOT_FOUND"],
    },
    answer: erasureResponse,
    operation: EraseContactOperation,
    variables: ([number]) => ({ number: number ?? "" }),
    respond: ({ eraseContact: r }) => ({
      success: true as const,
      erasure_id: Number(r.erasureId),
      messages: r.messages,
      inbound_messages: r.inboundMessages,
      contacts: r.contacts,
      cancelled: r.cancelled,
      in_flight: r.inFlight,
      webhook_deliveries: r.webhookDeliveries,
      idempotency_records: r.idempotencyRecords,
      batches: r.batches,
      audit_events: r.auditEvents,
      chatwoot_records: r.chatwootRecords,
      suppression_kept: r.suppressionKept,
    }),
  }),
];
