import type { Db } from "../../../core/db/database.js";

// The statement that writes waha_session_report (this feature owns it).

/**
 * Records that WAHA reported on `session` at `at`, unless it already reported something later:
 * answers false for a report older than one already taken (the same time again is taken, as WAHA
 * retrying a delivery the gateway failed to finish). One statement, so concurrent deliveries of one
 * session agree on which is newest.
 */
export async function takeSessionReport(db: Db, session: string, at: Date): Promise<boolean> {
  const rows = await db.$queryRaw<Array<{ session: string }>>`-- take_waha_session_report
    INSERT INTO waha_session_report (session, reported_at) VALUES (${session}, ${at})
    ON CONFLICT (session) DO UPDATE SET reported_at = EXCLUDED.reported_at
      WHERE waha_session_report.reported_at <= EXCLUDED.reported_at
    RETURNING session`;
  return rows.length === 1;
}
