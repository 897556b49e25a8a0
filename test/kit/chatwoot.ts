import http from "node:http";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import * as cw from "./chatwoot-state.js";
import type { CwAttachment, CwContact, CwConversation, CwMessage } from "./chatwoot-state.js";

// A Chatwoot stand-in: the Application API paths of an API channel inbox that the bridge uses, and
// the webhooks Chatwoot sends, built from Chatwoot v4.16.2's own source and swagger files (every
// path, field, status code and error body is in test/kit/references/chatwoot-api.md with its source).
// It checks what Chatwoot checks on these paths: the api_access_token header (401), the account and
// the inbox, the E.164 phone format and its uniqueness per account, a source_id per inbox, incoming
// messages on API inboxes only, and status changes (never read → delivered). It does not model
// agents, teams, bots or permissions. A test can make it answer 500, 429 (rack-attack's plain
// "Retry later", with no Retry-After) or nothing at all, and slow it down.

export interface ChatwootStandIn {
  url: string;
  contacts: CwContact[];
  conversations: CwConversation[];
  messages: CwMessage[];
  /** Every request, in order: method and path (for counting calls). */
  requests: Array<{ method: string; path: string }>;
  /** Answers to give instead of the real one, one per request, first in first out. */
  override: Array<"500" | "429" | "hang" | "store-hang">;
  delayMs: number;
  /** Where attachments' data_url points (Chatwoot's FRONTEND_URL); the stand-in's own address when unset. */
  fileOrigin?: string;
  /** An agent writes in a conversation (as in Chatwoot's app): the message is stored, its webhook not yet sent. */
  agentWrites(displayId: number, content: string, o?: { private?: boolean; files?: Array<{ bytes: Buffer; filename: string; contentType: string }> }): CwMessage;
  /** The `message_created` webhook Chatwoot sends for a stored message (webhook_data, reference 6b). */
  webhookOf(message: CwMessage): Record<string, unknown>;
  /** Posts a webhook as Chatwoot does (signed when `secret` is given, as since v4.13.0). */
  deliver(url: string, payload: unknown, secret?: string): Promise<Response>;
  close(): Promise<void>;
}

const PHONE = /^\+[1-9]\d{1,14}$/;

/** A body field as text (JSON or a form field), or undefined when it is not text. */
const text = (v: unknown): string | undefined => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : undefined);

