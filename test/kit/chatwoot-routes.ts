import type http from "node:http";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import * as cw from "./chatwoot-state.js";
import type { CwAttachment, CwContact, CwConversation, CwMessage } from "./chatwoot-state.js";
import type { ChatwootStandIn } from "./chatwoot.js";

// The Application API paths the Chatwoot stand-in answers (test/kit/chatwoot.ts), each as Chatwoot
// v4.16.2 does (test/kit/references/chatwoot-api.md names the source of every check and shape).

/** Status and body: JSON, a location to redirect to (a string), or a file's bytes with their type. */
export type Answer = [number, unknown, string?];

const PHONE = /^\+[1-9]\d{1,14}$/;
const NOT_FOUND: Answer = [404, { error: "Resource could not be found" }];

/** A body field as text (JSON or a form field), or undefined when it is not text. */
const text = (v: unknown): string | undefined => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : undefined);

/** AccessTokenAuthHelper::BOT_ACCESSIBLE_ENDPOINTS at v4.16.2, as the paths the stand-in has: the rest is refused to an agent bot. */
const BOT_ALLOWED: Array<[string, RegExp]> = [
  ["GET", /^\/conversations\/\d+$/],
  ["POST", /^\/conversations$/],
  ["POST", /^\/conversations\/\d+\/messages$/],
];

export interface StandInRequest {
  method: string;
  token: string | string[] | undefined;
  url: URL;
  body: () => Promise<Record<string, unknown>>;
}

type Options = { accountId: number };

export async function route(s: ChatwootStandIn, o: Options, id: () => number, req: StandInRequest): Promise<Answer> {
  const { url, method, body } = req;
  const file = /^\/files\/(\d+)$/.exec(url.pathname) ?? /^\/rails\/active_storage\/blobs\/redirect\/(\d+)\//.exec(url.pathname);
  if (file) return fileAnswer(s, Number(file[1]), url.pathname.startsWith("/rails"));
  const owner = typeof req.token === "string" ? s.tokens.get(req.token) : undefined;
  if (!owner) return [401, { error: "Invalid Access Token" }];
  const path = new RegExp(`^/api/v1/accounts/${o.accountId}(/.*)$`).exec(url.pathname)?.[1];
  if (!path) return NOT_FOUND;
  if (owner.kind === "agent_bot" && !BOT_ALLOWED.some(([allowed, re]) => allowed === method && re.test(path))) {
    return [401, { error: "Access to this endpoint is not authorized for bots" }];
  }
  const m = (re: RegExp) => re.exec(path);
  let hit: RegExpExecArray | null;
  if (method === "GET" && (hit = m(/^\/inboxes\/(\d+)$/))) {
    const inbox = s.inboxes.find((i) => i.id === Number(hit![1]));
    return inbox ? [200, cw.inboxShowJson(inbox, owner)] : NOT_FOUND;
  }
  if (method === "POST" && path === "/contacts/filter") return filterContacts(s, await body());
  if (method === "POST" && path === "/contacts") return createContact(s, id, await body());
  if (method === "POST" && (hit = m(/^\/contacts\/(\d+)\/contact_inboxes$/))) return createContactInbox(s, Number(hit[1]), await body());
  if (method === "GET" && (hit = m(/^\/contacts\/(\d+)\/conversations$/))) return contactConversations(s, o, Number(hit[1]));
  if (method === "POST" && path === "/conversations") return createConversation(s, o, id, await body());
  if (method === "POST" && (hit = m(/^\/conversations\/(\d+)\/messages$/))) return createMessage(s, id, Number(hit[1]), await body());
  if (method === "GET" && (hit = m(/^\/conversations\/(\d+)\/messages$/))) return listMessages(s, Number(hit[1]), url.searchParams);
  if ((method === "PATCH" || method === "PUT") && (hit = m(/^\/conversations\/(\d+)\/messages\/(\d+)$/))) return updateStatus(s, Number(hit[1]), Number(hit[2]), await body());
  return NOT_FOUND;
}

