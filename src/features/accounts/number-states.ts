import type { NumberState } from "../../core/numbers/number-state-sql.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { AccountStatusEvent } from "../../core/live/events.js";
import { applyNumberStateChange, endSlowDowns, slowDownAccount, type ChangedRow, type NumberStateChange } from "./sql/number-states.js";

// A number's state and the one statement that changes it (sql/number-states.ts). The stored
// `status` says whether the number can send (`connected`) or why not; `warming_up` is a connected
// number still on its ramp (warmup_started_on set). Every change goes through changeNumberStates,
// which records it in account_state_change (whose trigger queues the account.status_changed
// webhooks) and publishes it live, so each transition is told exactly once, whoever caused it.

export { NUMBER_STATES, numberStateOf, numberStateSql, type NumberState } from "../../core/numbers/number-state-sql.js";
export type { Backoff, NumberStateChange } from "./sql/number-states.js";

/** The spec's `status` string: `connected` for a number that can send, else its state. */
export const specStatusOf = (state: NumberState): string => (state === "warming_up" ? "connected" : state);

/** What a state change needs: the admin CLI has no event bus (its changes reach live subscribers through webhooks only). */
export type StateDeps = Pick<ServiceDeps, "db" | "clock"> & Partial<Pick<ServiceDeps, "events" | "log">>;

/**
 * Applies one change to those of `accountIds` it concerns, in one statement: the account, the
 * record of the change, and (through its trigger) the webhooks. Publishes the changes live and
 * returns them.
 */
export async function changeNumberStates(deps: StateDeps, accountIds: number[], c: NumberStateChange): Promise<AccountStatusEvent[]> {
  if (accountIds.length === 0) return [];
  return announceStateChanges(deps, await applyNumberStateChange(deps.db, accountIds, c, deps.clock.now()));
}

/** Tells the live streams and the log of changes that have committed (a change made inside a caller's transaction is told after it). */
export function announceStateChanges(deps: StateDeps, rows: ChangedRow[]): AccountStatusEvent[] {
  const events = rows.map((r) => accountStatusEvent(deps, r));
  deps.events?.publishAccount(events);
  for (const e of events) deps.log?.info({ accountId: e.accountId, from: e.fromState, to: e.state, reason: e.reason, signal: e.signal }, "number state changed");
  return events;
}

const accountStatusEvent = (deps: StateDeps, r: ChangedRow): AccountStatusEvent => ({
  id: `evt_acct_${r.id}`,
  type: "account.status_changed",
  tenantId: r.tenantId,
  accountId: r.accountId,
  fromState: r.fromState,
  state: r.toState,
  reason: r.reason,
  signal: r.signal,
  until: r.until ? deps.clock.timestamp(r.until) : null,
  at: deps.clock.timestamp(r.at),
});

/** Slows a number's pacing by `factor` for `forMs` (a slow-down is not a state: no event). */
export async function slowNumber(deps: ServiceDeps, accountId: number, factor: number, forMs: number): Promise<void> {
  const until = new Date(deps.clock.now().getTime() + forMs);
  await slowDownAccount(deps.db, accountId, factor, until, deps.clock.now());
}

/** Ends a number's slow-down (the provider's all-clear). */
export async function endSlowDown(deps: ServiceDeps, accountIds: number[]): Promise<void> {
  if (accountIds.length === 0) return;
  await endSlowDowns(deps.db, accountIds);
}
