import { z } from "zod";
import {
  draftOf,
  MAX_TEXT,
  MAX_NAME,
  MAX_FILE_NAME,
  MAX_CHOICE_ID,
  providerId,
  unixSeconds,
  degrees,
  lenient,
  text,
  providerTime,
  bounded,
  mimeType,
  mediaUrl,
  coordinates,
  userJid,
  NOT_ONE_TO_ONE,
  at,
  str,
  type InboundKind,
  type InboundDraft,
} from "./inbound-payloads.js";

// WAHA (WhatsApp HTTP API): see inbound-payloads.ts for the rules every provider's parser keeps.

const wahaEnvelope = z.looseObject({
  event: z.string().max(64),
  session: lenient(providerId),
  me: lenient(z.looseObject({ id: lenient(providerId) })),
  payload: z.unknown(),
});

/** WAHA serialises ids as strings; whatsapp-web.js objects carry the string in `_serialized`. */
const wahaId = z.union([providerId, z.looseObject({ _serialized: providerId }).transform((id) => id._serialized)]);

const wahaMessage = z.looseObject({
  id: wahaId,
  timestamp: lenient(unixSeconds),
  from: z.string().max(256),
  fromMe: lenient(z.boolean()),
  body: text,
  hasMedia: lenient(z.boolean()),
  media: lenient(z.looseObject({ url: text, mimetype: text, filename: text })),
  /** Deprecated by WAHA in favour of media.url; still read when media.url is absent. */
  mediaUrl: text,
  location: lenient(z.looseObject({ latitude: lenient(degrees), longitude: lenient(degrees) })),
  replyTo: lenient(z.looseObject({ id: lenient(wahaId) })),
  _data: z.unknown(),
});

/** whatsapp-web.js message types (WEBJS `_data.type`). */
const WEBJS_KINDS: Record<string, InboundKind> = {
  chat: "text",
  image: "image",
  video: "video",
  ptt: "audio",
  audio: "audio",
  document: "document",
  sticker: "sticker",
  location: "location",
  vcard: "contacts",
  multi_vcard: "contacts",
  buttons_response: "button",
  template_button_reply: "button",
  list_response: "button",
};

/** WhatsApp protobuf message fields, as Baileys (NOWEB `_data.message`) and whatsmeow (GOWS `_data.Message`) put them in JSON. */
const PROTO_KINDS: [string, InboundKind][] = [
  ["imageMessage", "image"],
  ["videoMessage", "video"],
  ["ptvMessage", "video"],
  ["audioMessage", "audio"],
  ["documentMessage", "document"],
  ["documentWithCaptionMessage", "document"],
  ["stickerMessage", "sticker"],
  ["locationMessage", "location"],
  ["liveLocationMessage", "location"],
  ["contactMessage", "contacts"],
  ["contactsArrayMessage", "contacts"],
  ["buttonsResponseMessage", "button"],
  ["templateButtonReplyMessage", "button"],
  ["listResponseMessage", "button"],
  ["interactiveResponseMessage", "button"],
  ["conversation", "text"],
  ["extendedTextMessage", "text"],
];

/**
 * The id of the button or list row chosen, as each engine's raw `_data` says it: NOWEB's Baileys
 * message in WhatsApp's protobuf field names (ButtonsResponseMessage.selectedButtonId,
 * ListResponseMessage.singleSelectReply.selectedRowId, TemplateButtonReplyMessage.selectedId), GOWS's
 * whatsmeow message in its own spelling of the same fields (selectedButtonID, selectedRowID,
 * selectedID, under `Message`: tulir/whatsmeow proto/waE2E at 33cfac5), and WEBJS's whatsapp-web.js
 * model (`selectedButtonId`, `listResponse.singleSelectReply.selectedRowId`: its
 * src/structures/Message.js at 1.34.6, which reads no template button's id).
 */
function chosenId(data: unknown): string | undefined {
  const baileys = at(data, "message");
  const whatsmeow = at(data, "Message");
  return (
    str(at(baileys, "buttonsResponseMessage", "selectedButtonId")) ??
    str(at(baileys, "listResponseMessage", "singleSelectReply", "selectedRowId")) ??
    str(at(baileys, "templateButtonReplyMessage", "selectedId")) ??
    str(at(whatsmeow, "buttonsResponseMessage", "selectedButtonID")) ??
    str(at(whatsmeow, "listResponseMessage", "singleSelectReply", "selectedRowID")) ??
    str(at(whatsmeow, "templateButtonReplyMessage", "selectedID")) ??
    str(at(data, "selectedButtonId")) ??
    str(at(data, "listResponse", "singleSelectReply", "selectedRowId"))
  );
}

/** whatsapp-web.js types that are notices from WhatsApp or the app, not something the sender wrote. */
const WEBJS_NOTICES = new Set(["e2e_notification", "notification", "notification_template", "gp2", "call_log", "protocol", "revoked", "ciphertext", "broadcast_notification"]);

/**
 * What the engine says the message is, when its raw `_data` says (WAHA's own payload has no type
 * field): a kind, "notice" for what nobody wrote (a security-code change, a deleted message…), or
 * undefined when `_data` does not say.
 */
function engineKind(data: unknown): InboundKind | "notice" | undefined {
  const webjs = str(at(data, "type"));
  if (webjs !== undefined) return WEBJS_NOTICES.has(webjs) ? "notice" : Object.hasOwn(WEBJS_KINDS, webjs) ? WEBJS_KINDS[webjs] : "other";
  let message = at(data, "message") ?? at(data, "Message");
  // Disappearing and view-once messages wrap the content one level down.
  for (let depth = 0; depth < 3; depth++) {
    const inner = at(message, "ephemeralMessage", "message") ?? at(message, "viewOnceMessage", "message") ?? at(message, "viewOnceMessageV2", "message");
    if (inner === undefined) break;
    message = inner;
  }
  if (typeof message !== "object" || message === null) return undefined;
  const kind = PROTO_KINDS.find(([field]) => at(message, field) !== undefined)?.[1];
  return kind ?? (at(message, "protocolMessage") !== undefined ? "notice" : undefined);
}

