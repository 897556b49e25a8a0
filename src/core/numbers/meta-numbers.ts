// How Meta writes a number's messaging limit and its phone number, read alike wherever they arrive
// (a quality webhook, the Graph API's phone numbers).
//
// Since 2025-10-07 the limit is the business portfolio's, shared by its numbers. The Graph API gives
// it on a phone number as `whatsapp_business_manager_messaging_limit` from v24.0, and as the
// deprecated `messaging_limit_tier` up to v23.0 (developers.facebook.com/documentation/
// business-messaging/whatsapp/messaging-limits, "Via API"; test/kit/references/waha-sessions-and-graph.md, B.1).

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

/** The phone number field that holds the messaging limit in Graph API `version` (v24.0 and later: the current one). */
export function messagingLimitField(version: string): "whatsapp_business_manager_messaging_limit" | "messaging_limit_tier" {
  const major = Number(/^v(\d+)\./.exec(version)?.[1]);
  return major >= 24 ? "whatsapp_business_manager_messaging_limit" : "messaging_limit_tier";
}

/** A phone number's messaging limit from Graph's answer: the current field, else the deprecated one while Meta still sends it. */
export function numberMessagingTier(phone: { whatsapp_business_manager_messaging_limit?: string | undefined; messaging_limit_tier?: string | undefined }) {
  const current = messagingTier(phone.whatsapp_business_manager_messaging_limit);
  return current !== undefined ? current : messagingTier(phone.messaging_limit_tier);
}

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
