import type { Account, AccountStateChange } from "../../generated/prisma/client.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { ServiceError, notFound, validationError } from "../../core/errors.js";
import { changeNumberStates, type StateDeps } from "./number-states.js";
import { healthFigures, readThresholds, saveThresholds, THRESHOLD_BOUNDS, type HealthFigures, type HealthThresholds } from "./sql/health.js";
import { setWarmUpSettings } from "./sql/accounts.js";

// What a tenant reads and does about its numbers' health: the health view, resuming a stopped
// number, its warm-up settings, and its thresholds. An id of another tenant's number is answered
// exactly like an unknown one (404).

const DAY = 24 * 3_600_000;

async function ownAccount(deps: ServiceDeps, principal: Principal, id: number): Promise<Account> {
  const account = Number.isSafeInteger(id) ? await deps.db.account.findFirst({ where: { id, tenantId: principal.tenantId } }) : null;
  if (!account) throw notFound("Account");
  return account;
}

export interface HealthView {
  account: Account;
  last24h: HealthFigures;
  last7d: HealthFigures;
  thresholds: HealthThresholds;
  /** What the gateway did and when, newest first (at most 50). */
  changes: AccountStateChange[];
}

export async function accountHealth(deps: ServiceDeps, principal: Principal, id: number): Promise<HealthView> {
  const account = await ownAccount(deps, principal, id);
  const now = deps.clock.now().getTime();
  const [last24h, last7d, thresholds, changes] = await Promise.all([
    healthFigures(deps.db, id, new Date(now - DAY)),
    healthFigures(deps.db, id, new Date(now - 7 * DAY)),
    readThresholds(deps.db, principal.tenantId),
    deps.db.accountStateChange.findMany({ where: { accountId: id }, orderBy: { id: "desc" }, take: 50 }),
  ]);
  return { account, last24h, last7d, thresholds, changes };
}

/**
 * Resumes a paused, restricted, disconnected or banned number. A tenant is refused while the
 * provider still reports the block (quality flagged, a restriction, a ban, a session not running):
 * resuming then would only send into it. An operator may force it (admin CLI).
 */
export async function resumeNumber(deps: StateDeps, tenantId: number, id: number, by: "tenant" | "operator", force = false): Promise<Account> {
  const account = await deps.db.account.findFirst({ where: { id, tenantId } });
  if (!account) throw notFound("Account");
  if (account.status === "token_invalid")
    throw new ServiceError("PROVIDER_BLOCK_ACTIVE", "The provider refused this number's token; an operator must set a new one (admin CLI account:update).");
  if (account.providerBlock && !force) {
    throw new ServiceError(
      "PROVIDER_BLOCK_ACTIVE",
      `The provider still reports this number ${account.status} (${account.statusReason ?? "no reason given"}); it resumes by itself when the provider lifts it.`,
    );
  }
  await changeNumberStates(deps, [id], { to: "connected", from: ["paused", "restricted", "disconnected", "banned"], reason: "resumed", signal: by });
  return deps.db.account.findUniqueOrThrow({ where: { id } });
}

/** A tenant's resume: resumeNumber already answers another tenant's number as unknown. */
export const resumeOwnNumber = (deps: ServiceDeps, principal: Principal, id: number): Promise<Account> => resumeNumber(deps, principal.tenantId, id, "tenant");

export interface WarmUpInput {
  /** Daily sends by day of warm-up, strictly increasing; empty: the plan's. */
  ramp?: number[] | null | undefined;
  firstContactCap?: number | null | undefined;
  /** Meta's messaging limit (unique recipients in 24 hours); null: none held. */
  messagingTier?: number | null | undefined;
  /** true: (re)start the warm-up today; false: end it now. */
  warmingUp?: boolean | null | undefined;
}

const MAX_RAMP_DAYS = 60;

function checkWarmUp(input: WarmUpInput): void {
  const fields: Record<string, string> = {};
  const ramp = input.ramp;
  if (ramp) {
    if (ramp.length > MAX_RAMP_DAYS) fields.ramp = `may have at most ${MAX_RAMP_DAYS} days`;
    else if (ramp.some((n) => !Number.isInteger(n) || n < 1 || n > 1_000_000)) fields.ramp = "each day must be a whole number from 1 to 1000000";
    else if (ramp.some((n, i) => i > 0 && n <= ramp[i - 1]!)) fields.ramp = "must increase from each day to the next";
  }
  if (input.firstContactCap != null && (!Number.isInteger(input.firstContactCap) || input.firstContactCap < 1 || input.firstContactCap > 1_000_000))
    fields.firstContactCap = "must be a whole number from 1 to 1000000";
  if (input.messagingTier != null && (!Number.isInteger(input.messagingTier) || input.messagingTier < 1 || input.messagingTier > 10_000_000))
    fields.messagingTier = "must be a whole number from 1 to 10000000";
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

/** Sets a number's warm-up ramp, first-contact cap and messaging tier; starts or ends its warm-up (an event when its state changes). */
export async function setWarmUp(deps: ServiceDeps, principal: Principal, id: number, input: WarmUpInput): Promise<Account> {
  checkWarmUp(input);
  const account = await ownAccount(deps, principal, id);
  const { day } = deps.clock.period();
  await setWarmUpSettings(deps.db, id, input);
  if (input.warmingUp === true) {
    await changeNumberStates(deps, [id], { to: "connected", from: ["connected"], reason: "warmup_started", signal: "tenant", startWarmupOn: day });
  } else if (input.warmingUp === false && account.warmupStartedOn !== null) {
    await changeNumberStates(deps, [id], { to: "connected", from: ["connected"], reason: "warmup_ended", signal: "tenant", warmupDoneBy: "9999-12-31" });
  }
  return deps.db.account.findUniqueOrThrow({ where: { id } });
}

export async function setThresholds(deps: ServiceDeps, principal: Principal, input: Partial<HealthThresholds>): Promise<HealthThresholds> {
  const fields: Record<string, string> = {};
  for (const [name, bound] of Object.entries(THRESHOLD_BOUNDS)) {
    const v = input[name as keyof HealthThresholds];
    if (v != null && (!Number.isFinite(v) || v < bound.min || v > bound.max || (name === "minSends" && !Number.isInteger(v))))
      fields[name] = `must be from ${bound.min} to ${bound.max}`;
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  const current = await readThresholds(deps.db, principal.tenantId);
  const next = Object.fromEntries(Object.entries(current).map(([k, v]) => [k, input[k as keyof HealthThresholds] ?? v])) as unknown as HealthThresholds;
  return saveThresholds(deps.db, principal.tenantId, pickThresholds(next), deps.clock.now());
}

const pickThresholds = (t: HealthThresholds): HealthThresholds => ({
  optOutRatePercent: t.optOutRatePercent,
  undeliverableRatePercent: t.undeliverableRatePercent,
  failureRatePercent: t.failureRatePercent,
  minSends: t.minSends,
});
