// What a message carries besides plain text: one content kind per message, stored on the message
// row (`message.content`, JSON) and handed to the channel driver as is. A message without one is
// the spec's text, optionally with `image_url` (OutgoingMessage.imageUrl), exactly as before.
// Validation and the providers' limits live in content-input.ts; drivers only translate.

/** Media sent by link; the provider (or WAHA's server) fetches it, the gateway never does. */
export const MEDIA_KINDS = ["image", "video", "audio", "document", "sticker"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export interface MediaContent {
  kind: MediaKind;
  /** An https link to the file. */
  url: string;
  /** The MIME type: given by the caller, or read from the link's file extension; null when neither says. */
  mimeType: string | null;
  /** Documents: the name the recipient sees (defaults to the link's last path segment). */
  filename: string | null;
  /** Audio: true for a voice note (push-to-talk), false for an audio file. */
  voice: boolean;
  // The caption is the message's text (OutgoingMessage.text); empty: none. Audio and stickers have none.
}

export interface LocationContent {
  kind: "location";
  latitude: number;
  longitude: number;
  name: string | null;
  address: string | null;
}

export interface ContactCard {
  /** The name as shown (Meta's formatted_name). */
  name: string;
  /** International digits, as the gateway normalises numbers. */
  phones: string[];
  emails: string[];
  organization: string | null;
}

export interface ContactsContent {
  kind: "contacts";
  contacts: ContactCard[];
}

export interface ReactionContent {
  kind: "reaction";
  /** One emoji; the empty string takes an earlier reaction away. */
  emoji: string;
  /** The provider's id of the message reacted to (one we sent or received on the same number). */
  providerMessageId: string;
}

export interface ReplyButton {
  id: string;
  title: string;
}

export interface ListRow {
  id: string;
  title: string;
  description: string | null;
}

export interface ListSection {
  title: string | null;
  rows: ListRow[];
}

/** Meta's interactive messages; the body is the message's text. */
export type InteractiveContent = {
  kind: "interactive";
  header: string | null;
  footer: string | null;
} & ({ type: "buttons"; buttons: ReplyButton[] } | { type: "list"; button: string; sections: ListSection[] });

export type TemplateHeader = { type: "text"; text: string } | { type: "image" | "video" | "document"; url: string; filename: string | null };

export interface TemplateButtonParameter {
  /** The button's position in the registered template, from 0. */
  index: number;
  subType: "quick_reply" | "url" | "copy_code";
  /** A quick reply's payload, the URL's variable part, or the coupon code. */
  value: string;
}

/** A WhatsApp (Meta-approved) template message with its parameters, checked against its registration. */
export interface TemplateContent {
  kind: "template";
  name: string;
  language: string;
  header: TemplateHeader | null;
  /** The body's {{1}}, {{2}}… in order. */
  body: string[];
  buttons: TemplateButtonParameter[];
}

export type RichContent = MediaContent | LocationContent | ContactsContent | ReactionContent | InteractiveContent | TemplateContent;

/** Every kind a message may be; `text` is a message without rich content (with or without image_url). */
export const CONTENT_KINDS = ["text", ...MEDIA_KINDS, "location", "contacts", "reaction", "interactive", "template"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const kindOf = (content: RichContent | null): ContentKind => content?.kind ?? "text";

/**
 * Free-form: anything but a template message. Through a channel with a customer-service window
 * (WhatsApp Cloud), free-form messages go only to contacts who wrote to the number in the last 24 hours.
 */
export const isFreeForm = (content: RichContent | null) => content?.kind !== "template";

/** Reads a stored `message.content` (written by the gateway itself, so trusted to have this shape). */
export const storedContent = (value: unknown): RichContent | null => (value !== null && typeof value === "object" && "kind" in value ? (value as RichContent) : null);