const MEDIA_KINDS = new Set<InboundKind>(["image", "document", "audio", "video", "sticker"]);

function kindOfMime(mime: string | null): InboundKind | undefined {
  if (!mime) return undefined;
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("video/")) return "video";
  if (mime.startsWith("audio/")) return "audio";
  return "document";
}

/** The sender's own addresses only (never `to`, which is us), the primary one first. */
function senderOf(from: string, data: unknown): { fromNumber: string | null; fromLid: string | null } {
  const addresses = [
    from,
    at(data, "key", "remoteJid"),
    at(data, "key", "remoteJidAlt"),
    at(data, "key", "senderPn"),
    at(data, "Info", "Sender"),
    at(data, "Info", "SenderAlt"),
  ].map(userJid);
  let fromNumber: string | null = null;
  let fromLid: string | null = null;
  for (const address of addresses) {
    if (address && "phone" in address) fromNumber ??= address.phone;
    if (address && "lid" in address) fromLid ??= address.lid;
  }
  return { fromNumber, fromLid };
}

/** What the message holds: a location, a media file, a button choice or text; else it stays `other`. */
function readContent(draft: InboundDraft, m: z.infer<typeof wahaMessage>, hint: InboundKind | undefined): void {
  const point = coordinates(m.location?.latitude, m.location?.longitude);
  if (point) {
    // A location's body is not text the user wrote (whatsapp-web.js puts a thumbnail there).
    Object.assign(draft, { kind: "location", ...point });
  } else if (m.hasMedia === true || m.media) {
    draft.mimeType = mimeType(m.media?.mimetype);
    draft.kind = (hint && MEDIA_KINDS.has(hint) ? hint : kindOfMime(draft.mimeType)) ?? "other";
    draft.text = bounded(m.body, MAX_TEXT);
    draft.mediaUrl = mediaUrl(m.media?.url) ?? mediaUrl(m.mediaUrl);
    draft.fileName = bounded(m.media?.filename, MAX_FILE_NAME, true);
  } else if (hint === "contacts") {
    // The body is the vCard itself, not text the user wrote.
    draft.kind = "contacts";
  } else if (hint === "button") {
    Object.assign(draft, { kind: "button", text: bounded(m.body, MAX_TEXT), choiceId: bounded(chosenId(m._data), MAX_CHOICE_ID) });
  } else if ((hint === undefined || hint === "text") && m.body?.trim()) {
    draft.kind = "text";
    draft.text = bounded(m.body, MAX_TEXT);
  }
}

/**
 * Messages a WhatsApp user sent to one of our WAHA sessions, from the `message` and `message.any`
 * events (with both subscribed, the same message arrives twice: the caller deduplicates by
 * providerMessageId). Every other event (message.ack, session.status…) gives [].
 *
 * Skipped on purpose, as this gateway does one-to-one business messaging:
 * - our own messages (`fromMe: true`, which `message.any` includes): they are not inbound;
 * - status updates (`status@broadcast`), broadcast lists, channels (`@newsletter`) and groups
 *   (`@g.us`): nobody there wrote to the business, and a group member's words are not a reply
 *   or an opt-out of the person the business messages.
 *
 * The sender: `from` is `<number>@c.us`, or, since WhatsApp's LID rollout, `<lid>@lid`. The phone
 * number is then read from the engine's alternate address when it gives one: NOWEB
 * `_data.key.remoteJidAlt` (Baileys 7) or `_data.key.senderPn` (Baileys 6), GOWS
 * `_data.Info.SenderAlt` (whatsmeow). Without one, fromNumber is null and fromLid identifies the
 * sender (WAHA's /api/{session}/lids/{lid} can resolve it later).
 */
export function wahaInboundMessages(body: unknown, now: Date): InboundDraft[] {
  try {
    const envelope = wahaEnvelope.safeParse(body);
    if (!envelope.success) return [];
    const { event, session, me, payload } = envelope.data;
    if (event !== "message" && event !== "message.any") return [];
    const parsed = wahaMessage.safeParse(payload);
    if (!parsed.success) return [];
    const m = parsed.data;
    if (m.fromMe === true) return [];
    const data = m._data;
    const chats = [m.from, at(data, "key", "remoteJid"), at(data, "Info", "Chat")];
    if (chats.some((chat) => typeof chat === "string" && NOT_ONE_TO_ONE.test(chat.trim()))) return [];

    if (!userJid(m.from)) return [];
    const hint = engineKind(data);
    if (hint === "notice") return [];

    const { fromNumber, fromLid } = senderOf(m.from, data);

    const recipient: InboundDraft["recipient"] = {};
    if (session) recipient.session = session;
    if (me?.id) recipient.meId = me.id;

    const draft = draftOf({
      providerMessageId: m.id,
      recipient,
      fromNumber,
      fromLid,
      profileName: bounded(str(at(data, "notifyName")) ?? str(at(data, "pushName")) ?? str(at(data, "Info", "PushName")), MAX_NAME, true),
      replyToProviderId: m.replyTo?.id ?? null,
      sentAt: providerTime(m.timestamp, now),
    });

    readContent(draft, m, hint);
    return [draft];
  } catch {
    return [];
  }
}
