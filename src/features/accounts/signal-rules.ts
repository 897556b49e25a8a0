import type { AccountStatus } from "../../generated/prisma/enums.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { AccountStatusEvent } from "../../core/live/events.js";
import type { HealthSignal } from "../../core/channels/channel.js";
import { changeNumberStates, endSlowDown, slowNumber, type Backoff } from "./number-states.js";

// The one table from what is heard about a number to what the gateway does (README, "Number
// health"; docs/number-health.md). Provider errors (delivery), Cloud webhooks and WAHA session
// events (inbound), the gateway's own figures (the health monitor) and people (resume) all go
// through applySignal, so a rule is changed here and nowhere else.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type HealthAction =
  /** Pacing × factor for a while; the number keeps sending. */
  | { kind: "slow"; factor: number; forMs: number }
  /** A pause that ends by itself, longer each time within 7 days. */
  | { kind: "pause"; status: "paused" | "restricted"; backoff: Backoff }
  /** Stopped until lifted: by the provider's all-clear when it reported the block, else by a person. */
  | { kind: "stop"; status: "paused" | "restricted" | "banned" | "disconnected"; providerBlock: boolean }
  /** The provider's all-clear: lifts what it reported (the stops of `reasons` only, when given), ends a slow-down. */
  | { kind: "lift"; from: AccountStatus[]; reasons?: string[] };

export interface HealthRule {
  /** Where the signal comes from, for the docs. */
  source: string;
  meaning: string;
  action: HealthAction;
}

const STOPPABLE: AccountStatus[] = ["connected", "paused"];

export const HEALTH_RULES: Record<HealthSignal, HealthRule> = {
  spam_rate_limit: {
    source: "Cloud error 131048",
    meaning: "Meta's spam rate limit: too many messages blocked or reported",
    action: { kind: "pause", status: "paused", backoff: { baseMs: HOUR, maxMs: 24 * HOUR } },
  },
  ecosystem_engagement: { source: "Cloud error 131049", meaning: "Meta held a message back to protect engagement", action: { kind: "slow", factor: 2, forMs: 24 * HOUR } },
  policy_block: {
    source: "Cloud error 368",
    meaning: "temporarily blocked for policy violations",
    action: { kind: "pause", status: "restricted", backoff: { baseMs: 24 * HOUR, maxMs: 7 * 24 * HOUR } },
  },
  account_locked: { source: "Cloud error 131031", meaning: "the business account is locked", action: { kind: "stop", status: "restricted", providerBlock: false } },
  throughput: { source: "Cloud errors 130429, 131056", meaning: "throughput or pair rate exceeded", action: { kind: "slow", factor: 2, forMs: 15 * MINUTE } },
  quality_yellow: {
    source: "Cloud phone_number_quality_update (YELLOW, DOWNGRADE)",
    meaning: "quality rating fell to medium",
    action: { kind: "slow", factor: 2, forMs: 24 * HOUR },
  },
  quality_red: {
    source: "Cloud phone_number_quality_update (RED, FLAGGED)",
    meaning: "quality rating fell to low",
    action: { kind: "stop", status: "paused", providerBlock: true },
  },
  quality_green: {
    source: "Cloud phone_number_quality_update (GREEN, UNFLAGGED, UPGRADE)",
    meaning: "quality rating recovered",
    action: { kind: "lift", from: ["paused", "restricted"] },
  },
  account_restricted: {
    source: "Cloud account_update (ACCOUNT_RESTRICTION)",
    meaning: "Meta restricted the account's messaging",
    action: { kind: "stop", status: "restricted", providerBlock: true },
  },
  account_banned: {
    source: "Cloud account_update (DISABLED_UPDATE: DISABLE, ACCOUNT_VIOLATION)",
    meaning: "Meta disabled the account",
    action: { kind: "stop", status: "banned", providerBlock: true },
  },
  account_reinstated: {
    source: "Cloud account_update (REINSTATE, restriction lifted)",
    meaning: "Meta lifted its restriction or ban",
    action: { kind: "lift", from: ["restricted", "banned", "paused"] },
  },
  session_lost: {
    source: "WAHA session.status STOPPED, FAILED, SCAN_QR_CODE",
    meaning: "the WhatsApp session is not running",
    action: { kind: "stop", status: "disconnected", providerBlock: true },
  },
  session_working: {
    source: "WAHA session.status WORKING",
    meaning: "the session runs again",
    // Not a link the gateway refused (another phone, a number taken): that session works for someone else.
    action: { kind: "lift", from: ["disconnected"], reasons: ["session_lost"] },
  },
  opt_out_rate: {
    source: "the gateway: opt-outs per 100 sent in 24 h",
    meaning: "recipients ask to stop: sending on risks reports and a ban",
    action: { kind: "stop", status: "paused", providerBlock: false },
  },
  undeliverable_rate: {
    source: "the gateway: recipient_not_on_whatsapp per 100 attempted in 24 h",
    meaning: "the list is stale or bought",
    action: { kind: "pause", status: "paused", backoff: { baseMs: 6 * HOUR, maxMs: 48 * HOUR } },
  },
  failure_rate: {
    source: "the gateway: provider failures per 100 attempted in 24 h",
    meaning: "the provider refuses much of what the number sends",
    action: { kind: "pause", status: "paused", backoff: { baseMs: HOUR, maxMs: 24 * HOUR } },
  },
};

/** What a signal does to `accountIds` (their tenants' numbers only: callers resolve them). */
export async function applySignal(
  deps: ServiceDeps,
  accountIds: number[],
  signal: HealthSignal,
  detail: { code?: string; until?: Date | null } = {},
): Promise<AccountStatusEvent[]> {
  const { action } = HEALTH_RULES[signal];
  const signalText = detail.code ? `${signal}:${detail.code}` : signal;
  switch (action.kind) {
    case "slow":
      for (const id of accountIds) await slowNumber(deps, id, action.factor, action.forMs);
      return [];
    case "pause":
      return changeNumberStates(deps, accountIds, { to: action.status, from: STOPPABLE, reason: signal, signal: signalText, backoff: action.backoff });
    case "stop": {
      const from: AccountStatus[] =
        action.status === "banned"
          ? ["connected", "paused", "restricted", "disconnected"]
          : action.status === "disconnected"
            ? ["connected", "paused"]
            : [...STOPPABLE, "restricted"];
      return changeNumberStates(deps, accountIds, {
        to: action.status,
        from,
        reason: signal,
        signal: signalText,
        providerBlock: action.providerBlock,
        until: detail.until ?? null,
      });
    }
    case "lift":
      await endSlowDown(deps, accountIds);
      return changeNumberStates(deps, accountIds, {
        to: "connected",
        from: action.from,
        reason: signal,
        signal: signalText,
        onlyProviderBlocked: true,
        onlyReasons: action.reasons,
      });
  }
}
