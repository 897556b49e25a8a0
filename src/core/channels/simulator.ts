import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { kindOf, type ContentKind } from "../content/message-content.js";
import type { Channel, DeliveryResult, MessagePart, OutgoingMessage } from "./channel.js";
import { SIMULATED_ANSWERS, type SimulatedHealthEvent, type SimulatedSignal } from "./simulator-signals.js";

export interface LedgerEntry {
  messageId: bigint;
  to: string;
  from: string;
  /** What the message carried, so a test can check what a provider would have been asked to send. */
  kind: ContentKind;
  providerMessageId: string;
  at: Date;
}

export interface SimulatorOptions {
  latencyMs: number;
  /** Recipients that always fail for good (`recipient_not_on_whatsapp`). */
  failPattern: RegExp;
  /** Recipients that always fail for now (`provider_unavailable`, retried). */
  transientPattern: RegExp;
  /** Recipients whose first attempt fails (`throttled`) and whose next one succeeds. */
  flakyPattern: RegExp;
  /** Appends one JSON line per accepted delivery, so several processes can be checked together. */
  ledgerFile?: string | undefined;
  /**
   * Lost answers, as a provider's can be on the way back (docs/design.md, "Delivery promise"):
   * recipients whose first attempt of each message is accepted (in the ledger) and then answered
   * as a timeout...
   */
  lostAnswerPattern?: RegExp | undefined;
  /** ...and the latency spent after accepting rather than before: a process that dies meanwhile leaves the message accepted unknown to it. */
  stallAfterAccept?: boolean;
  /** Recipients who answer each delivered message with `replyText`, `replyDelayMs` later... */
  replyPattern?: RegExp;
  replyText?: string;
  /** ...and recipients who answer with `stopText` (a stop word: they opt out). */
  stopPattern?: RegExp;
  stopText?: string;
  replyDelayMs?: number;
  /** Number health (docs/number-health.md): recipients whose sends answer with `signal`... */
  signalPattern?: RegExp | undefined;
  signal?: SimulatedSignal;
  /** ...every send from a number after this many answers with `signal` (0: never)... */
  signalAfterSends?: number;
  /** ...and, once, after this many sends from a number: its quality drops to RED, its session is lost (0: never). */
  qualityRedAfterSends?: number;
  sessionLostAfterSends?: number;
}

/** A reply the simulator makes a recipient send, handed to the gateway as a provider webhook would. */
export interface SimulatedReply {
  /** The account the message was sent from, which receives the reply. */
  accountId: number;
  from: string;
  text: string;
  providerMessageId: string;
  /** The provider id of the message it answers (the simulator's replies quote it). */
  replyToProviderId: string;
}

/**
 * The default channel: it "delivers" after a configurable latency and answers chosen recipients
 * with failures, so every state can be shown without a real provider. Its ledger records each
 * delivery it accepted, which is how tests prove that no message went out twice; it keeps the
 * newest ten to twenty thousand, so a server sending through the simulator for days stays level,
 * and none in production, where nothing reads it (the ledger file, when set, still gets every one).
 */
export class SimulatorChannel implements Channel {
  readonly name = "simulator";
  readonly reportsReceipts = false;
  readonly ledger: LedgerEntry[] = [];
  private sequence = 0;
  private readonly flakyTried = new Set<bigint>();
  private readonly answersLost = new Set<bigint>();
  /** Where replies go (set by the runtime to the inbound service); none: recipients stay silent. */
  onReply: ((reply: SimulatedReply) => Promise<void>) | undefined;
  /** Where health events go (set by the runtime to the health rules); none: they are not sent. */
  onHealthEvent: ((event: SimulatedHealthEvent) => Promise<void>) | undefined;
  /** Sends accepted per sender number, for the "after N sends" settings. */
  private readonly sendsFrom = new Map<number, number>();
  /** Replies not yet made, cancelled at shutdown (they would find the database closed). */
  private readonly pendingReplies = new Set<NodeJS.Timeout>();

  constructor(
    /** Public so that tests and demos can change which recipients fail. */
    public options: SimulatorOptions,
    /** The ledger keeps at least this many of the newest entries and at most twice as many; 0: none. */
    private readonly ledgerLimit = 10_000,
  ) {}

  /** One delivery per message, whatever it carries. */
  parts(): MessagePart[] {
    return ["message"];
  }

