import type { ServiceDeps } from "../../../core/deps.js";
import type { CallContext } from "./chatwoot-api.js";
import { addContactInbox, createContact, createConversation, findContact, latestConversation } from "./chatwoot-calls.js";
import { rememberContact } from "./outbox-sql.js";

// A contact's conversation in the bridge's inbox: remembered once found or made, so every message
// of a contact goes to one conversation (never one per message), from one Chatwoot contact matched
// by phone number (created once). Only one post per contact runs at a time (the outbox's order),
// so two posts never race to make the same contact or conversation. What is forgotten (deleted in
// Chatwoot, or the bridge moved to another inbox) is found or made again here.

export interface Conversation {
  conversationId: number;
  /** The contact's session in the inbox; the gateway makes it the contact's international digits. */
  sourceId: string;
}

export interface ContactFacts {
  bridgeId: number;
  phone: string;
  name: string | null;
  /** The number the contact wrote to, remembered so agents answer from it. */
  accountId: number | null;
}

/** The remembered conversation, or the one found or made now (and remembered). */
export async function conversationOf(deps: ServiceDeps, ctx: CallContext, c: ContactFacts): Promise<Conversation> {
  const known = await deps.db.chatwootContact.findUnique({
    where: { bridgeId_phone: { bridgeId: c.bridgeId, phone: c.phone } },
  });
  if (known?.conversationId != null) {
    if (c.accountId !== null && known.accountId !== c.accountId) {
      await rememberContact(deps.db, c.bridgeId, c.phone, { ...known }, c.accountId, { place: ctx.target, now: deps.clock.now() });
    }
    return { conversationId: known.conversationId, sourceId: known.sourceId };
  }
  const contact = known?.chatwootContactId != null ? { id: known.chatwootContactId, sourceId: known.sourceId } : await findOrCreateContact(ctx, c);
  const conversationId = (await latestConversation(ctx, contact.id)) ?? (await createConversation(ctx, contact.id, contact.sourceId));
  await rememberContact(
    deps.db,
    c.bridgeId,
    c.phone,
    {
      chatwootContactId: contact.id,
      sourceId: contact.sourceId,
      conversationId,
    },
    c.accountId,
    { place: ctx.target, now: deps.clock.now() },
  );
  return { conversationId, sourceId: contact.sourceId };
}

async function findOrCreateContact(ctx: CallContext, c: ContactFacts): Promise<{ id: number; sourceId: string }> {
  const e164 = `+${c.phone}`;
  let contact = await findContact(ctx, e164);
  if (!contact) {
    contact =
      (await createContact(ctx, {
        name: c.name ?? e164,
        phone: e164,
        sourceId: c.phone,
      })) ?? (await findContact(ctx, e164));
    if (!contact) throw new Error("Chatwoot said the number was taken but no contact has it");
  }
  const session = contact.contact_inboxes?.find((ci) => ci.inbox?.id === ctx.target.inboxId);
  const sourceId = session?.source_id ?? (await addContactInbox(ctx, contact.id, c.phone));
  return { id: contact.id, sourceId };
}
