import type { Message } from "../../generated/prisma/client.js";
import type { MessagePart, SentPart } from "../../core/channels/channel.js";

// A message a driver splits (see MessagePart) keeps the parts the provider already took, so that
// the retry of a later part that failed does not send the earlier ones again.

const PARTS: ReadonlySet<string> = new Set<MessagePart>(["message", "image", "text"]);

/** The parts of `message` already sent, as stored by recordPartSent. */
export function sentParts(message: Pick<Message, "sentParts">): SentPart[] {
  const stored: unknown = message.sentParts;
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (p: unknown): p is SentPart =>
      typeof p === "object" && p !== null && PARTS.has((p as SentPart).part) && ["string", "object"].includes(typeof (p as SentPart).providerMessageId),
  );
}
