// What the contacts feature's rules offer the features above it (.dependency-cruiser.cjs): they import
// them from here (its GraphQL types from graphql.ts, its REST helpers from rest.ts), never from its
// other files, so this list is the whole of what they rely on.

export { optedOutAmong, readConsentRules, recipientOptedOut } from "./consent.js";
export type { ConsentReason, ConsentRules } from "./consent.js";
export { OPTED_OUT, contactOptedOutSql, optedOutSql } from "./consent-sql.js";
export { customerWindowClosesSql, customerWindowOpenSql } from "./window-sql.js";
export { recordInboundContactCte } from "./contact-sql.js";
export { isStopMessage, normaliseForMatching } from "./stop-words.js";
export { eraseContactRow, erasedSuppressionOf } from "./erasure-sql.js";
export { erasureKeySet, numberHash, useErasureKey } from "./number-hash-sql.js";
