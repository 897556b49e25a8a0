import { Prisma } from "../../../generated/prisma/client.js";
import type { HealthSettings } from "../../../generated/prisma/client.js";
import type { Db, DbClient } from "../../../core/db/database.js";
import type { ServiceDeps } from "../../../core/deps.js";
import type { HealthSignal } from "../../../core/channels/channel.js";
import { healthHoursSql } from "./health-tally.js";

// A number's health figures over the last 24 hours and 7 days, from its hourly counts
// (health-tally.ts), and the tenant's thresholds. judgeThresholdsSql is the one rule that says
// which numbers are over a threshold; the health monitor acts on it.

export type HealthThresholds = Pick<HealthSettings, "optOutRatePercent" | "undeliverableRatePercent" | "failureRatePercent" | "minSends">;

/** The thresholds of a tenant that set none (the columns' defaults in schema.prisma). */
export const DEFAULT_THRESHOLDS: HealthThresholds = { optOutRatePercent: 2, undeliverableRatePercent: 10, failureRatePercent: 25, minSends: 100 };

/** The bounds a tenant's thresholds are held to (422 outside them). */
export const THRESHOLD_BOUNDS = {
  optOutRatePercent: { min: 0.1, max: 50 },
  undeliverableRatePercent: { min: 1, max: 100 },
  failureRatePercent: { min: 1, max: 100 },
  minSends: { min: 10, max: 100_000 },
} as const;

export async function readThresholds(db: Db, tenantId: number): Promise<HealthThresholds> {
  const row = await db.healthSettings.findUnique({ where: { tenantId } });
  return row ?? DEFAULT_THRESHOLDS;
}

export async function saveThresholds(db: DbClient, tenantId: number, t: HealthThresholds, now: Date): Promise<HealthThresholds> {
  return db.healthSettings.upsert({ where: { tenantId }, create: { tenantId, ...t, updatedAt: now }, update: { ...t, updatedAt: now } });
}

export interface HealthFigures {
  sent: number;
  failed: number;
  undeliverable: number;
  optOuts: number;
  replies: number;
  /** Times the number was stopped or restricted by a provider's or the gateway's signal. */
  blockSignals: number;
  /** Percentages; null below one send. */
  failureRate: number | null;
  undeliverableRate: number | null;
  optOutRate: number | null;
  replyRate: number | null;
}

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part * 10_000) / whole) / 100);

/** The states a signal stops a number in: a change into one of them counts as a block signal. */
const STOPPED_STATES = ["paused", "restricted", "disconnected", "banned"];

/**
 * SQL over hourly counts `h` (healthHoursSql): messages sent, or still in flight, from the number:
 * those counted against it that did not fail.
 */
const SENT = Prisma.sql`GREATEST(COALESCE(sum(h.attempts), 0) - COALESCE(sum(h.failed), 0), 0)::int`;

/** A number's figures since `since`. */
export async function healthFigures(db: Db, accountId: number, since: Date): Promise<HealthFigures> {
  const [row] = await db.$queryRaw<Array<Omit<HealthFigures, `${string}Rate`>>>`-- health_figures
    SELECT ${SENT} AS sent, COALESCE(sum(failed), 0)::int AS failed,
      COALESCE(sum(undeliverable), 0)::int AS undeliverable, COALESCE(sum(opt_outs), 0)::int AS "optOuts",
      COALESCE(sum(replies), 0)::int AS replies,
      (SELECT count(*)::int FROM account_state_change c WHERE c.account_id = ${accountId} AND c.at >= ${since}::timestamptz
        AND c.to_state = ANY (${STOPPED_STATES}::text[])) AS "blockSignals"
    FROM ${healthHoursSql} WHERE account_id = ${accountId} AND hour >= date_trunc('hour', ${since}::timestamptz)`;
  const f = row ?? { sent: 0, failed: 0, undeliverable: 0, optOuts: 0, replies: 0, blockSignals: 0 };
  const attempted = f.sent + f.failed;
  return {
    ...f,
    failureRate: percent(f.failed, attempted),
    undeliverableRate: percent(f.undeliverable, attempted),
    optOutRate: percent(f.optOuts, f.sent),
    replyRate: percent(f.replies, f.sent),
  };
}

