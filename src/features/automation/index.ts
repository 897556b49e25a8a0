// What the automation feature offers the features above it and the composition root.

export { AutomationRunner } from "./runner.js";
export { eraseAutomationContact } from "./erasure-sql.js";
export { endHandover, lookAt, pruneEndedAutomationWork } from "./work-sql.js";
export { pruneExpiredTypebotSessions } from "./typebot/session-sql.js";
export { pruneExpiredMenuPlaces } from "./menus/menu-sql.js";
