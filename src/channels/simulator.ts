import { setTimeout as sleep } from "node:timers/promises";
import type { Channel, DeliveryResult, OutgoingMessage } from "./channel.js";

export interface LedgerEntry {
  messageId: bigint;
  to: string;
  from: string;
  providerMessageId: string;
  at: Date;
}

/**
 * The default channel: it "delivers" after a configurable latency and refuses recipients matching
 * the fail pattern (by default numbers starting 9665000000, i.e. 05000000XX), so every state can be
 * shown without a real provider. Its ledger records each delivery it accepted, which is how tests
 * prove that no message went out twice.
 */
export class SimulatorChannel implements Channel {
  readonly name = "simulator";
  readonly ledger: LedgerEntry[] = [];
  private sequence = 0;

  constructor(
    private readonly latencyMs: number,
    /** Recipients (international digits) that fail; tests change it to make a recipient reachable. */
    public failPattern: RegExp,
    private readonly ledgerLimit = 100_000,
  ) {}

  async send(message: OutgoingMessage): Promise<DeliveryResult> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    if (this.failPattern.test(message.to)) {
      return { ok: false, error: "recipient_not_on_whatsapp", permanent: true, providerCode: "SIM_NOT_ON_WHATSAPP" };
    }
    const providerMessageId = `sim-${process.pid}-${++this.sequence}`;
    if (this.ledger.length >= this.ledgerLimit) this.ledger.shift();
    this.ledger.push({ messageId: message.id, to: message.to, from: message.from.phoneNumber, providerMessageId, at: new Date() });
    return { ok: true, providerMessageId };
  }
}
