// What the exports feature offers the composition root (its runner), the admin feature (what the
// housekeeper forgets), the console (the file, downloaded with the console's session) and erasure
// (the files that may hold an erased contact).
export { ExportRunner } from "./runner.js";
export { exportFileHeaders, openExportFile } from "./exports.js";
export { pruneExpiredExports, pruneExportRecords } from "./prune.js";
export { withdrawExports } from "./export-sql.js";
