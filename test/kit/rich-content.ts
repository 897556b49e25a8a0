import type { RichContent } from "../../src/core/content/message-content.js";

/** A media content kind as the gateway stores it, with what a test leaves out at its defaults. */
export const media = (kind: "image" | "video" | "audio" | "document" | "sticker", url: string, extra: Partial<Extract<RichContent, { url: string }>> = {}): RichContent => ({
  kind,
  url,
  mimeType: null,
  filename: null,
  voice: false,
  ...extra,
});
