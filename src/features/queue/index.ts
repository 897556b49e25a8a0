// What the queue feature's rules offer the features above it (.dependency-cruiser.cjs): every
// statement that writes `message`, `batch` or `idempotency_key`, and the SQL other statements
// build on. They import them from here, never from its other files.

export { acceptSingleMessage, acceptSingleMessageSql, acceptQueuedMessages, requeueFailedMessage, expiryOf } from "./accept-sql.js";
export type { AcceptSingleArgs, AcceptSingleResult, AcceptQueuedArgs, AcceptedQueued, RequeueArgs } from "./accept-sql.js";
export { acceptGroup } from "./accept-group-sql.js";
export { useQuotaWatcher, type QuotaWatcher, type ReservedIn } from "./quota-watch.js";
export type { AcceptGroupArgs, GroupedSend, GroupOutcome, GroupResult } from "./accept-group-sql.js";
export { CANCELLED } from "./cancel-requests-sql.js";
export { cancelForOptOut, cancelNotStarted, cancelledAmong } from "./cancel-sql.js";
export type { CancelTarget } from "./cancel-sql.js";
export { claimDueMessages, claimDueMessagesSql } from "./claim-sql.js";
export { messageColumns, messageSummaryColumns } from "./columns-sql.js";
export type { MessageSummary } from "./columns-sql.js";
export { OUTSIDE_MESSAGING_WINDOW, failUnsendableClaimed, fitOfRecipients, fitsAnySender, senderFitsSql, windowClosesAt } from "./fit-sql.js";
export type { RecipientFit, SenderNeeds } from "./fit-sql.js";
export { KEEP_HOURS, claimHeldSql, claimLinkCte, keepResult, letKeyGo, pruneIdempotencyKeys, readKey, renewKeyLease, takeKey, takeOverKey } from "./idempotency-sql.js";
export type { Claim, Created } from "./idempotency-sql.js";
export { recordPartSent } from "./parts-sql.js";
export { recordReceipt } from "./receipts-sql.js";
export { RESTORED_IN_DOUBT, failInDoubtAfterRestore, skipIdsPastRestore } from "./restore-sql.js";
export { messageRangeExpired, pruneExpiredMessages, recordFinalCounts } from "./retention-sql.js";
export type { Receipt, ReceiptKind } from "./receipts-sql.js";
export {
  assignSender,
  assignSenders,
  deferMessage,
  holdUntil,
  markFailed,
  markManySent,
  markSent,
  markSentSql,
  releaseHeldBy,
  releaseStoppedSendersOf,
  scheduleRetry,
  takeEarlierPacingSlot,
  waitForPacingSlot,
} from "./transitions-sql.js";
export type { RetryPlan } from "./transitions-sql.js";
export { eraseFromBatches, eraseFromIdempotencyKeys, eraseMessagesTo } from "./erasure-sql.js";
