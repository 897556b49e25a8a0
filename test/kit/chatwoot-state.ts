import { createHmac, randomUUID } from "node:crypto";
// The data a Chatwoot stand-in holds and the JSON it answers with, each shape as Chatwoot v4.16.2
// builds it (test/kit/references/chatwoot-api.md names every source): contacts with their
// contact_inboxes, conversations by display id, messages with integer message_type in REST answers.

export interface CwContact {
  id: number;
  name: string;
  phone_number: string | null;
  identifier: string | null;
  /** (inbox id, source_id) sessions. */
  contact_inboxes: Array<{ inbox_id: number; source_id: string }>;
}

export interface CwAttachment {
  id: number;
  message_id: number;
  file_type: "image" | "audio" | "video" | "file";
  content_type: string;
  file_size: number;
  /** What was uploaded, for tests to compare. */
  bytes: Buffer;
  filename: string;
}

export interface CwMessage {
  id: number;
  conversation_display_id: number;
  content: string | null;
  message_type: "incoming" | "outgoing" | "template";
  private: boolean;
  content_type: string;
  content_attributes: Record<string, unknown>;
  source_id: string | null;
  status: "sent" | "delivered" | "read" | "failed";
  created_at: number;
  attachments: CwAttachment[];
  /** When the stand-in stored it (milliseconds), for latency measurements. */
  stored_ms?: number;
}

/** An inbox: an API channel's carries its webhook secret (Channel::Api#secret, has_secure_token, from v4.13.0). */
export interface CwInbox {
  id: number;
  name: string;
  channel_type: "Channel::Api" | "Channel::Whatsapp" | "Channel::WebWidget";
  /** Null: none (Chatwoot before 4.13, or another channel). */
  secret: string | null;
  webhook_url: string;
}

/** Who an api_access_token belongs to: a user of the account with a role, or an agent bot. */
export type CwTokenOwner = { kind: "user"; role: "administrator" | "agent" } | { kind: "agent_bot" };

export interface CwConversation {
  display_id: number;
  inbox_id: number;
  contact_id: number;
  source_id: string;
  status: "open" | "resolved" | "pending" | "snoozed";
  last_activity_at: number;
}

/** `file_type` by content type (app/helpers/file_type_helper.rb). */
export function fileTypeOf(contentType: string): CwAttachment["file_type"] {
  if (["image/jpeg", "image/jpg", "image/png", "image/gif", "image/bmp", "image/webp"].includes(contentType)) return "image";
  if (["video/ogg", "video/mp4", "video/webm", "video/quicktime"].includes(contentType)) return "video";
  if (contentType.startsWith("audio/")) return "audio";
  return "file";
}

const MESSAGE_TYPES = { incoming: 0, outgoing: 1, template: 3 } as const;

/** The slim inbox of contact_inboxes[] (views/api/v1/models/_inbox_slim.json.jbuilder). */
export function inboxJson(inboxId: number) {
  return { id: inboxId, avatar_url: "", channel_id: inboxId, name: "WhatsApp gateway", channel_type: "Channel::Api", provider: null };
}

/**
 * GET /inboxes/{id} (views/api/v1/models/_inbox.json.jbuilder: its first fields, and the API channel's):
 * `hmac_token` and `secret` only to an administrator, `webhook_url` to anyone who may see the inbox.
 */
export function inboxShowJson(inbox: CwInbox, owner: CwTokenOwner) {
  const admin = owner.kind === "user" && owner.role === "administrator";
  return {
    id: inbox.id,
    avatar_url: "",
    channel_id: inbox.id,
    name: inbox.name,
    channel_type: inbox.channel_type,
    greeting_enabled: false,
    greeting_message: null,
    working_hours_enabled: false,
    enable_email_collect: true,
    csat_survey_enabled: false,
    enable_auto_assignment: true,
    out_of_office_message: null,
    timezone: "UTC",
    callback_webhook_url: null,
    allow_messages_after_resolved: true,
    lock_to_single_conversation: false,
    sender_name_type: "friendly",
    business_name: null,
    ...(inbox.channel_type === "Channel::Api"
      ? {
          ...(admin ? { hmac_token: "hmac-token-of-the-inbox" } : {}),
          ...(admin && inbox.secret !== null ? { secret: inbox.secret } : {}),
          webhook_url: inbox.webhook_url,
          inbox_identifier: `identifier-${inbox.id}`,
          additional_attributes: {},
        }
      : {}),
  };
}

export function contactJson(c: CwContact) {
  return {
    additional_attributes: {},
    availability_status: "offline",
    email: null,
    id: c.id,
    name: c.name,
    phone_number: c.phone_number,
    blocked: false,
    identifier: c.identifier,
    thumbnail: "",
    custom_attributes: {},
    last_activity_at: null,
    created_at: 0,
    contact_inboxes: c.contact_inboxes.map((ci) => ({ source_id: ci.source_id, inbox: inboxJson(ci.inbox_id) })),
  };
}

