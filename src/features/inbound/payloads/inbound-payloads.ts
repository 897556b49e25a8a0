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

export type InboundKind = "text" | "image" | "document" | "audio" | "video" | "sticker" | "location" | "contacts" | "button" | "reaction" | "other";

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
  /** The id of the button or list row the contact chose: Cloud's button_reply.id or list_reply.id, a template button's payload. */
  choiceId?: string | null;
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
export const MAX_TEXT = 4_096;
export const MAX_NAME = 256;
/** Cloud's longest button or list row id. */
export const MAX_CHOICE_ID = 256;
export const MAX_FILE_NAME = 256;
const MAX_URL = 2_048;
/** How far ahead of ours a provider's clock may be before its time is not believed (as for receipts). */
const CLOCK_SKEW_MS = 5 * 60_000;

/** Provider ids are short printable ASCII: Meta's `wamid.…` and BSUIDs (`SA.1349…`), WAHA's `false_…@c.us_…`. */
export const providerId = z.string().regex(/^[\x21-\x7e]{1,256}$/);
/** Unix seconds, as a string (Meta) or a number (WAHA). */
export const unixSeconds = z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]);
/** Degrees, as a number (Meta's examples) or a decimal string (WAHA's WALocation, some Meta payloads). */
export const degrees = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,20})?$/)
    .transform(Number),
]);

/** An optional field that, when it is not what is expected (null, wrong type, too long), counts as absent instead of failing the message. */
export const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
export const text = lenient(z.string());

/** The time the provider gives, unless it is before 2020 or more than 5 minutes ahead of us: then the time it arrived. */
export function providerTime(seconds: string | number | undefined, now: Date): Date {
  const ms = Number(seconds) * 1000;
  return seconds !== undefined && Number.isFinite(ms) && ms > Date.UTC(2020, 0, 1) && ms <= now.getTime() + CLOCK_SKEW_MS ? new Date(ms) : now;
}

/**
 * A string fit to keep: NUL removed (PostgreSQL text cannot hold it), lone surrogates replaced,
 * at most `max` code points, and null when nothing is left. Long input is cut before it is split,
 * so the work is bounded by `max`, not by what the provider sent.
 */
export function bounded(value: string | undefined, max: number, trim = false): string | null {
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
export function mimeType(value: string | undefined): string | null {
  const s = value?.trim();
  return s && s.length <= 255 && /^[\w.+-]+\/[\w.+-]+(\s*;[\x20-\x7e]*)?$/.test(s) ? s : null;
}

/** Only printable-ASCII http(s) URLs are passed on (WAHA serves its files over plain http on its own host). */
export function mediaUrl(value: string | undefined): string | null {
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
export function coordinates(lat: number | undefined, lon: number | undefined): { latitude: number; longitude: number } | null {
  if (lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { latitude: lat, longitude: lon } : null;
}

/** E.164 allows 15 digits; shorter than 6 is not a number anyone messages from. */
const PHONE_DIGITS = /^\d{6,15}$/;

/** Cloud gives the number as digits (a leading "+" is tolerated). */
export function cloudNumber(value: string | undefined): string | null {
  const digits = value?.trim().replace(/^\+/, "");
  return digits && PHONE_DIGITS.test(digits) ? digits : null;
}

/**
 * A WhatsApp user JID: `<digits>[:device]@c.us` or `@s.whatsapp.net` is a phone number,
 * `<digits>[:device]@lid` a LID. The device suffix (":12") is dropped; anything else is neither.
 */
export function userJid(value: unknown): { phone: string } | { lid: string } | null {
  if (typeof value !== "string" || value.length > 256) return null;
  const m = /^\+?(\d{1,32})(?::\d{1,4})?@(c\.us|s\.whatsapp\.net|lid)$/.exec(value.trim());
  if (!m) return null;
  const digits = m[1]!;
  if (m[2] === "lid") return { lid: `${digits}@lid` };
  return PHONE_DIGITS.test(digits) ? { phone: digits } : null;
}

/** A chat that is not one person: a group, the status feed or a broadcast list, a channel. */
export const NOT_ONE_TO_ONE = /@(g\.us|broadcast|newsletter)$/;

/** Reads a path in the engine's raw `_data` without trusting its shape. */
export function at(value: unknown, ...path: string[]): unknown {
  let v = value;
  for (const key of path) {
    if (typeof v !== "object" || v === null || Array.isArray(v) || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

export const str = (value: unknown) => (typeof value === "string" ? value : undefined);
