import { z } from "zod";

// Inbound messages pushed by providers, read from webhook bodies that the endpoint has already
// authenticated. These functions only parse: they never fetch media, look anything up or throw.
// A body that is not the provider's payload gives []; a single message in it that cannot be read
// (no usable id, no sender) is skipped and the others are kept. Everything read is bounded.
//
// Shapes, as documented by the providers:
// - Meta WhatsApp Cloud API, "messages webhook reference" and its per-type pages (text, image,
//   location, interactive, reaction, system, …): entry[].changes[].value.{metadata, contacts[],
//   messages[]}. Since the business-scoped user ID rollout (April 2026), contacts[].user_id and
//   messages[].from_user_id carry the user's BSUID, and wa_id / from may be omitted for a user
//   who adopted a username ("Business-scoped user IDs" page).
// - WAHA (WhatsApp HTTP API), "Receive messages" / "Events" pages and its WAMessage schema:
//   { event, session, me: { id, pushName, lid? }, payload: { id, timestamp, from, fromMe, body,
//   hasMedia, media: { url, mimetype, filename }, location, replyTo, _data } }. `_data` is the
//   engine's raw message and differs by engine: WEBJS (whatsapp-web.js: type, notifyName), NOWEB
//   (Baileys: key.remoteJid / key.remoteJidAlt / key.senderPn, pushName, message.{imageMessage…}),
//   GOWS (whatsmeow: Info.Sender / Info.SenderAlt, Info.PushName, Message.{imageMessage…}).

export type InboundKind = "text" | "image" | "document" | "audio" | "video" | "sticker" | "location" | "button" | "reaction" | "other";

export interface InboundDraft {
  /** The provider's id of the inbound message (wamid.… / WAHA's id string, `_serialized` when an object). */
  providerMessageId: string;
  /** Which of our numbers received it: Cloud's metadata.phone_number_id and display_phone_number; WAHA's session and me.id. Only the fields the provider gives. */
  recipient: { phoneNumberId?: string; displayPhoneNumber?: string; session?: string; meId?: string };
  /** The sender's phone number as the provider gives it, digits only (strip "+", "@c.us", "@s.whatsapp.net", device suffix ":12"); null when only a lid is known. */
  fromNumber: string | null;
  /** The sender's WhatsApp LID ("…@lid", kept with the suffix), or Cloud's user id, when given. */
  fromLid: string | null;
  /** profile.name / notifyName / pushName when given (trimmed, at most 256 chars). */
  profileName: string | null;
  kind: InboundKind;
  /** text body, media caption, button text / interactive title, reaction emoji; at most 4096 chars (truncate). */
  text: string | null;
  /** A URL the provider gave for the media (never fetched): WAHA's media.url, Cloud's url when present. */
  mediaUrl: string | null;
  /** Cloud's media id (fetchable later with the account's token). */
  mediaId: string | null;
  mimeType: string | null;
  fileName: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The provider id of the message this one quotes / reacts to (Cloud context.id or reaction.message_id; WAHA replyTo id). */
  replyToProviderId: string | null;
  /** Provider time (unix seconds → Date) believed only within reason: after 2020 and at most 5 minutes ahead of `now`, else `now`. */
  sentAt: Date;
}

/** Who sent a message and when: what a draft holds before its content is read. */
type DraftHeader = Pick<InboundDraft, "providerMessageId" | "recipient" | "fromNumber" | "fromLid" | "profileName" | "replyToProviderId" | "sentAt">;

/** A draft with no content yet (kind `other`); the parsers and the simulator fill in what they read. */
export const draftOf = (header: DraftHeader): InboundDraft => ({
  ...header,
  kind: "other",
  text: null,
  mediaUrl: null,
  mediaId: null,
  mimeType: null,
  fileName: null,
  latitude: null,
  longitude: null,
});

/** At most this many messages are read from one payload (and no list in it may be longer). */
export const MAX_INBOUND_MESSAGES = 1_000;
const MAX_TEXT = 4_096;
const MAX_NAME = 256;
const MAX_FILE_NAME = 256;
const MAX_URL = 2_048;
/** How far ahead of ours a provider's clock may be before its time is not believed (as for receipts). */
const CLOCK_SKEW_MS = 5 * 60_000;

