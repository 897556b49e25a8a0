import { setTimeout as sleep } from "node:timers/promises";
import type { Message } from "../../generated/prisma/client.js";
import type { ServiceDeps } from "../../core/deps.js";
import { isSlowed, reservePacingSlot, takeSendGate } from "../accounts/index.js";
import { takeEarlierPacingSlot, waitForPacingSlot } from "../queue/index.js";
import { senderInfo, type SenderInfo } from "./senders.js";

/**
 * Pacing, one rule for both paths. A message takes its number's next slot (moving it on by the
 * number's interval plus jitter) unless it already holds one, and then must pass the hard floor
 * (takeSendGate) right before it is sent. A queued message waits for a slot more than a poll away
 * in the queue, and for a nearer one here. An inline send (a caller waits for its answer) does not
 * wait for its slot, but taking it moves the number's queued messages one step on, and it keeps the
 * floor: that is at most one interval away, so it waits here, once; if another send took the gate
 * meanwhile, it goes to the queue (answered `pending`). Returns the sender to send with now, or the
 * message's row handed back to the queue.
 */
export async function pace(
  deps: ServiceDeps,
  message: Message,
  owner: string,
  accountId: number,
  sender: SenderInfo,
  inline: boolean,
): Promise<{ sender: SenderInfo } | { queued: Message | undefined }> {
  const { db, config, clock } = deps;
  const slowed = isSlowed(sender, clock.now());
  if (message.pacedAt === null && (sender.minIntervalMs > 0 || sender.jitterMs > 0 || slowed)) {
    let slot = await reservePacingSlot(db, accountId, clock.now());
    if (!inline && message.priority === "high") slot = await takeEarlierPacingSlot(db, accountId, slot, clock.now());
    const wait = slot.getTime() - clock.now().getTime();
    if (!inline && wait > config.worker.pollMs) return { queued: await waitForPacingSlot(db, message.id, owner, slot) };
    if (!inline && wait > 0) {
      await sleep(wait);
      // The account may have changed while this send waited: send with what it is now.
      sender = await senderInfo(db, accountId);
    }
  }
  if (sender.minIntervalMs > 0 || slowed) {
    let retryAt = await takeSendGate(db, accountId, clock.now());
    if (retryAt && inline) {
      await sleep(Math.max(0, retryAt.getTime() - clock.now().getTime()));
      retryAt = await takeSendGate(db, accountId, clock.now());
    }
    if (retryAt) return { queued: await waitForPacingSlot(db, message.id, owner, retryAt) };
  }
  return { sender };
}
