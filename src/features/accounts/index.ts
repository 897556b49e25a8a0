// What the accounts feature's rules offer the features above it (.dependency-cruiser.cjs): they import
// them from here (its GraphQL types from graphql.ts, its REST helpers from rest.ts), never from its
// other files, so this list is the whole of what they rely on.

export { currentBalance } from "./reads.js";
export { addMonthBonus, countSenderCtes, diagnoseNoSender, releaseQuota, reserveQuotaCte, reserveQuotaForTenantsCtes, stoppedUntil, unusableAccountNote } from "./sql/usage.js";
export { intervalMsSql, isSlowed } from "./sql/pacing.js";
export { needsPerSendCheckSql } from "./sql/warm-up.js";
export { countAttemptsSql, tallyHealthCte, UNDELIVERABLE } from "./sql/health-tally.js";
export { applySignal, HEALTH_RULES } from "./signal-rules.js";
export { announceStateChanges, changeNumberStates, numberStateOf, specStatusOf, NUMBER_STATES, type NumberState } from "./number-states.js";
export { createHealthMonitor, checkNumberHealth } from "./health-monitor.js";
export { resumeNumber } from "./number-health.js";
export { releaseQuotaCte, releaseSenderCte } from "./sql/release.js";
export { QUOTA_THRESHOLDS, thresholdsCrossed, type QuotaCrossing, type QuotaThreshold } from "./quota-thresholds.js";
export { applyNumberStateChange } from "./sql/number-states.js";
export { addUsageRowsForMessages, senderPlacementCtes } from "./sql/sender-placement.js";
export { deferredSlotCtes, markNumberSent, reservePacingSlot, takeSendGate } from "./sql/pacing-slots.js";
export {
  deleteNeverLinkedAccount,
  insertAccount,
  markAccountRemoved,
  markSenderUnusable,
  setLinkedNumber,
  setWahaServerOf,
  storeQualityReport,
  updateAccount,
} from "./sql/accounts.js";