/** A JSON body, or a multipart form's fields and files (attachments[]). */
export async function readBody(req: http.IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const type = req.headers["content-type"] ?? "";
  const request = new Request(url, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: Readable.toWeb(req) as ReadableStream,
    duplex: "half",
  } as RequestInit);
  if (type.startsWith("multipart/form-data")) {
    const form = await request.formData();
    const out: Record<string, unknown> = { attachments: [] as File[] };
    for (const [key, value] of form.entries()) {
      if (key === "attachments[]" && typeof value !== "string") (out.attachments as File[]).push(value);
      else out[key] = value;
    }
    return out;
  }
  const text = await request.text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function filterContacts(s: ChatwootStandIn, body: Record<string, unknown>): Answer {
  const rule = (body.payload as Array<{ attribute_key: string; filter_operator: string; values: string[] }> | undefined)?.[0];
  if (!rule || rule.attribute_key !== "phone_number" || rule.filter_operator !== "equal_to") return [422, { error: "the stand-in filters by phone_number equal_to only" }];
  // filter_service.rb: "+#{current_val&.delete('+')}"
  const wanted = `+${(text(rule.values[0]) ?? "").replaceAll("+", "")}`;
  const found = s.contacts.filter((c) => c.phone_number === wanted);
  return [200, { meta: { count: found.length, current_page: 1 }, payload: found.map(cw.contactJson) }];
}

/** The account's inbox of that id (`Current.account.inboxes.find`), if any. */
const inboxOf = (s: ChatwootStandIn, raw: unknown) => s.inboxes.find((i) => i.id === Number(raw));

function createContact(s: ChatwootStandIn, id: () => number, body: Record<string, unknown>): Answer {
  const phone = typeof body.phone_number === "string" ? body.phone_number : null;
  if (phone && !PHONE.test(phone)) return [422, { message: "Phone number should be in e164 format", attributes: ["phone_number"] }];
  if (phone && s.contacts.some((c) => c.phone_number === phone)) return [422, { message: "Phone number has already been taken", attributes: ["phone_number"] }];
  const inbox = body.inbox_id === undefined ? undefined : inboxOf(s, body.inbox_id);
  if (body.inbox_id !== undefined && !inbox) return NOT_FOUND;
  const contact: CwContact = { id: id(), name: text(body.name) ?? phone ?? "", phone_number: phone, identifier: (body.identifier as string) ?? null, contact_inboxes: [] };
  s.contacts.push(contact);
  let contactInbox: { inbox: unknown; source_id: string } | null = null;
  if (inbox) {
    const sourceId = typeof body.source_id === "string" ? body.source_id : randomUUID();
    contact.contact_inboxes.push({ inbox_id: inbox.id, source_id: sourceId });
    contactInbox = { inbox: cw.inboxJson(inbox.id), source_id: sourceId };
  }
  return [200, { payload: { contact: cw.contactJson(contact), contact_inbox: contactInbox } }];
}

function createContactInbox(s: ChatwootStandIn, contactId: number, body: Record<string, unknown>): Answer {
  const contact = s.contacts.find((c) => c.id === contactId);
  const inbox = inboxOf(s, body.inbox_id);
  if (!contact || !inbox) return NOT_FOUND;
  const sourceId = typeof body.source_id === "string" ? body.source_id : randomUUID();
  const taken = s.contacts.find((c) => c.id !== contactId && c.contact_inboxes.some((ci) => ci.inbox_id === inbox.id && ci.source_id === sourceId));
  if (taken) return [422, { message: "Source has already been taken", attributes: ["source_id"] }];
  if (!contact.contact_inboxes.some((ci) => ci.inbox_id === inbox.id && ci.source_id === sourceId)) contact.contact_inboxes.push({ inbox_id: inbox.id, source_id: sourceId });
  return [200, { source_id: sourceId, inbox: cw.inboxJson(inbox.id) }];
}

function contactConversations(s: ChatwootStandIn, o: Options, contactId: number): Answer {
  const contact = s.contacts.find((c) => c.id === contactId);
  if (!contact) return NOT_FOUND;
  const mine = s.conversations.filter((c) => c.contact_id === contactId).sort((a, b) => b.last_activity_at - a.last_activity_at);
  return [200, { payload: mine.slice(0, 20).map((c) => cw.conversationJson(c, o.accountId, contact)) }];
}

function createConversation(s: ChatwootStandIn, o: Options, id: () => number, body: Record<string, unknown>): Answer {
  const sourceId = text(body.source_id) ?? "";
  const session = s.contacts.flatMap((c) => c.contact_inboxes.map((ci) => ({ contact: c, ...ci }))).find((ci) => ci.source_id === sourceId);
  const contact = body.contact_id !== undefined ? s.contacts.find((c) => c.id === Number(body.contact_id)) : session?.contact;
  const inbox = body.inbox_id !== undefined ? inboxOf(s, body.inbox_id) : inboxOf(s, session?.inbox_id);
  if (!contact || !inbox) return NOT_FOUND;
  if (!contact.contact_inboxes.some((ci) => ci.inbox_id === inbox.id && ci.source_id === sourceId)) contact.contact_inboxes.push({ inbox_id: inbox.id, source_id: sourceId });
  const status = (body.status as CwConversation["status"]) ?? "open";
  const conversation: CwConversation = {
    display_id: id(),
    inbox_id: inbox.id,
    contact_id: contact.id,
    source_id: sourceId,
    status,
    last_activity_at: Math.floor(Date.now() / 1000),
  };
  s.conversations.push(conversation);
  return [200, cw.conversationJson(conversation, o.accountId, contact)];
}

