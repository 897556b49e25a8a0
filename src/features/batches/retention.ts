import type { Db } from "../../core/db/database.js";
import { recordFinalCounts } from "../queue/index.js";
import { batchesToFinish, batchReports, EMPTY_REPORT } from "./batch-reports-sql.js";

// Before retention deletes a batch's messages, the batch keeps its report as it then reads (the
// same aggregate every report uses, so the kept counts are what the report said), and from then on
// its report is read from there.

/** Keeps the reports of at most `limit` expired, finished batches; answers how many. */
export async function keepExpiredBatchReports(db: Db, defaultDays: number | undefined, now: Date, limit: number): Promise<number> {
  const ids = await batchesToFinish(db, defaultDays, now, limit);
  const reports = await batchReports(db, ids);
  const counts = ids.map((batchId) => {
    const { batchId: _, ...report } = reports.get(batchId) ?? { batchId, ...EMPTY_REPORT };
    return { batchId, report };
  });
  await recordFinalCounts(db, counts);
  return ids.length;
}
