import type { SqlClient } from "../../../core/db/raw-rows.js";
import { BUSINESS_STATUS, MONTHLY_REVENUE } from "../../businesses/index.js";

// The figures' writes (README.md): the service's row of the day, and the fold of the message
// rows the triggers keep per database session (migration figures).

/** The statuses a business churns into: canceled (by itself or billing) or suspended (by billing or an operator). */
export const CHURNED = ["canceled", "suspended"] as const;

/** The day a pass writes, and the instants that bound it and the day before, in the service time zone. */
export interface ServiceDayBounds {
  day: string;
  yesterday: string;
  /** When `yesterday` began, when `day` began, when the next day begins. */
  yesterdayStart: Date;
  dayStart: Date;
  dayEnd: Date;
  now: Date;
}

/**
 * Writes the day's row of the service: businesses by status and monthly revenue as they are now
 * (the businesses feature's rules), the day's sign-ups, and the day's churn, added to: the
 * businesses whose status, since the last pass, became canceled or suspended from any other.
 * Each business's last seen status is recorded in the same statement, so a change is counted once
 * however many passes run, at once or one after another (a concurrent pass finds the row already
 * changed and leaves it). Yesterday's sign-ups are counted again, for the businesses made after its
 * last pass. A business first seen is recorded, not counted as churn.
 */
export function keepServiceDay(db: SqlClient, b: ServiceDayBounds): Promise<unknown> {
  return db.$queryRaw`-- keep_service_day
    WITH now_status AS (
      SELECT t.id AS tenant_id, ${BUSINESS_STATUS} AS status, ${MONTHLY_REVENUE} AS mrr, t.created_at
      FROM tenant t
      LEFT JOIN subscription s ON s.tenant_id = t.id
      LEFT JOIN plan sp ON sp.id = s.plan_id),
    before AS (SELECT tenant_id, status FROM figures_business_status),
    seen AS (
      INSERT INTO figures_business_status AS f (tenant_id, status, since)
      SELECT tenant_id, status, ${b.day}::date FROM now_status ORDER BY tenant_id
      ON CONFLICT (tenant_id) DO UPDATE SET status = EXCLUDED.status, since = EXCLUDED.since
      WHERE f.status <> EXCLUDED.status
      RETURNING f.tenant_id, f.status),
    churned AS (
      SELECT count(*)::int AS n FROM seen JOIN before b ON b.tenant_id = seen.tenant_id
      WHERE seen.status = ANY(${CHURNED}::text[]) AND NOT b.status = ANY(${CHURNED}::text[])),
    late AS (
      UPDATE figures_service_day SET signups = (
        SELECT count(*)::int FROM now_status WHERE created_at >= ${b.yesterdayStart}::timestamptz AND created_at < ${b.dayStart}::timestamptz)
      WHERE day = ${b.yesterday}::date)
    INSERT INTO figures_service_day AS d (day, businesses, mrr, signups, churn, updated_at)
    SELECT ${b.day}::date,
      coalesce((SELECT jsonb_object_agg(status, n) FROM (SELECT status, count(*)::int AS n FROM now_status GROUP BY status) c), '{}'::jsonb),
      (SELECT coalesce(sum(mrr), 0) FROM now_status),
      (SELECT count(*)::int FROM now_status WHERE created_at >= ${b.dayStart}::timestamptz AND created_at < ${b.dayEnd}::timestamptz),
      (SELECT n FROM churned),
      ${b.now}::timestamptz
    ON CONFLICT (day) DO UPDATE SET businesses = EXCLUDED.businesses, mrr = EXCLUDED.mrr, signups = EXCLUDED.signups,
      churn = d.churn + EXCLUDED.churn, updated_at = EXCLUDED.updated_at
    RETURNING d.day`;
}

/**
 * Moves the message rows of database sessions that have ended into slot 0
 * (fold_figures_message_day in the migration), so the rows a chart reads stay few. Answers the rows folded.
 */
export async function foldMessageFigures(db: SqlClient): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ folded: number }>>`-- fold_figures_message_day
    SELECT fold_figures_message_day() AS folded`;
  return row?.folded ?? 0;
}
