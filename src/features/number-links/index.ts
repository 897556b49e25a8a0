// What the number-links feature offers the composition root and the features above it
// (.dependency-cruiser.cjs): they import it from here, never from its other files.

export { applyWahaSessionEvents, applySessionState } from "./session-events.js";
export { createLinkSweeper, sweepLinks } from "./link-sweeper.js";
export { reportSimulatedMoves, stopLinkHosts } from "./link-hosts.js";
export { wahaServerLookup, addWahaServer, listWahaServers, removeWahaServer, updateWahaServer, drainWahaServer, undrainWahaServer } from "./servers/waha-servers.js";
export { moveNumber } from "./servers/moves.js";
