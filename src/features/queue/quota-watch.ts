import type { Db, DbClient } from "../../core/db/database.js";
import { thresholdsCrossed, type QuotaCrossing } from "../accounts/index.js";

// The quota warnings' way into the statements that take the monthly allowance. Billing writes the
// warnings, and billing and the queue are of one layer, so the composition root hands billing's
// writer over at start-up (src/app/runtime.ts). The reserving statement already returns the row's
// `used` and `bonus`: a reservation that crosses no threshold costs nothing more, and one that does
// calls the writer: inside the reservation's transaction when it ran in one (a retry), else right
// after its statement committed, in a transaction of the writer's own.

/** Where the reservation ran: its transaction still open, or the client (its statement committed alone). */
export type ReservedIn = { tx: DbClient } | { db: Db };

/** Writes the warnings of a crossing. */
export type QuotaWatcher = (where: ReservedIn, crossing: QuotaCrossing) => Promise<void>;

let watcher: QuotaWatcher | undefined;

/** Set once at start-up (src/app/runtime.ts) with billing's writer of quota warnings. */
export function useQuotaWatcher(next: QuotaWatcher): void {
  watcher = next;
}

/** What a reserving statement returned for one tenant: its row after the reservation and the units taken. */
export interface Reserved {
  tenantId: number;
  month: string;
  used: number;
  bonus: number;
  taken: number;
  monthlyLimit: number;
  at: Date;
}

/** Hands a reservation that crossed a threshold to the watcher; any other returns at once. */
export async function noteReservation(where: ReservedIn, r: Reserved): Promise<void> {
  const allowance = r.monthlyLimit + r.bonus;
  const thresholds = thresholdsCrossed(r.used, r.taken, allowance);
  if (thresholds.length === 0 || !watcher) return;
  await watcher(where, { tenantId: r.tenantId, month: r.month, used: r.used, allowance, thresholds, at: r.at });
}