/** Provider ids are short printable ASCII: Meta's `wamid.…` and BSUIDs (`SA.1349…`), WAHA's `false_…@c.us_…`. */
const providerId = z.string().regex(/^[\x21-\x7e]{1,256}$/);
/** Unix seconds, as a string (Meta) or a number (WAHA). */
const unixSeconds = z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]);
/** Degrees, as a number (Meta's examples) or a decimal string (WAHA's WALocation, some Meta payloads). */
const degrees = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,20})?$/)
    .transform(Number),
]);

/** An optional field that, when it is not what is expected (null, wrong type, too long), counts as absent instead of failing the message. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const text = lenient(z.string());

/** The time the provider gives, unless it is before 2020 or more than 5 minutes ahead of us: then the time it arrived. */
function providerTime(seconds: string | number | undefined, now: Date): Date {
  const ms = Number(seconds) * 1000;
  return seconds !== undefined && Number.isFinite(ms) && ms > Date.UTC(2020, 0, 1) && ms <= now.getTime() + CLOCK_SKEW_MS ? new Date(ms) : now;
}

/**
 * A string fit to keep: NUL removed (PostgreSQL text cannot hold it), lone surrogates replaced,
 * at most `max` code points, and null when nothing is left. Long input is cut before it is split,
 * so the work is bounded by `max`, not by what the provider sent.
 */
function bounded(value: string | undefined, max: number, trim = false): string | null {
  if (value === undefined) return null;
  let s = value;
  if (s.length > max * 2) {
    s = s.slice(0, max * 2);
    if (/[\uD800-\uDBFF]$/.test(s)) s = s.slice(0, -1); // do not cut a surrogate pair in two
  }
  s = s.replaceAll("\u0000", "");
  if (trim) s = s.trim();
  s = s.toWellFormed();
  const points = [...s];
  if (points.length > max) s = points.slice(0, max).join("");
  if (trim) s = s.trim();
  return s.length > 0 ? s : null;
}

/** A MIME type such as `image/jpeg` or `audio/ogg; codecs=opus`, else null. */
function mimeType(value: string | undefined): string | null {
  const s = value?.trim();
  return s && s.length <= 255 && /^[\w.+-]+\/[\w.+-]+(\s*;[\x20-\x7e]*)?$/.test(s) ? s : null;
}

/** Only printable-ASCII http(s) URLs are passed on (WAHA serves its files over plain http on its own host). */
function mediaUrl(value: string | undefined): string | null {
  const s = value?.trim();
  if (!s || s.length > MAX_URL || !/^[\x21-\x7e]+$/.test(s)) return null;
  try {
    const url = new URL(s);
    return url.protocol === "https:" || url.protocol === "http:" ? s : null;
  } catch {
    return null;
  }
}