  async send(message: OutgoingMessage): Promise<DeliveryResult> {
    const { latencyMs, stallAfterAccept = false } = this.options;
    if (latencyMs > 0 && !stallAfterAccept) await sleep(latencyMs);
    const result = this.answer(message);
    if (latencyMs > 0 && stallAfterAccept) await sleep(latencyMs);
    if (result.ok && this.options.lostAnswerPattern?.test(message.to) && !this.answersLost.has(message.id)) {
      this.answersLost.add(message.id);
      return { ok: false, error: "timeout", permanent: false, providerCode: "SIM_ANSWER_LOST", answerLost: true };
    }
    return result;
  }

  /** What the simulated provider decides about a send, recording it in the ledger when it accepts it. */
  private answer(message: OutgoingMessage): DeliveryResult {
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
    const signalled = this.signalFor(message);
    if (signalled) return signalled;
    const providerMessageId = `sim-${process.pid}-${++this.sequence}`;
    const entry: LedgerEntry = { messageId: message.id, to: message.to, from: message.from.phoneNumber, kind: kindOf(message.content), providerMessageId, at: new Date() };
    if (this.ledgerLimit > 0) {
      // Trimmed by half at a time: shifting one entry per send would copy the whole array each time.
      if (this.ledger.length >= 2 * this.ledgerLimit) this.ledger.splice(0, this.ledger.length - this.ledgerLimit);
      this.ledger.push(entry);
    }
    if (this.options.ledgerFile) {
      // O_APPEND writes of one short line do not interleave between processes.
      fs.appendFileSync(this.options.ledgerFile, `${JSON.stringify({ ...entry, messageId: String(entry.messageId) })}\n`);
    }
    this.replyLater(message, providerMessageId);
    return { ok: true, providerMessageId };
  }

  /** The health answer a send gets, if any; counts the sends each number made and sends its events. */
  private signalFor(message: OutgoingMessage): DeliveryResult | undefined {
    const { signalPattern, signal = "spam_rate_limit", signalAfterSends = 0, qualityRedAfterSends = 0, sessionLostAfterSends = 0 } = this.options;
    if (signalPattern?.test(message.to)) return SIMULATED_ANSWERS[signal];
    const from = message.from.accountId;
    const sent = this.sendsFrom.get(from) ?? 0;
    if (signalAfterSends > 0 && sent >= signalAfterSends) return SIMULATED_ANSWERS[signal];
    this.sendsFrom.set(from, sent + 1);
    if (this.sendsFrom.size > 10_000) this.sendsFrom.delete(this.sendsFrom.keys().next().value!);
    if (sent + 1 === qualityRedAfterSends) this.later(() => this.onHealthEvent?.({ accountId: from, signal: "quality_red" }));
    if (sent + 1 === sessionLostAfterSends) this.later(() => this.onHealthEvent?.({ accountId: from, signal: "session_lost" }));
    return undefined;
  }

  /** Runs `event` in the background, like a provider's webhook after the answer. */
  private later(event: () => Promise<void> | undefined): void {
    const timer = setTimeout(() => {
      this.pendingReplies.delete(timer);
      void event()?.catch(() => undefined);
    }, 0);
    timer.unref();
    this.pendingReplies.add(timer);
  }

  /** A recipient matching a reply pattern answers after the reply delay, in the background. */
  private replyLater(message: OutgoingMessage, providerMessageId: string): void {
    const { replyPattern, stopPattern, replyText, stopText, replyDelayMs = 0 } = this.options;
    const text = stopPattern?.test(message.to) ? stopText : replyPattern?.test(message.to) ? replyText : undefined;
    const deliver = this.onReply;
    if (!text || !deliver) return;
    const reply = {
      accountId: message.from.accountId,
      from: message.to,
      text,
      providerMessageId: `sim-in-${process.pid}-${++this.sequence}`,
      replyToProviderId: providerMessageId,
    };
    const timer = setTimeout(() => {
      this.pendingReplies.delete(timer);
      void deliver(reply).catch(() => undefined);
    }, replyDelayMs);
    timer.unref();
    this.pendingReplies.add(timer);
  }

  /** Drops the replies not yet made; later sends make none. */
  stopReplies(): void {
    for (const timer of this.pendingReplies) clearTimeout(timer);
    this.pendingReplies.clear();
    this.onReply = undefined;
    this.onHealthEvent = undefined;
  }
}
