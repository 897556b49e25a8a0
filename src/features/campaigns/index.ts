// What the campaigns feature's rules offer the features above it (.dependency-cruiser.cjs): they import
// them from here (its GraphQL types from graphql.ts, its REST helpers from rest.ts), never from its
// other files, so this list is the whole of what they rely on.

export { placeholdersOf, renderText } from "./placeholders.js";
export { nextOpening, outsideWindowError, parseSendWindow, readSendWindows, setSendWindow } from "./send-window.js";