/** Both coordinates, when both are real and in range; else neither. */
function coordinates(lat: number | undefined, lon: number | undefined): { latitude: number; longitude: number } | null {
  if (lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { latitude: lat, longitude: lon } : null;
}

/** E.164 allows 15 digits; shorter than 6 is not a number anyone messages from. */
const PHONE_DIGITS = /^\d{6,15}$/;

/** Cloud gives the number as digits (a leading "+" is tolerated). */
function cloudNumber(value: string | undefined): string | null {
  const digits = value?.trim().replace(/^\+/, "");
  return digits && PHONE_DIGITS.test(digits) ? digits : null;
}

/**
 * A WhatsApp user JID: `<digits>[:device]@c.us` or `@s.whatsapp.net` is a phone number,
 * `<digits>[:device]@lid` a LID. The device suffix (":12") is dropped; anything else is neither.
 */
function userJid(value: unknown): { phone: string } | { lid: string } | null {
  if (typeof value !== "string" || value.length > 256) return null;
  const m = /^\+?(\d{1,32})(?::\d{1,4})?@(c\.us|s\.whatsapp\.net|lid)$/.exec(value.trim());
  if (!m) return null;
  const digits = m[1]!;
  if (m[2] === "lid") return { lid: `${digits}@lid` };
  return PHONE_DIGITS.test(digits) ? { phone: digits } : null;
}

/** A chat that is not one person: a group, the status feed or a broadcast list, a channel. */
const NOT_ONE_TO_ONE = /@(g\.us|broadcast|newsletter)$/;

/** Reads a path in the engine's raw `_data` without trusting its shape. */
function at(value: unknown, ...path: string[]): unknown {
  let v = value;
  for (const key of path) {
    if (typeof v !== "object" || v === null || Array.isArray(v) || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

const str = (value: unknown) => (typeof value === "string" ? value : undefined);

// ---------------------------------------------------------------------------------------------
// Meta WhatsApp Cloud API

const cloudMedia = z.looseObject({
  id: lenient(providerId),
  mime_type: text,
  caption: text,
  filename: text,
  url: text,
});

const cloudMessage = z.looseObject({
  id: providerId,
  type: z.string().max(64),
  /** Omitted for a user who adopted a username (then only from_user_id identifies them). */
  from: text,
  /** The business-scoped user ID (BSUID), e.g. "SA.13491208655302741918". */
  from_user_id: lenient(providerId),
  /** Present on messages of the Groups API. */
  group_id: text,
  timestamp: lenient(unixSeconds),
  context: lenient(z.looseObject({ id: lenient(providerId) })),
  text: lenient(z.looseObject({ body: text })),
  image: lenient(cloudMedia),
  document: lenient(cloudMedia),
  audio: lenient(cloudMedia),
  video: lenient(cloudMedia),
  sticker: lenient(cloudMedia),
  location: lenient(z.looseObject({ latitude: lenient(degrees), longitude: lenient(degrees) })),
  /** A quick-reply button of a template. */
  button: lenient(z.looseObject({ text, payload: text })),
  interactive: lenient(
    z.looseObject({
      type: lenient(z.string().max(64)),
      button_reply: lenient(z.looseObject({ id: text, title: text })),
      list_reply: lenient(z.looseObject({ id: text, title: text })),
    }),
  ),
  reaction: lenient(z.looseObject({ message_id: lenient(providerId), emoji: text })),
});

const cloudContact = z.looseObject({
  wa_id: text,
  user_id: lenient(providerId),
  profile: lenient(z.looseObject({ name: text })),
});

const cloudPayload = z.looseObject({
  object: lenient(z.string().max(64)),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: lenient(z.string().max(64)),
              value: lenient(
                z.looseObject({
                  metadata: lenient(z.looseObject({ phone_number_id: lenient(providerId), display_phone_number: lenient(providerId) })),
                  contacts: lenient(z.array(z.unknown()).max(MAX_INBOUND_MESSAGES)),
                  messages: z.array(z.unknown()).max(MAX_INBOUND_MESSAGES).optional(),
                }),
              ),
            }),
          )
          .max(MAX_INBOUND_MESSAGES)
          .optional(),
      }),
    )
    .max(MAX_INBOUND_MESSAGES),
});

const CLOUD_MEDIA = ["image", "document", "audio", "video", "sticker"] as const;

/**
 * Messages a WhatsApp user sent to one of our Cloud API numbers. `statuses` in the same payload
 * are receipts, read by the receipt handler, and are ignored here.
 *
 * Skipped on purpose:
 * - type "system" (the user changed number or BSUID): a notice from WhatsApp, not something the
 *   user wrote; it must not read as a reply or a STOP. It also carries no contacts entry.
 * - type "request_welcome" (the user opened the chat for the first time): nothing was sent.
 * - messages with group_id (Groups API): this gateway does one-to-one business messaging.
 * Types it does not model (unsupported/unknown, contacts, order, flows…) are kept as kind "other".
 */
export function cloudInboundMessages(body: unknown, now: Date): InboundDraft[] {
  try {
    const parsed = cloudPayload.safeParse(body);
    if (!parsed.success) return [];
    if (parsed.data.object !== undefined && parsed.data.object !== "whatsapp_business_account") return [];
    const drafts: InboundDraft[] = [];
    let seen = 0;
    for (const change of parsed.data.entry.flatMap((e) => e.changes ?? [])) {
      if (change.field !== undefined && change.field !== "messages") continue;
      const value = change.value;
      if (!value?.messages) continue;
      const recipient: InboundDraft["recipient"] = {};
      if (value.metadata?.phone_number_id) recipient.phoneNumberId = value.metadata.phone_number_id;
      if (value.metadata?.display_phone_number) recipient.displayPhoneNumber = value.metadata.display_phone_number;
      const contacts = (value.contacts ?? []).flatMap((c) => {
        const contact = cloudContact.safeParse(c);
        return contact.success ? [contact.data] : [];
      });
      for (const raw of value.messages) {
        if (seen++ >= MAX_INBOUND_MESSAGES) return drafts;
        const message = cloudMessage.safeParse(raw);
        if (!message.success) continue;
        const draft = cloudDraft(message.data, contacts, recipient, now);
        if (draft) drafts.push(draft);
      }
    }
    return drafts;
  } catch {
    return [];
  }
}

