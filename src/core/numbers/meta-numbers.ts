// How Meta writes a number's messaging limit and its phone number, read alike wherever they arrive
// (a quality webhook, the Graph API's phone numbers).

/** Meta's messaging-limit tiers as unique recipients in 24 hours; null: unlimited. TIER_NOT_SET is no tier yet. */
export const MESSAGING_TIERS: Record<string, number | null> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1000,
  TIER_2K: 2000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: null,
};

/** A tier's recipients (null: unlimited), or undefined for a tier Meta has not set or we do not know. */
export function messagingTier(value: string | null | undefined): number | null | undefined {
  const tier = value?.toUpperCase();
  return tier !== undefined && Object.hasOwn(MESSAGING_TIERS, tier) ? MESSAGING_TIERS[tier] : undefined;
}

/** Meta gives display_phone_number in display form ("+1 555-010-0123") as well as bare digits. */
export function phoneDigits(value: string | undefined): string | undefined {
  const digits = value?.replace(/\D/g, "");
  return digits && /^\d{6,15}$/.test(digits) ? digits : undefined;
}