/** A message as REST answers it (views/api/v1/models/_message.json.jbuilder): message_type is an integer. */
export function messageJson(m: CwMessage, baseUrl: string) {
  return {
    id: m.id,
    content: m.content,
    inbox_id: 0,
    conversation_id: m.conversation_display_id,
    message_type: MESSAGE_TYPES[m.message_type],
    content_type: m.content_type,
    status: m.status,
    content_attributes: m.content_attributes,
    created_at: m.created_at,
    private: m.private,
    source_id: m.source_id,
    ...(m.attachments.length ? { attachments: m.attachments.map((a) => attachmentJson(a, baseUrl)) } : {}),
  };
}

export function attachmentJson(a: CwAttachment, baseUrl: string) {
  return {
    id: a.id,
    message_id: a.message_id,
    file_type: a.file_type,
    account_id: 1,
    extension: a.filename.split(".").pop() ?? null,
    content_type: a.content_type,
    data_url: `${baseUrl}/rails/active_storage/blobs/redirect/${a.id}/${encodeURIComponent(a.filename)}`,
    thumb_url: "",
    file_size: a.file_size,
    width: null,
    height: null,
  };
}

/** A conversation as REST answers it (its id is the display id). */
export function conversationJson(c: CwConversation, accountId: number, contact: CwContact | undefined) {
  return {
    meta: { sender: contact ? { ...contactJson(contact), type: "contact" } : null, channel: "Channel::Api", assignee: null, hmac_verified: false },
    id: c.display_id,
    messages: [],
    account_id: accountId,
    inbox_id: c.inbox_id,
    status: c.status,
    additional_attributes: {},
    custom_attributes: {},
    labels: [],
    muted: false,
    can_reply: true,
    unread_count: 0,
    last_activity_at: c.last_activity_at,
    timestamp: c.last_activity_at,
    created_at: c.last_activity_at,
  };
}

/** Message#webhook_data merged with the event (reference 6b): message_type a string, the conversation's webhook_data. */
export function webhookData(
  s: { contacts: CwContact[]; conversations: CwConversation[]; url: string; fileOrigin?: string },
  o: { accountId: number },
  m: CwMessage,
): Record<string, unknown> {
  const conversation = s.conversations.find((c) => c.display_id === m.conversation_display_id);
  const contact = s.contacts.find((c) => c.id === conversation?.contact_id);
  const account = { id: o.accountId, name: "Acme" };
  const contactData = contact
    ? {
        account,
        additional_attributes: {},
        avatar: "",
        custom_attributes: {},
        email: null,
        id: contact.id,
        identifier: contact.identifier,
        name: contact.name,
        phone_number: contact.phone_number,
        thumbnail: "",
        blocked: false,
      }
    : null;
  return {
    event: "message_created",
    id: m.id,
    content: m.content,
    message_type: m.message_type,
    content_type: m.content_type,
    content_attributes: m.content_attributes,
    additional_attributes: {},
    private: m.private,
    source_id: m.source_id,
    created_at: new Date(m.created_at * 1000).toISOString(),
    account,
    inbox: { id: conversation?.inbox_id ?? 0, name: "WhatsApp gateway" },
    sender: m.message_type === "incoming" ? contactData : { id: 1, name: "Agent Smith", email: "agent@acme.test", type: "user" },
    conversation: conversation && {
      ...conversationJson(conversation, o.accountId, contact),
      contact_inbox: { id: 1, contact_id: conversation.contact_id, inbox_id: conversation.inbox_id, source_id: conversation.source_id, hmac_verified: false, pubsub_token: "t" },
      account,
    },
    ...(m.attachments.length ? { attachments: m.attachments.map((a) => attachmentJson(a, s.fileOrigin ?? s.url)) } : {}),
  };
}

/** What a delivery's signature is made of: Chatwoot's own (the inbox's secret, the time now), or a test's. */
export interface Signing {
  /** Null: unsigned, as Chatwoot sends for an inbox without a secret (before 4.13). */
  secret: string | null;
  /** Unix seconds; Chatwoot takes the time as it sends (a test may send one captured earlier). */
  timestamp?: number;
}

/**
 * A webhook as lib/webhooks/trigger.rb posts it (v4.16.2): JSON, X-Chatwoot-Delivery, and with a
 * secret X-Chatwoot-Timestamp and X-Chatwoot-Signature "sha256=" HMAC-SHA256 of "{timestamp}.{body}".
 */
export const deliverWebhook = (url: string, payload: unknown, signing: Signing): Promise<Response> => postWebhook(url, JSON.stringify(payload), signing);

/** A body posted as Chatwoot posts its webhooks, whatever it holds (a test's malformed one too). */
export async function postWebhook(url: string, body: string, signing: Signing): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json", "x-chatwoot-delivery": randomUUID() };
  if (signing.secret) {
    const ts = String(signing.timestamp ?? Math.floor(Date.now() / 1000));
    headers["x-chatwoot-timestamp"] = ts;
    headers["x-chatwoot-signature"] = `sha256=${createHmac("sha256", signing.secret).update(`${ts}.${body}`).digest("hex")}`;
  }
  return fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(5_000) });
}