export async function startChatwoot(options: { accountId: number; inboxId: number; token: string }): Promise<ChatwootStandIn> {
  let nextId = 1;
  const id = () => nextId++;
  const hanging = new Set<http.ServerResponse>();
  const state: ChatwootStandIn = {
    url: "",
    contacts: [],
    conversations: [],
    messages: [],
    requests: [],
    override: [],
    delayMs: 0,
    deliver: (url, payload, secret) => cw.deliverWebhook(url, payload, secret),
    agentWrites: (displayId, content, o = {}) => {
      const message: CwMessage = {
        id: id(),
        conversation_display_id: displayId,
        content,
        message_type: "outgoing",
        private: o.private ?? false,
        content_type: "text",
        content_attributes: {},
        source_id: null,
        status: "sent",
        created_at: Math.floor(Date.now() / 1000),
        attachments: [],
      };
      for (const f of o.files ?? []) {
        message.attachments.push({
          id: id(),
          message_id: message.id,
          file_type: cw.fileTypeOf(f.contentType),
          content_type: f.contentType,
          file_size: f.bytes.length,
          bytes: f.bytes,
          filename: f.filename,
        });
      }
      state.messages.push(message);
      return message;
    },
    webhookOf: (message) => cw.webhookData(state, options, message),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    state.requests.push({ method: req.method ?? "", path: url.pathname });
    const special = state.override.shift();
    if (special === "hang") return void hanging.add(res);
    // Does the work, then never answers: the caller cannot know it happened (a crash after the call).
    if (special === "store-hang") return void route(state, options, id, req, url).then(() => hanging.add(res));
    setTimeout(() => {
      if (special === "500") return json(res, 500, { error: "Internal Server Error" });
      if (special === "429") return res.writeHead(429, { "content-type": "text/plain" }).end("Retry later\n");
      route(state, options, id, req, url).then(
        ([status, body, type]) => {
          if (typeof body === "string") return res.writeHead(status, { location: body }).end();
          if (Buffer.isBuffer(body)) return res.writeHead(status, { "content-type": type ?? "application/octet-stream", "content-length": body.length }).end(body);
          json(res, status, body);
        },
        (err: unknown) => json(res, 500, { error: String(err) }),
      );
    }, state.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return state;
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
}

/** Status and body: JSON, a location to redirect to (a string), or a file's bytes with their type. */
type Answer = [number, unknown, string?];

async function route(s: ChatwootStandIn, o: { accountId: number; inboxId: number; token: string }, id: () => number, req: http.IncomingMessage, url: URL): Promise<Answer> {
  const file = /^\/files\/(\d+)$/.exec(url.pathname) ?? /^\/rails\/active_storage\/blobs\/redirect\/(\d+)\//.exec(url.pathname);
  if (file) return fileAnswer(s, Number(file[1]), url.pathname.startsWith("/rails"));
  if (req.headers.api_access_token !== o.token) return [401, { error: "Invalid Access Token" }];
  const path = new RegExp(`^/api/v1/accounts/${o.accountId}(/.*)$`).exec(url.pathname)?.[1];
  if (!path) return [404, { error: "Resource could not be found" }];
  const m = (re: RegExp) => re.exec(path);
  const body = async () => readBody(req, url);
  let hit: RegExpExecArray | null;
  if (req.method === "POST" && path === "/contacts/filter") return filterContacts(s, await body());
  if (req.method === "POST" && path === "/contacts") return createContact(s, o, id, await body());
  if (req.method === "POST" && (hit = m(/^\/contacts\/(\d+)\/contact_inboxes$/))) return createContactInbox(s, o, Number(hit[1]), await body());
  if (req.method === "GET" && (hit = m(/^\/contacts\/(\d+)\/conversations$/))) return contactConversations(s, o, Number(hit[1]));
  if (req.method === "POST" && path === "/conversations") return createConversation(s, o, id, await body());
  if (req.method === "POST" && (hit = m(/^\/conversations\/(\d+)\/messages$/))) return createMessage(s, id, Number(hit[1]), await body());
  if (req.method === "GET" && (hit = m(/^\/conversations\/(\d+)\/messages$/))) return latestMessages(s, Number(hit[1]));
  if ((req.method === "PATCH" || req.method === "PUT") && (hit = m(/^\/conversations\/(\d+)\/messages\/(\d+)$/)))
    return updateStatus(s, Number(hit[1]), Number(hit[2]), await body());
  return [404, { error: "Resource could not be found" }];
}

/** A JSON body, or a multipart form's fields and files (attachments[]). */
async function readBody(req: http.IncomingMessage, url: URL): Promise<Record<string, unknown>> {
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
  const wanted = `+${text(rule.values[0]) ?? "".replaceAll("+", "")}`;
  const found = s.contacts.filter((c) => c.phone_number === wanted);
  return [200, { meta: { count: found.length, current_page: 1 }, payload: found.map(cw.contactJson) }];
}

function createContact(s: ChatwootStandIn, o: { inboxId: number }, id: () => number, body: Record<string, unknown>): Answer {
  const phone = typeof body.phone_number === "string" ? body.phone_number : null;
  if (phone && !PHONE.test(phone)) return [422, { message: "Phone number should be in e164 format", attributes: ["phone_number"] }];
  if (phone && s.contacts.some((c) => c.phone_number === phone)) return [422, { message: "Phone number has already been taken", attributes: ["phone_number"] }];
  const contact: CwContact = { id: id(), name: text(body.name) ?? phone ?? "", phone_number: phone, identifier: (body.identifier as string) ?? null, contact_inboxes: [] };
  s.contacts.push(contact);
  let contactInbox: { inbox: unknown; source_id: string } | null = null;
  if (body.inbox_id !== undefined) {
    if (Number(body.inbox_id) !== o.inboxId) return [404, { error: "Resource could not be found" }];
    const sourceId = typeof body.source_id === "string" ? body.source_id : randomUUID();
    contact.contact_inboxes.push({ inbox_id: o.inboxId, source_id: sourceId });
    contactInbox = { inbox: cw.inboxJson(o.inboxId), source_id: sourceId };
  }
  return [200, { payload: { contact: cw.contactJson(contact), contact_inbox: contactInbox } }];
}

function createContactInbox(s: ChatwootStandIn, o: { inboxId: number }, contactId: number, body: Record<string, unknown>): Answer {
  const contact = s.contacts.find((c) => c.id === contactId);
  if (!contact || Number(body.inbox_id) !== o.inboxId) return [404, { error: "Resource could not be found" }];
  const sourceId = typeof body.source_id === "string" ? body.source_id : randomUUID();
  const taken = s.contacts.find((c) => c.id !== contactId && c.contact_inboxes.some((ci) => ci.source_id === sourceId));
  if (taken) return [422, { message: "Source has already been taken", attributes: ["source_id"] }];
  if (!contact.contact_inboxes.some((ci) => ci.source_id === sourceId)) contact.contact_inboxes.push({ inbox_id: o.inboxId, source_id: sourceId });
  return [200, { source_id: sourceId, inbox: cw.inboxJson(o.inboxId) }];
}

function contactConversations(s: ChatwootStandIn, o: { accountId: number }, contactId: number): Answer {
  const contact = s.contacts.find((c) => c.id === contactId);
  if (!contact) return [404, { error: "Resource could not be found" }];
  const mine = s.conversations.filter((c) => c.contact_id === contactId).sort((a, b) => b.last_activity_at - a.last_activity_at);
  return [200, { payload: mine.slice(0, 20).map((c) => cw.conversationJson(c, o.accountId, contact)) }];
}

function createConversation(s: ChatwootStandIn, o: { accountId: number; inboxId: number }, id: () => number, body: Record<string, unknown>): Answer {
  const sourceId = text(body.source_id) ?? "";
  const contact = s.contacts.find((c) => (body.contact_id !== undefined ? c.id === Number(body.contact_id) : c.contact_inboxes.some((ci) => ci.source_id === sourceId)));
  if (!contact || (body.inbox_id !== undefined && Number(body.inbox_id) !== o.inboxId)) return [404, { error: "Resource could not be found" }];
  if (!contact.contact_inboxes.some((ci) => ci.source_id === sourceId)) contact.contact_inboxes.push({ inbox_id: o.inboxId, source_id: sourceId });
  const status = (body.status as CwConversation["status"]) ?? "open";
  const conversation: CwConversation = {
    display_id: id(),
    inbox_id: o.inboxId,
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
  if (!conversation) return [404, { error: "Resource could not be found" }];
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

/** messages#index without paging parameters: MessageFinder's latest 20, oldest first (reference 4d). */
function latestMessages(s: ChatwootStandIn, displayId: number): Answer {
  const conversation = s.conversations.find((c) => c.display_id === displayId);
  if (!conversation) return [404, { error: "Resource could not be found" }];
  const latest = s.messages.filter((m) => m.conversation_display_id === displayId).slice(-20);
  return [200, { meta: { labels: [], additional_attributes: {}, contact_id: conversation.contact_id }, payload: latest.map((m) => cw.messageJson(m, s.fileOrigin ?? s.url)) }];
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
