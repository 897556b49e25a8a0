import { MEDIA_TYPES } from "../content/content-input.js";
import type { ContactCard, LocationContent, MediaContent, RichContent } from "../content/message-content.js";
import { linkFileName } from "../content/link-file-name.js";

// Requests to WAHA (https://waha.devlike.pro/docs/how-to/send-messages/), one per content kind it
// carries. Files go by URL, and WAHA needs each one's mimetype: the message's, else the one its
// link's extension means, else the usual type of the kind.

export interface WahaRequest {
  method: "POST" | "PUT";
  path: string;
  body: Record<string, unknown>;
}

export interface WahaFile {
  url: string;
  mimetype: string;
  filename?: string;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

/** WAHA's own example type for a voice note: WhatsApp plays only Opus in an OGG container as one. */
const VOICE_MIME = "audio/ogg; codecs=opus";

const DEFAULT_MIME: Record<MediaContent["kind"], string> = {
  image: "image/jpeg",
  video: "video/mp4",
  audio: "audio/mpeg",
  document: "application/octet-stream",
  sticker: "image/webp",
};

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : "";
}

/** A message's `imageUrl` (a text message's image) as WAHA's file. */
export function describeImage(imageUrl: string): Required<WahaFile> {
  const filename = linkFileName(imageUrl);
  return { url: imageUrl, mimetype: MIME_BY_EXTENSION[extensionOf(filename)] ?? "image/jpeg", filename: filename || "image" };
}

/** A MIME type without its parameters ("audio/ogg; codecs=opus" is audio/ogg). */
const baseType = (mimeType: string) => mimeType.split(";")[0]!.trim();

function mimeTypeOf(content: MediaContent): string {
  const byExtension = MEDIA_TYPES[content.kind][extensionOf(linkFileName(content.url))];
  const mimeType = content.mimeType ?? byExtension ?? (content.voice ? VOICE_MIME : DEFAULT_MIME[content.kind]);
  return content.voice && baseType(mimeType) === "audio/ogg" ? VOICE_MIME : mimeType;
}

/**
 * Media by kind. WhatsApp takes a video only as MP4 and a voice note only as OGG/Opus: any other
 * file asks WAHA to convert it (`convert`), which it documents for exactly that. An audio file
 * that is not a voice note goes as a document, as WAHA has no endpoint for it.
 */
function media(content: MediaContent, text: string, chat: { session: string; chatId: string }): WahaRequest {
  const url = content.url;
  const mimetype = mimeTypeOf(content);
  const caption = text === "" ? {} : { caption: text };
  const post = (path: string, body: Record<string, unknown>): WahaRequest => ({ method: "POST", path, body: { ...chat, ...body } });
  switch (content.kind) {
    case "image":
      return post("/api/sendImage", { file: { url, mimetype, filename: linkFileName(url) || "image" }, ...caption });
    case "video":
      return post("/api/sendVideo", { file: { url, mimetype }, ...caption, ...(baseType(mimetype) === "video/mp4" ? {} : { convert: true }) });
    case "document":
      return post("/api/sendFile", { file: { url, mimetype, filename: content.filename ?? (linkFileName(url) || "document") }, ...caption });
    case "sticker":
      return post("/api/sendSticker", { file: { url, mimetype } });
    case "audio":
      return content.voice
        ? post("/api/sendVoice", { file: { url, mimetype }, ...(mimetype === VOICE_MIME ? {} : { convert: true }) })
        : post("/api/sendFile", { file: { url, mimetype, filename: linkFileName(url) || "audio" } });
  }
}

/** WAHA's location has one line of text, its title: the place's name, else its address. */
function location(content: LocationContent) {
  const title = content.name ?? content.address;
  return { latitude: content.latitude, longitude: content.longitude, ...(title === null ? {} : { title }) };
}

/** vCard 3.0 text escaping (RFC 2426, 5.8.4). */
const escapeVcard = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n");
const VCARD_SPECIAL = /[\\;,\r\n]/;

function vcardOf(card: ContactCard): string {
  return [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `FN:${escapeVcard(card.name)}`,
    ...(card.organization === null ? [] : [`ORG:${escapeVcard(card.organization)};`]),
    ...card.phones.map((digits) => `TEL;type=CELL;type=VOICE;waid=${digits}:+${digits}`),
    ...card.emails.map((email) => `EMAIL;type=INTERNET:${escapeVcard(email)}`),
    "END:VCARD",
  ].join("\n");
}

/**
 * A card given as fields is turned into a vCard by WAHA itself, with one phone, no email and its
 * text unescaped; a card that needs more goes as a vCard of our own, the other form WAHA documents.
 */
function contact(card: ContactCard) {
  const [phone] = card.phones;
  const plain = phone !== undefined && card.phones.length === 1 && card.emails.length === 0 && ![card.name, card.organization ?? ""].some((v) => VCARD_SPECIAL.test(v));
  if (!plain) return { vcard: vcardOf(card) };
  return { fullName: card.name, ...(card.organization === null ? {} : { organization: card.organization }), phoneNumber: `+${phone}`, whatsappId: phone };
}

/** The request for `content` to `chatId`; null for a kind WAHA cannot carry (interactive, template). */
export function wahaRequest(content: RichContent, text: string, session: string, chatId: string): WahaRequest | null {
  switch (content.kind) {
    case "location":
      return { method: "POST", path: "/api/sendLocation", body: { session, chatId, ...location(content) } };
    case "contacts":
      return { method: "POST", path: "/api/sendContactVcard", body: { session, chatId, contacts: content.contacts.map(contact) } };
    case "reaction":
      // A reaction names the message, whose id holds its chat.
      return { method: "PUT", path: "/api/reaction", body: { session, messageId: content.providerMessageId, reaction: content.emoji } };
    case "interactive":
    case "template":
      return null;
    default:
      return media(content, text, { session, chatId });
  }
}