function cloudDraft(
  m: z.output<typeof cloudMessage>,
  contacts: z.output<typeof cloudContact>[],
  recipient: InboundDraft["recipient"],
  now: Date,
): InboundDraft | null {
  if (m.type === "system" || m.type === "request_welcome" || m.group_id !== undefined) return null;
  // The contacts entry of this sender: matched by number or BSUID, else the only one there is.
  const contact =
    contacts.find((c) => (m.from !== undefined && c.wa_id === m.from) || (m.from_user_id !== undefined && c.user_id === m.from_user_id)) ??
    (contacts.length === 1 ? contacts[0] : undefined);
  const fromNumber = cloudNumber(m.from) ?? cloudNumber(contact?.wa_id);
  const fromLid = m.from_user_id ?? contact?.user_id ?? null;
  if (fromNumber === null && fromLid === null) return null;

  const draft = draftOf({
    providerMessageId: m.id,
    recipient: { ...recipient },
    fromNumber,
    fromLid,
    profileName: bounded(contact?.profile?.name, MAX_NAME, true),
    replyToProviderId: m.context?.id ?? null,
    sentAt: providerTime(m.timestamp, now),
  });

  const mediaType = CLOUD_MEDIA.find((t) => t === m.type);
  if (m.type === "text") {
    draft.kind = "text";
    draft.text = bounded(m.text?.body, MAX_TEXT);
  } else if (mediaType) {
    const media = m[mediaType];
    draft.kind = mediaType;
    draft.text = bounded(media?.caption, MAX_TEXT);
    draft.mediaId = media?.id ?? null;
    draft.mediaUrl = mediaUrl(media?.url);
    draft.mimeType = mimeType(media?.mime_type);
    draft.fileName = bounded(media?.filename, MAX_FILE_NAME, true);
  } else if (m.type === "location") {
    const point = coordinates(m.location?.latitude, m.location?.longitude);
    if (point) Object.assign(draft, { kind: "location", ...point });
  } else if (m.type === "button") {
    draft.kind = "button";
    draft.text = bounded(m.button?.text ?? m.button?.payload, MAX_TEXT);
  } else if (m.type === "interactive") {
    const reply =
      m.interactive?.type === "button_reply" ? m.interactive.button_reply : m.interactive?.type === "list_reply" ? m.interactive.list_reply : undefined;
    if (reply) {
      draft.kind = "button";
      draft.text = bounded(reply.title ?? reply.id, MAX_TEXT);
    }
  } else if (m.type === "reaction") {
    // No emoji means the user removed their reaction.
    draft.kind = "reaction";
    draft.text = bounded(m.reaction?.emoji, MAX_TEXT);
    draft.replyToProviderId = m.reaction?.message_id ?? draft.replyToProviderId;
  }
  return draft;
}

// ---------------------------------------------------------------------------------------------
// WAHA

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
  ["buttonsResponseMessage", "button"],
  ["templateButtonReplyMessage", "button"],
  ["listResponseMessage", "button"],
  ["interactiveResponseMessage", "button"],
  ["conversation", "text"],
  ["extendedTextMessage", "text"],
];

/** whatsapp-web.js types that are notices from WhatsApp or the app, not something the sender wrote. */
const WEBJS_NOTICES = new Set([
  "e2e_notification",
  "notification",
  "notification_template",
  "gp2",
  "call_log",
  "protocol",
  "revoked",
  "ciphertext",
  "broadcast_notification",
]);

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

    // The sender's own addresses only (never `to`, which is us), the primary one first.
    const addresses = [
      m.from,
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
    } else if (hint === "button") {
      draft.kind = "button";
      draft.text = bounded(m.body, MAX_TEXT);
    } else if ((hint === undefined || hint === "text") && m.body?.trim()) {
      draft.kind = "text";
      draft.text = bounded(m.body, MAX_TEXT);
    }
    return [draft];
  } catch {
    return [];
  }
}
