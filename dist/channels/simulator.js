import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
/**
 * The default channel: it "delivers" after a configurable latency and answers chosen recipients
 * with failures, so every state can be shown without a real provider. Its ledger records each
 * delivery it accepted, which is how tests prove that no message went out twice.
 */
export class SimulatorChannel {
    options;
    ledgerLimit;
    name = "simulator";
    reportsReceipts = false;
    ledger = [];
    sequence = 0;
    flakyTried = new Set();
    constructor(
    /** Public so that tests and demos can change which recipients fail. */
    options, ledgerLimit = 100_000) {
        this.options = options;
        this.ledgerLimit = ledgerLimit;
    }
    /** One delivery per message, whatever it carries. */
    parts() {
        return ["message"];
    }
    async send(message) {
        if (this.options.latencyMs > 0)
            await sleep(this.options.latencyMs);
        const { failPattern, transientPattern, flakyPattern } = this.options;
        if (failPattern.test(message.to)) {
            return { ok: false, error: "recipient_not_on_whatsapp", permanent: true, providerCode: "SIM_NOT_ON_WHATSAPP" };
        }
        if (transientPattern.test(message.to)) {
            return { ok: false, error: "provider_unavailable", permanent: false, providerCode: "SIM_UNAVAILABLE" };
        }
        if (flakyPattern.test(message.to) && !this.flakyTried.has(message.id)) {
            this.flakyTried.add(message.id);
            return { ok: false, error: "throttled", permanent: false, providerCode: "SIM_THROTTLED" };
        }
        const providerMessageId = `sim-${process.pid}-${++this.sequence}`;
        const entry = { messageId: message.id, to: message.to, from: message.from.phoneNumber, providerMessageId, at: new Date() };
        if (this.ledger.length >= this.ledgerLimit)
            this.ledger.shift();
        this.ledger.push(entry);
        if (this.options.ledgerFile) {
            // O_APPEND writes of one short line do not interleave between processes.
            fs.appendFileSync(this.options.ledgerFile, `${JSON.stringify({ ...entry, messageId: String(entry.messageId) })}\n`);
        }
        return { ok: true, providerMessageId };
    }
}
//# sourceMappingURL=simulator.js.map