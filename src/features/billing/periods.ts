import { vatOfNet } from "../invoices/index.js";
import { addDays } from "../../core/clock.js";

// The one rule of billing periods, prices with VAT and proration. Days are calendar days written
// YYYY-MM-DD; a period runs from its start to its end, both days included, and the tenant's
// subscription_ends_on is the period's end (the paid-through day).

export type Interval = "month" | "year";

const DAY_MS = 86_400_000;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export { addDays };

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);

/**
 * The last day of the period that starts on `start`: one calendar month or year later, less a
 * day. A start on the 31st runs to the 30th of a 30-day month (the day before the 31st that
 * month lacks), so periods never skip or overlap.
 */
export function periodEnd(start: string, interval: Interval): string {
  const [y, m, d] = start.split("-").map(Number) as [number, number, number];
  const months = interval === "year" ? 12 : 1;
  const targetMonth = m - 1 + months;
  const ty = y + Math.floor(targetMonth / 12);
  const tm = targetMonth % 12;
  const lastOfTarget = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  const next = Date.UTC(ty, tm, Math.min(d, lastOfTarget));
  // The same day next month is the next period's start; when that month is short, its last day is.
  return fromUtc((d > lastOfTarget ? next + DAY_MS : next) - DAY_MS);
}

/** Days a period holds, both ends included. */
export const periodDays = (start: string, end: string): number => daysBetween(start, end) + 1;

/** VAT on a net amount in halalas: the invoices' rule, so a charge and its invoice agree to the halala. */
export const vatOf = vatOfNet;

export interface Price {
  net: number;
  vat: number;
  total: number;
}

export const withVat = (net: number): Price => {
  const vat = vatOf(net);
  return { net, vat, total: net + vat };
};

/** A plan version's price for an interval, in halalas before VAT. */
export const planPrice = (plan: { priceMonthly: number; priceYearly: number }, interval: Interval): number => (interval === "year" ? plan.priceYearly : plan.priceMonthly);

/**
 * What an upgrade costs now: the price difference × the days left in the period (today included)
 * / the period's days, rounded to the halala, with VAT on top. Nothing is owed when the new price
 * is not higher or the period is over.
 */
export function upgradeCharge(a: { fromNet: number; toNet: number; periodStart: string; periodEnd: string; today: string }): Price {
  const total = periodDays(a.periodStart, a.periodEnd);
  const left = Math.min(Math.max(daysBetween(a.today, a.periodEnd) + 1, 0), total);
  const difference = Math.max(a.toNet - a.fromNet, 0);
  return withVat(Math.round((difference * left) / total));
}

/** The renewal attempts after a failure: days after the first failed attempt. */
export const DUNNING_RETRY_DAYS = [1, 3, 5] as const;

/** The day of the next renewal attempt after `attempts` failed ones that began on `failedOn`; null: no more. */
export function nextRetryDay(failedOn: string, attempts: number): string | null {
  const offset = DUNNING_RETRY_DAYS[attempts - 1];
  return offset === undefined ? null : addDays(failedOn, offset);
}