async function createMessage(s: ChatwootStandIn, id: () => number, displayId: number, body: Record<string, unknown>): Promise<Answer> {
  const conversation = s.conversations.find((c) => c.display_id === displayId);
  if (!conversation) return NOT_FOUND;
  const files = (body.attachments as File[] | undefined) ?? [];
  if (body.content === undefined && files.length === 0) return [422, { message: "Content can't be blank", attributes: ["content"] }];
  const recent = s.messages.filter((m) => m.conversation_display_id === displayId && m.created_at > Date.now() / 1000 - 60);
  if (recent.length >= 200) return [422, { message: "Too many messages", attributes: ["base"] }];
  const attributes =
    typeof body.content_attributes === "string" ? (JSON.parse(body.content_attributes) as Record<string, unknown>) : ((body.content_attributes as Record<string, unknown>) ?? {});
  const message: CwMessage = {
    id: id(),
    conversation_display_id: displayId,
    content: text(body.content) ?? null,
    message_type: (body.message_type as CwMessage["message_type"]) ?? "outgoing",
    private: body.private === true || body.private === "true",
    content_type: text(body.content_type) ?? "text",
    content_attributes: attributes,
    source_id: (body.source_id as string) ?? null,
    status: "sent",
    created_at: Math.floor(Date.now() / 1000),
    attachments: [],
    stored_ms: Date.now(),
  };
  for (const f of files) {
    const bytes = Buffer.from(await f.arrayBuffer());
    message.attachments.push({
      id: id(),
      message_id: message.id,
      file_type: cw.fileTypeOf(f.type),
      content_type: f.type,
      file_size: bytes.length,
      bytes,
      filename: f.name,
    } satisfies CwAttachment);
  }
  s.messages.push(message);
  conversation.last_activity_at = message.created_at;
  if (message.message_type === "incoming" && conversation.status === "resolved") conversation.status = "open";
  return [200, cw.messageJson(message, s.fileOrigin ?? s.url)];
}

/**
 * messages#index (MessageFinder, reference 4d): the latest 20, oldest first; `before`: the 20 before
 * that id; `after`: the next 100 after it; both: those between (at most 1,000).
 */
function listMessages(s: ChatwootStandIn, displayId: number, query: URLSearchParams): Answer {
  const conversation = s.conversations.find((c) => c.display_id === displayId);
  if (!conversation) return NOT_FOUND;
  const all = s.messages.filter((m) => m.conversation_display_id === displayId);
  const [after, before] = [query.get("after"), query.get("before")].map((v) => (v ? Number.parseInt(v, 10) : undefined));
  let page: CwMessage[];
  if (after !== undefined && before !== undefined) page = all.filter((m) => m.id >= after && m.id < before).slice(0, 1000);
  else if (before !== undefined) page = all.filter((m) => m.id < before).slice(-20);
  else if (after !== undefined) page = all.filter((m) => m.id > after).slice(0, 100);
  else page = all.slice(-20);
  return [200, { meta: { labels: [], additional_attributes: {}, contact_id: conversation.contact_id }, payload: page.map((m) => cw.messageJson(m, s.fileOrigin ?? s.url)) }];
}

function updateStatus(s: ChatwootStandIn, displayId: number, messageId: number, body: Record<string, unknown>): Answer {
  const message = s.messages.find((m) => m.id === messageId && m.conversation_display_id === displayId);
  if (!message) return [404, { error: "Resource could not be found" }];
  const status = text(body.status) ?? "";
  // status_update_service.rb: unknown statuses and read → delivered change nothing, and still answer 200.
  if (["sent", "delivered", "read", "failed"].includes(status) && !(message.status === "read" && status === "delivered")) {
    message.status = status as CwMessage["status"];
    if (status === "failed") message.content_attributes = { ...message.content_attributes, external_error: body.external_error ?? null };
  }
  return [200, cw.messageJson(message, s.url)];
}

/** A stored attachment: its data_url redirects (301) to the file, as Chatwoot's active storage does. */
function fileAnswer(s: ChatwootStandIn, attachmentId: number, viaRedirect: boolean): Answer {
  const attachment = s.messages.flatMap((m) => m.attachments).find((a) => a.id === attachmentId);
  if (!attachment) return [404, { error: "Resource could not be found" }];
  if (viaRedirect) return [301, `/files/${attachmentId}`];
  return [200, attachment.bytes, attachment.content_type];
}