/**
 * SQL yielding (id, signal, figure) for each sending number of the last 24 hours that is over one of
 * its tenant's thresholds, judged only over at least min_sends sends. After a person resumed a
 * number, only the hours since count: the figures that paused it do not pause it again.
 */
export function judgeThresholdsSql(now: Date): Prisma.Sql {
  const t = (column: keyof HealthThresholds, dbColumn: string) => Prisma.raw(`COALESCE(s.${dbColumn}, ${DEFAULT_THRESHOLDS[column]})`);
  return Prisma.sql`-- numbers_over_thresholds
    WITH figures AS (
      SELECT a.id, ${SENT} AS sent, sum(h.failed) AS failed, sum(h.undeliverable) AS undeliverable, sum(h.opt_outs) AS opt_outs
      FROM account a JOIN ${healthHoursSql} ON h.account_id = a.id AND h.hour > ${now}::timestamptz - interval '24 hours'
        AND (a.status_reason IS DISTINCT FROM 'resumed' OR h.hour > a.status_since)
      WHERE a.status = 'connected'
      GROUP BY a.id
    )
    SELECT f.id, CASE
        WHEN f.sent >= ${t("minSends", "min_sends")} AND f.opt_outs * 100.0 > ${t("optOutRatePercent", "opt_out_rate_percent")} * f.sent THEN 'opt_out_rate'
        WHEN f.sent + f.failed >= ${t("minSends", "min_sends")} AND f.undeliverable * 100.0 > ${t("undeliverableRatePercent", "undeliverable_rate_percent")} * (f.sent + f.failed) THEN 'undeliverable_rate'
        WHEN f.sent + f.failed >= ${t("minSends", "min_sends")} AND f.failed * 100.0 > ${t("failureRatePercent", "failure_rate_percent")} * (f.sent + f.failed) THEN 'failure_rate'
      END AS signal,
      f.sent::int AS sent, f.failed::int AS failed, f.undeliverable::int AS undeliverable, f.opt_outs::int AS "optOuts"
    FROM figures f JOIN account a ON a.id = f.id LEFT JOIN health_settings s ON s.tenant_id = a.tenant_id`;
}

export interface JudgedNumber {
  id: number;
  signal: Extract<HealthSignal, "opt_out_rate" | "undeliverable_rate" | "failure_rate"> | null;
  sent: number;
  failed: number;
  undeliverable: number;
  optOuts: number;
}

/** The numbers over a threshold now, with the figures that put them there. */
export async function numbersOverThresholds(deps: ServiceDeps): Promise<JudgedNumber[]> {
  const rows = await deps.db.$queryRaw<JudgedNumber[]>(judgeThresholdsSql(deps.clock.now()));
  return rows.filter((r) => r.signal !== null);
}

export interface ActivityHour {
  hour: Date;
  sent: number;
  failed: number;
}

/**
 * A tenant's numbers together, hour by hour over the last 24 hours of `now` (the console's chart):
 * what was sent (or is in flight) and what the providers refused. Hours without sends are there
 * with zeros, so the answer always has 24 entries, oldest first.
 */
export async function tenantActivity(db: Db, tenantId: number, now: Date): Promise<ActivityHour[]> {
  return db.$queryRaw<ActivityHour[]>`-- tenant_activity
    SELECT hours.hour, ${SENT} AS sent, COALESCE(sum(h.failed), 0)::int AS failed
    FROM generate_series(date_trunc('hour', ${now}::timestamptz) - interval '23 hours', date_trunc('hour', ${now}::timestamptz), interval '1 hour') AS hours(hour)
    LEFT JOIN (${healthHoursSql} JOIN account a ON a.id = h.account_id AND a.tenant_id = ${tenantId}) ON h.hour = hours.hour
    GROUP BY hours.hour ORDER BY hours.hour`;
}
