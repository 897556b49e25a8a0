import type { SentPart } from "../../core/channels/channel.js";
import type { Db } from "../../core/db/database.js";

// The parts of a message a driver splits (see MessagePart) that the provider already took, so
// that the retry of a later part that failed does not send the earlier ones again.

/**
 * Stores a part the provider took, while `owner` still holds the message (the lease fences it
 * like every other change of a held message). False: the message is no longer ours to send.
 */
export async function recordPartSent(db: Db, id: bigint, owner: string, part: SentPart): Promise<boolean> {
  const stored = JSON.stringify([{ part: part.part, providerMessageId: part.providerMessageId }]);
  const changed = await db.$executeRaw`
    -- record_part_sent
    UPDATE message SET sent_parts = sent_parts || ${stored}::jsonb
    WHERE id = ${id} AND locked_by = ${owner} AND status = 'sending'`;
  return changed > 0;
}
