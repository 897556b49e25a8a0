import type { Account, AccountStateChange } from "../../generated/prisma/client.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { ServiceError, notFound } from "../../core/errors.js";
import { changeNumberStates, type StateDeps } from "./number-states.js";
import { healthFigures, readThresholds, saveThresholds, type HealthFigures, type HealthThresholds } from "./sql/health.js";
import type { WarmUpInput } from "./health-input.js";
import { setWarmUpSettings } from "./sql/accounts.js";
import { audited, authorIn } from "../../core/audit/audited.js";
import { ownAccountsWhere } from "../../core/auth/number-scope.js";
import { requireOwnNumber } from "../../core/auth/number-scope.js";

// What a tenant reads and does about its numbers' health: the health view, resuming a stopped
// number, its warm-up settings, and its thresholds. An id of another tenant's number is answered
// exactly like an unknown one (404).

const DAY = 24 * 3_600_000;

/** The tenant's own linked number (not removed); another tenant's is unknown. */
async function ownAccount(deps: ServiceDeps, principal: Principal, id: number): Promise<Account> {
  const account = Number.isSafeInteger(id)
    ? await deps.db.account.findFirst({ where: { id, tenantId: principal.tenantId, removedAt: null, ...ownAccountsWhere(principal) } })
    : null;
  if (!account) throw notFound("Account");
  return requireLinked(account);
}

/** A number still being linked has no health, warm-up or pause of its own yet: its connection says where it stands. */
function requireLinked(account: Account): Account {
  if (account.phoneNumber === null) throw new ServiceError("LINK_NOT_READY", "This number is not linked yet; see its connection (GET /accounts/{id}/connection).");
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
  const account = await deps.db.account.findFirst({ where: { id, tenantId, removedAt: null } });
  if (!account) throw notFound("Account");
  requireLinked(account);
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
export const resumeOwnNumber = (deps: ServiceDeps, principal: Principal, id: number): Promise<Account> => {
  requireOwnNumber(principal, id);
  return resumeNumber(deps, principal.tenantId, id, "tenant");
};

/** Sets a number's warm-up ramp, first-contact cap and messaging tier; starts or ends its warm-up (an event when its state changes). */
export async function setWarmUp(deps: ServiceDeps, principal: Principal, id: number, input: WarmUpInput): Promise<Account> {
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
  const current = await readThresholds(deps.db, principal.tenantId);
  const next = Object.fromEntries(Object.entries(current).map(([k, v]) => [k, input[k as keyof HealthThresholds] ?? v])) as unknown as HealthThresholds;
  const now = deps.clock.now();
  return audited(
    deps.db,
    authorIn(deps, principal),
    (tx) => saveThresholds(tx, principal.tenantId, pickThresholds(next), now),
    (saved) => ({ tenantId: principal.tenantId, action: "health_thresholds.changed", target: "health_thresholds", before: pickThresholds(current), after: pickThresholds(saved) }),
  );
}

const pickThresholds = (t: HealthThresholds): HealthThresholds => ({
  optOutRatePercent: t.optOutRatePercent,
  undeliverableRatePercent: t.undeliverableRatePercent,
  failureRatePercent: t.failureRatePercent,
  minSends: t.minSends,
});
