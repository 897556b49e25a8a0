import type { DeliveryResult } from "./channel.js";

// The provider answers the simulator plays for number-health signals, the way the WhatsApp Cloud
// driver maps Meta's codes (whatsapp-cloud.ts), so the health rules can be tried without Meta.

export const SIMULATED_SIGNALS = ["spam_rate_limit", "ecosystem_engagement", "policy_block", "account_locked", "throughput"] as const;
export type SimulatedSignal = (typeof SIMULATED_SIGNALS)[number];

export const SIMULATED_ANSWERS: Record<SimulatedSignal, Extract<DeliveryResult, { ok: false }>> = {
  spam_rate_limit: { ok: false, error: "sender_restricted", permanent: false, providerCode: "SIM_131048", signal: "spam_rate_limit" },
  ecosystem_engagement: { ok: false, error: "sender_restricted", permanent: true, providerCode: "SIM_131049", signal: "ecosystem_engagement" },
  policy_block: { ok: false, error: "sender_restricted", permanent: false, providerCode: "SIM_368", signal: "policy_block" },
  account_locked: { ok: false, error: "sender_restricted", permanent: false, providerCode: "SIM_131031", signal: "account_locked" },
  throughput: { ok: false, error: "throttled", permanent: false, providerCode: "SIM_130429", signal: "throughput" },
};

/**
 * A health event the simulator sends about one of its numbers, as a provider's webhook would. The
 * settings only make it send quality_red and session_lost; the type names every event a provider
 * can send, so that whoever receives them handles the recoveries too.
 */
export interface SimulatedHealthEvent {
  accountId: number;
  signal: "quality_yellow" | "quality_red" | "quality_green" | "session_lost" | "session_working";
}

/** The settings behind them (SIMULATOR_SIGNAL… in docs/configuration.md). */
export interface SimulatedHealthSettings {
  signalPattern: RegExp | undefined;
  signal: SimulatedSignal;
  signalAfterSends: number;
  qualityRedAfterSends: number;
  sessionLostAfterSends: number;
}
