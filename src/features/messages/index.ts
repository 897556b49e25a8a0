// What the messages feature's rules offer the features above it (.dependency-cruiser.cjs): they import
// them from here (its GraphQL types from graphql.ts, its REST helpers from rest.ts), never from its
// other files, so this list is the whole of what they rely on.

export { renderForRecipients, resolveContent } from "./content/content.js";
export { resolveRichContent, type ResolvedRich } from "./content/rich-content.js";
export { checkIdempotencyKey, idempotent, rowCodec, type KeyedCall } from "./idempotency.js";
export type { Claim } from "./idempotency.js";
export { queueContactReply, type ContactReply } from "./contact-reply.js";
export { cancelQueued } from "./queue-cancel.js";
export type { CancelOutcome } from "./queue-cancel.js";
export { getMessage } from "./reads.js";
export { scheduleOf, validForMs } from "./schedule.js";
export { acceptForLater, checkSenders, refuseUnverified, sendSingleMessage } from "./sending.js";
export { monthlyLimitReached } from "./send-errors.js";
export { placeRecipients, requiredSender } from "./sender-rules.js";
