import { call, ChatwootCallError, type CallContext, type Multipart } from "./chatwoot-api.js";

// Chatwoot's answers as the relay reads them: only the fields it uses (reference sections 2 to 5).

interface ContactJson {
  id: number;
  phone_number: string | null;
  contact_inboxes?: Array<{ source_id: string; inbox?: { id: number } }>;
}
interface ConversationJson {
  id: number;
  inbox_id: number;
  status: string;
}
interface MessageJson {
  id: number;
  source_id: string | null;
  /** Unix seconds. */
  created_at: number;
}
/** An inbox (views/api/v1/models/_inbox.json.jbuilder): `secret` only for an API inbox, to an administrator, from 4.13. */
export interface InboxJson {
  id: number;
  channel_type: string;
  secret?: string | null;
}

/** The account's contact with exactly this E.164 number (filter: phone_number equal_to), if any. */
export async function findContact(ctx: CallContext, phone: string): Promise<ContactJson | undefined> {
  const answer = await call<{ payload?: ContactJson[] }>(ctx, "POST", "/contacts/filter", {
    json: {
      payload: [
        {
          attribute_key: "phone_number",
          filter_operator: "equal_to",
          values: [phone],
          query_operator: null,
        },
      ],
    },
  });
  return answer.payload?.find((c) => c.phone_number === phone);
}

/** Creates the contact with its session in the inbox (source_id); null when the number was taken meanwhile. */
export async function createContact(ctx: CallContext, c: { name: string; phone: string; sourceId: string }): Promise<ContactJson | null> {
  try {
    const answer = await call<{ payload: { contact: ContactJson } }>(ctx, "POST", "/contacts", {
      json: {
        name: c.name,
        phone_number: c.phone,
        inbox_id: ctx.target.inboxId,
        source_id: c.sourceId,
      },
    });
    return answer.payload.contact;
  } catch (err) {
    if (err instanceof ChatwootCallError && err.status === 422 && /taken/i.test(err.message)) return null;
    throw err;
  }
}

/** Gives an existing contact a session in the inbox; answers its source_id (an existing one when Chatwoot keeps it). */
export async function addContactInbox(ctx: CallContext, contactId: number, sourceId: string): Promise<string> {
  const answer = await call<{ source_id?: string }>(ctx, "POST", `/contacts/${contactId}/contact_inboxes`, { json: { inbox_id: ctx.target.inboxId, source_id: sourceId } });
  return answer.source_id ?? sourceId;
}

/**
 * The contact's latest conversation in the inbox, whatever its status: Chatwoot reopens a resolved
 * API-inbox conversation when an incoming message arrives, so one conversation serves a contact.
 */
export async function latestConversation(ctx: CallContext, contactId: number): Promise<number | undefined> {
  const answer = await call<{ payload?: ConversationJson[] }>(ctx, "GET", `/contacts/${contactId}/conversations`);
  const mine = (answer.payload ?? []).filter((c) => c.inbox_id === ctx.target.inboxId);
  return (mine.find((c) => c.status !== "resolved") ?? mine[0])?.id;
}

export async function createConversation(ctx: CallContext, contactId: number, sourceId: string): Promise<number> {
  const answer = await call<ConversationJson>(ctx, "POST", "/conversations", {
    json: {
      source_id: sourceId,
      inbox_id: ctx.target.inboxId,
      contact_id: contactId,
      status: "open",
    },
  });
  return answer.id;
}

export interface NewMessage {
  content: string;
  messageType: "incoming" | "outgoing";
  private: boolean;
  /** The relay's own id for it: recognised when Chatwoot echoes the message back. */
  sourceId: string;
  contentAttributes?: Record<string, unknown>;
}

const fieldsOf = (m: NewMessage) => ({
  content: m.content,
  message_type: m.messageType,
  private: String(m.private),
  source_id: m.sourceId,
  ...(m.contentAttributes ? { content_attributes: JSON.stringify(m.contentAttributes) } : {}),
});

/** Posts a message (JSON, or multipart with its file); answers Chatwoot's message id. */
export async function postMessage(ctx: CallContext, conversationId: number, m: NewMessage, form?: (fields: Record<string, string>) => Multipart): Promise<number> {
  const body = form
    ? { form: form(fieldsOf(m)) }
    : {
        json: {
          content: m.content,
          message_type: m.messageType,
          private: m.private,
          source_id: m.sourceId,
          ...(m.contentAttributes ? { content_attributes: m.contentAttributes } : {}),
        },
      };
  const answer = await call<MessageJson>(ctx, "POST", `/conversations/${conversationId}/messages`, body);
  return answer.id;
}

/** How far back a lost post is looked for: MessageFinder's pages of 20, at most this many. */
const SEARCH_PAGES = 50;

/**
 * The conversation's message posted with `sourceId`, if any: looked for page by page back from the
 * latest (MessageFinder's `before`, 20 a page), down to messages older than `since` (Chatwoot's
 * clock: created_at in seconds) or SEARCH_PAGES pages, so a conversation busy since the post
 * does not hide it behind the latest 20.
 */
export async function findPosted(ctx: CallContext, conversationId: number, sourceId: string, since: Date): Promise<number | undefined> {
  let before: number | undefined;
  for (let page = 0; page < SEARCH_PAGES; page++) {
    const answer = await call<{ payload?: MessageJson[] }>(ctx, "GET", `/conversations/${conversationId}/messages${before === undefined ? "" : `?before=${before}`}`);
    const messages = answer.payload ?? [];
    const found = messages.find((m) => m.source_id === sourceId);
    if (found) return found.id;
    if (messages.length < 20 || messages.some((m) => m.created_at * 1000 < since.getTime())) return undefined;
    before = Math.min(...messages.map((m) => m.id));
  }
  return undefined;
}

/** The connected inbox as the token sees it: an API inbox carries its webhook secret (to an administrator, from 4.13). */
export const readInbox = (ctx: CallContext) => call<InboxJson>(ctx, "GET", `/inboxes/${ctx.target.inboxId}`);

/** The webhook secret an inbox's JSON shows, if any (printable, as has_secure_token makes it). */
export const secretOf = (inbox: InboxJson): string | null =>
  inbox.channel_type === "Channel::Api" && typeof inbox.secret === "string" && /^[\x21-\x7e]{8,200}$/.test(inbox.secret) ? inbox.secret : null;

/** Sets an agent's message's status (API inboxes, Chatwoot 4.2+); `failed` carries the reason. */
export async function setStatus(ctx: CallContext, conversationId: number, messageId: number, status: string, error: string | null): Promise<void> {
  await call(ctx, "PATCH", `/conversations/${conversationId}/messages/${messageId}`, {
    json: status === "failed" ? { status, external_error: error ?? "" } : { status },
  });
}
