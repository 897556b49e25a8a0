// What the exports feature offers the composition root (its runner), the admin feature (what the
// housekeeper forgets) and the console (the file, downloaded with the console's session).
export { ExportRunner } from "./runner.js";
export { exportFileHeaders, openExportFile } from "./exports.js";
export { pruneExpiredExports, pruneExportRecords } from "./prune.js";
