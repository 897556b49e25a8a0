import type { Account, AccountStateChange } from "../../generated/prisma/client.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { ServiceError, notFound } from "../../core/errors.js";
import { announceStateChanges, type StateDeps } from "./number-states.js";
import { healthFigures, readThresholds, saveThresholds, type HealthFigures, type HealthThresholds } from "./sql/health.js";
import type { WarmUpInput } from "./health-input.js";
import { setWarmUpSettings } from "./sql/accounts.js";
import { audited, authorIn, type Author } from "../../core/audit/audited.js";
import { applyNumberStateChange } from "./sql/number-states.js";
import { ownAccountsWhere, requireOwnNumber } from "../../core/auth/number-scope.js";

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
export async function resumeNumber(deps: StateDeps, tenantId: number, id: number, by: "tenant" | "operator", author: Author, force = false): Promise<Account> {
  const account = await deps.db.account.findFirst({ where: { id, tenantId, removedAt: null } });
  if (!account) throw notFound("Account");
  requireLinked(account);
  if (account.status === "token_invalid")
    throw new ServiceError("PROVIDER_BLOCK_ACTIVE", "The provider refused this number's token; an operator must set a new one (admin CLI account:update).");
  if (account.providerBlock && !force) {
    const why = `${account.status} (${account.statusReason ?? "no reason given"})`;
    // A disconnected session (lost, or a link refused for another phone) comes back only by working for this number again.
    throw new ServiceError(
      "PROVIDER_BLOCK_ACTIVE",
      account.status === "disconnected"
        ? `This number is ${why}: it comes back when its WhatsApp session works for it again; link it again (POST /accounts/{id}/relink).`
        : `The provider still reports this number ${why}; it resumes by itself when the provider lifts it.`,
    );
  }
  const change = { to: "connected", from: ["paused", "restricted", "disconnected", "banned"], reason: "resumed", signal: by } as const;
  const rows = await audited(
    deps.db,
    author,
    (tx) => applyNumberStateChange(tx, [id], { ...change, from: [...change.from] }, author.at),
    (changed) =>
      changed.length
        ? {
            tenantId,
            action: "account.resumed",
            target: `account:${id}`,
            before: { state: account.status, reason: account.statusReason },
            after: { state: "connected", reason: "resumed" },
          }
        : null,
  );
  announceStateChanges(deps, rows);
  return deps.db.account.findUniqueOrThrow({ where: { id } });
}

/** A tenant's resume: resumeNumber already answers another tenant's number as unknown. */
export const resumeOwnNumber = (deps: ServiceDeps, principal: Principal, id: number): Promise<Account> => {
  requireOwnNumber(principal, id);
  return resumeNumber(deps, principal.tenantId, id, "tenant", authorIn(deps, principal));
};

/** Sets a number's warm-up ramp, first-contact cap and messaging tier; starts or ends its warm-up (an event when its state changes). */
export async function setWarmUp(deps: ServiceDeps, principal: Principal, id: number, input: WarmUpInput): Promise<Account> {
  const account = await ownAccount(deps, principal, id);
  const { day } = deps.clock.period();
  const author = authorIn(deps, principal);
  const rows = await audited(
    deps.db,
    author,
    async (tx) => {
      await setWarmUpSettings(tx, id, input);
      if (input.warmingUp === true) {
        return applyNumberStateChange(tx, [id], { to: "connected", from: ["connected"], reason: "warmup_started", signal: "tenant", startWarmupOn: day }, author.at);
      }
      if (input.warmingUp === false && account.warmupStartedOn !== null) {
        return applyNumberStateChange(tx, [id], { to: "connected", from: ["connected"], reason: "warmup_ended", signal: "tenant", warmupDoneBy: "9999-12-31" }, author.at);
      }
      return [];
    },
    () => ({ tenantId: principal.tenantId, action: "account.warm_up_set", target: `account:${id}`, before: warmUpOf(account), after: input }),
  );
  announceStateChanges(deps, rows);
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

/** A number's warm-up settings as the audit log shows them before a change. */
const warmUpOf = (a: Account) => ({ warmupStartedOn: a.warmupStartedOn, warmupRamp: a.warmupRamp, firstContactCap: a.firstContactCap, messagingTier: a.messagingTier });

const pickThresholds = (t: HealthThresholds): HealthThresholds => ({
  optOutRatePercent: t.optOutRatePercent,
  undeliverableRatePercent: t.undeliverableRatePercent,
  failureRatePercent: t.failureRatePercent,
  minSends: t.minSends,
});
