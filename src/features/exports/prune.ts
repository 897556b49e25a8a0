import type { Db } from "../../core/db/database.js";
import { deleteExpiredChunks, deleteExportRecords } from "./export-sql.js";

/** How long the record of an expired export stays, so that its downloads answer EXPORT_EXPIRED rather than NOT_FOUND. */
const RECORD_KEPT_MS = 30 * 86_400_000;

/** The files of exports whose day is over, at most `limit` chunks (the jobs become `expired`). */
export const pruneExpiredExports = (db: Db, now: Date, limit: number) => deleteExpiredChunks(db, now, limit);

/** The records of exports expired for RECORD_KEPT_MS. */
export const pruneExportRecords = (db: Db, now: Date, limit: number) => deleteExportRecords(db, new Date(now.getTime() - RECORD_KEPT_MS), limit);
