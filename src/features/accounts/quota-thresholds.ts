// When a reservation of the monthly allowance crosses a warning threshold: decided from what the
// reserving statement returned (the row's `used` after it, the units it took, the allowance), so a
// send that crosses nothing costs no query. One bulk reservation may cross both thresholds.

/** Percentages of the month's allowance at which the owners are warned, lowest first. */
export const QUOTA_THRESHOLDS = [80, 100] as const;
export type QuotaThreshold = (typeof QUOTA_THRESHOLDS)[number];

/** A reservation that crossed one threshold or more: whose, which month, and where it stands now. */
export interface QuotaCrossing {
  tenantId: number;
  /** yyyy-mm, the month the units were taken from. */
  month: string;
  used: number;
  /** The plan's messages plus the month's top-ups (bonus). */
  allowance: number;
  /** Crossed by this reservation, lowest first. */
  thresholds: QuotaThreshold[];
  /** The service clock's time of the reservation. */
  at: Date;
}

/**
 * The thresholds a reservation of `taken` units crossed: those whose mark (the first whole unit
 * at or above the percentage) lies above what was used before and at or below what is used now.
 */
export function thresholdsCrossed(used: number, taken: number, allowance: number): QuotaThreshold[] {
  if (allowance <= 0 || taken <= 0) return [];
  const before = used - taken;
  return QUOTA_THRESHOLDS.filter((p) => {
    const mark = Math.ceil((allowance * p) / 100);
    return before < mark && mark <= used;
  });
}
