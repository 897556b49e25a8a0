import { builder } from "../../core/graphql/builder.js";
import { eraseContactAsCaller, type ErasureResult } from "./erasure.js";

const ErasureResultRef = builder.objectRef<ErasureResult>("ErasureResult").implement({
  description: "What an erasure took out, counted; it names no number.",
  fields: (t) => ({
    erasureId: t.id({ description: "The erasure's audit event; its contact.erased webhook carries the same.", resolve: (r) => String(r.erasureId) }),
    messages: t.exposeInt("messages", { description: "Messages to the contact, kept masked so counts and balances read the same." }),
    inboundMessages: t.exposeInt("inboundMessages", { description: "Messages from the contact, kept masked." }),
    contacts: t.exposeInt("contacts", { description: "The contact's row, removed (0 or 1)." }),
    cancelled: t.exposeInt("cancelled", { description: "Queued messages to the contact that were cancelled (failed `cancelled`, allowance given back)." }),
    inFlight: t.exposeInt("inFlight", { description: "Messages already with the provider: they may still arrive." }),
    webhookDeliveries: t.exposeInt("webhookDeliveries", { description: "Stored webhook bodies that lost the contact." }),
    idempotencyRecords: t.exposeInt("idempotencyRecords", { description: "Stored answers of Idempotency-Keys that lost the number." }),
    batches: t.exposeInt("batches", { description: "Batches whose skipped list lost the number." }),
    auditEvents: t.exposeInt("auditEvents", { description: "Audit events that lost the number (the chain still verifies)." }),
    chatwootRecords: t.exposeInt("chatwootRecords", { description: "The Chatwoot bridge's rows of the contact." }),
    suppressionKept: t.exposeBoolean("suppressionKept", {
      description: "The contact was opted out or suppressed; a keyed hash of the number keeps it so (opt it in to end that).",
    }),
  }),
});

builder.mutationFields((t) => ({
  eraseContact: t.field({
    authScopes: { scope: "contacts:manage" },
    type: ErasureResultRef,
    description:
      "Erases a contact from your data in one transaction: its number, name, texts, captions, media links and payloads, everywhere. Counts stay; an opt-out stays as a keyed hash of the number. NOT_FOUND when you hold nothing of it.",
    args: { number: t.arg.string({ required: true, description: "The contact's number, in any accepted spelling." }) },
    resolve: async (_, args, ctx) => eraseContactAsCaller(ctx.deps, await ctx.principal(), args.number),
  }),
}));
