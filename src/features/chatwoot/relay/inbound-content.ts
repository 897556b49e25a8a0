import type { InboundKind } from "../../../generated/prisma/client.js";

// How a contact's message reads in Chatwoot: its text, or for what has none a line that says what
// it is, so no message ever arrives empty. Media goes along as the message's attachment; what
// could not be fetched is said in words instead.

export interface InboundForChatwoot {
  id: bigint;
  kind: InboundKind;
  text: string | null;
  latitude: number | null;
  longitude: number | null;
  fileName: string | null;
}

const MEDIA_WORDS: Partial<Record<InboundKind, string>> = {
  image: "an image",
  video: "a video",
  audio: "a voice note or audio",
  document: "a document",
  sticker: "a sticker",
};

/** The message's text in Chatwoot (its caption for media; may be empty when a file goes along). */
export function contentOf(m: InboundForChatwoot): string {
  switch (m.kind) {
    case "location": {
      const at = `${m.latitude},${m.longitude}`;
      return [`📍 ${m.text ?? "Location"}`, `https://maps.google.com/?q=${at}`].join("\n");
    }
    case "contacts":
      return `👤 ${m.text ?? "A contact card (open WhatsApp on the phone to see it)"}`;
    case "reaction":
      return m.text ? `Reacted ${m.text}` : "Removed a reaction";
    case "button":
      return m.text ?? "(a button reply)";
    case "other":
      return m.text ?? "(a message this gateway cannot show, such as an order: open WhatsApp on the phone to see it)";
    default:
      return m.text ?? "";
  }
}

/** The line posted instead of a file that could not be fetched, with the reason. */
export function missingFileNote(m: InboundForChatwoot, reason: string): string {
  const what = MEDIA_WORDS[m.kind] ?? "a file";
  const caption = m.text ? `\n${m.text}` : "";
  return `⚠️ The contact sent ${what}${m.fileName ? ` (${m.fileName})` : ""} that could not be brought into Chatwoot: ${reason}${caption}`;
}

/** The private note that follows a message that opted the contact out. */
export function optOutNote(m: InboundForChatwoot): string {
  return `🚫 The contact opted out with "${m.text ?? ""}". Messages to them are refused until they opt in again.`;
}

/** The file name Chatwoot shows for an attachment without one. */
export function fileNameOf(m: InboundForChatwoot, contentType: string): string {
  if (m.fileName) return m.fileName;
  const ext =
    /\/([a-z0-9.+-]+)/i
      .exec(contentType)?.[1]
      ?.replace(/^(x-|vnd\.)/, "")
      .split(/[+;]/)[0] ?? "bin";
  return `${m.kind}-${m.id}.${ext === "jpeg" ? "jpg" : ext === "mpeg" ? "mp3" : ext}`;
}
