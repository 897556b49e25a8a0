import { builder } from "./builder.js";
import { CONTENT_KINDS, type ContentKind } from "../content/message-content.js";

// The content kinds as a GraphQL enum: messages say what they carry, accounts what they can send.

export const ContentKindEnum = builder.enumType("ContentKind", {
  values: Object.fromEntries(CONTENT_KINDS.map((k) => [k, { value: k }])) as Record<ContentKind, { value: ContentKind }>,
  description: "What a message carries: text (with or without imageUrl), media, a location, contact cards, a reaction, an interactive message, or a WhatsApp template message.",
});
