import { z } from "zod";
import { parseInput } from "../../core/input/validation.js";
import { THRESHOLD_BOUNDS, type HealthThresholds } from "./sql/health.js";

// What a tenant sets about its numbers' health, with the rules written once: the services
// (number-health.ts) take the typed input made here; over /graphql their arguments are checked by
// these rules (parseWarmUp, parseThresholds), and the REST bodies (rest-schemas.ts) are built from
// the same rules, so a REST body is checked once, by its route, and only shaped here.

const MAX_RAMP_DAYS = 60;
const MAX_DAY_SENDS = 1_000_000;

/** A whole number within bounds, each way of missing them said alike; the JSON schema keeps the type and bounds. */
const wholeNumber = (min: number, max: number) => {
  const problem = `must be a whole number from ${min} to ${max}`;
  return z.number().int(problem).min(min, problem).max(max, problem);
};

/** Daily sends by day of warm-up, strictly increasing; its days are reported as one field. */
export const warmUpRamp = z
  .array(z.number().meta({ type: "integer", minimum: 1, maximum: MAX_DAY_SENDS }))
  .max(MAX_RAMP_DAYS, `may have at most ${MAX_RAMP_DAYS} days`)
  .refine((r) => r.every((n) => Number.isInteger(n) && n >= 1 && n <= MAX_DAY_SENDS), `each day must be a whole number from 1 to ${MAX_DAY_SENDS}`)
  .refine((r) => r.every((n, i) => i === 0 || n > r[i - 1]!), "must increase from each day to the next");

export const firstContactCap = wholeNumber(1, 1_000_000);
export const messagingTier = wholeNumber(1, 10_000_000);

export interface WarmUpInput {
  /** Daily sends by day of warm-up, strictly increasing; null or empty: the plan's. */
  ramp?: number[] | null | undefined;
  firstContactCap?: number | null | undefined;
  /** Meta's messaging limit (unique recipients in 24 hours); null: none held. */
  messagingTier?: number | null | undefined;
  /** true: (re)start the warm-up today; false: end it now. */
  warmingUp?: boolean | null | undefined;
}

const warmUpSchema = z.object({
  ramp: warmUpRamp.nullish(),
  firstContactCap: firstContactCap.nullish(),
  messagingTier: messagingTier.nullish(),
  warmingUp: z.boolean().nullish(),
});

/** Warm-up settings checked by their rules; errors name GraphQL's fields. Absent fields stay absent (unchanged). */
export const parseWarmUp = (raw: unknown): WarmUpInput => parseInput(warmUpSchema, raw);

/** Warm-up settings from a body its REST schema checked, renamed to GraphQL's names. */
export const warmUpFromRest = (checked: unknown): WarmUpInput => checked as z.output<typeof warmUpSchema>;

/** Each threshold within its bounds, every way of missing them said alike. */
const within = (b: { min: number; max: number }) => {
  const problem = `must be from ${b.min} to ${b.max}`;
  return { problem, rule: z.number().min(b.min, problem).max(b.max, problem) };
};

const minSends = within(THRESHOLD_BOUNDS.minSends);

/** The thresholds' rules, by GraphQL's names. */
export const thresholdRules = {
  optOutRatePercent: within(THRESHOLD_BOUNDS.optOutRatePercent).rule,
  undeliverableRatePercent: within(THRESHOLD_BOUNDS.undeliverableRatePercent).rule,
  failureRatePercent: within(THRESHOLD_BOUNDS.failureRatePercent).rule,
  minSends: minSends.rule.int(minSends.problem),
};

const thresholdsSchema = z.object({
  optOutRatePercent: thresholdRules.optOutRatePercent.nullish(),
  undeliverableRatePercent: thresholdRules.undeliverableRatePercent.nullish(),
  failureRatePercent: thresholdRules.failureRatePercent.nullish(),
  minSends: thresholdRules.minSends.nullish(),
});

/** The thresholds given (null or absent: unchanged). */
const givenThresholds = (checked: z.output<typeof thresholdsSchema>): Partial<HealthThresholds> => Object.fromEntries(Object.entries(checked).filter(([, v]) => v != null));

/** Thresholds checked by their rules; errors name GraphQL's fields. */
export const parseThresholds = (raw: unknown): Partial<HealthThresholds> => givenThresholds(parseInput(thresholdsSchema, raw));

/** Thresholds from a body its REST schema checked, renamed to GraphQL's names. */
export const thresholdsFromRest = (checked: unknown): Partial<HealthThresholds> => givenThresholds(checked as z.output<typeof thresholdsSchema>);
