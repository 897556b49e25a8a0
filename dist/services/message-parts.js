// A message a driver splits (see MessagePart) keeps the parts the provider already took, so that
// the retry of a later part that failed does not send the earlier ones again.
const PARTS = new Set(["message", "image", "text"]);
/** The parts of `message` already sent, as stored by recordPartSent. */
export function sentParts(message) {
    const stored = message.sentParts;
    if (!Array.isArray(stored))
        return [];
    return stored.filter((p) => typeof p === "object" && p !== null && PARTS.has(p.part) && ["string", "object"].includes(typeof p.providerMessageId));
}
/**
 * Stores a part the provider took, while `owner` still holds the message (the lease fences it
 * like every other change of a held message). False: the message is no longer ours to send.
 */
export async function recordPartSent(db, id, owner, part) {
    const stored = JSON.stringify([{ part: part.part, providerMessageId: part.providerMessageId }]);
    const changed = await db.$executeRaw `
    UPDATE message SET sent_parts = sent_parts || ${stored}::jsonb
    WHERE id = ${id} AND locked_by = ${owner} AND status = 'sending'`;
    return changed > 0;
}
//# sourceMappingURL=message-parts.js.map