// What the exports feature offers the composition root (its runner) and the admin feature (what the housekeeper forgets).
export { ExportRunner } from "./runner.js";
export { pruneExpiredExports, pruneExportRecords } from "./prune.js";
