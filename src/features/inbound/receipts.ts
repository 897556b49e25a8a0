import type { ServiceDeps } from "../../core/deps.js";
import { statusEvent, type MessageEvent } from "../../core/live/events.js";
import { recordReceipt, type Receipt } from "../queue/index.js";

// Delivery receipts from providers, recorded (the queue feature's recordReceipt) and announced.

export type { Receipt, ReceiptKind } from "../queue/index.js";

/**
 * Records receipts; returns how many matched a sent message. A read message was also delivered.
 * Each receipt that filled something in is published as a message.delivered / message.read event.
 */
export async function recordReceipts(deps: ServiceDeps, receipts: Receipt[]): Promise<number> {
  let matched = 0;
  for (const r of receipts) {
    const rows = await recordReceipt(deps.db, r, deps.clock.now());
    matched += rows.length;
    const events: MessageEvent[] = [];
    for (const row of rows) {
      if (!row.wasDelivered) events.push(statusEvent(row, "message.delivered"));
      if (!row.wasRead && row.readAt) events.push(statusEvent(row, "message.read"));
    }
    deps.events.publish(events);
  }
  return matched;
}
