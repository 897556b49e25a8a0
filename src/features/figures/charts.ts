import { z } from "zod";
import type { Db } from "../../core/db/database.js";
import type { TimeZone } from "../../core/clock.js";
import { notFound } from "../../core/errors.js";
import { BUSINESS_STATUSES, type BusinessStatus } from "../businesses/index.js";
import { addDays } from "../../core/clock.js";
import { dayIn, keepTodaysFigures } from "./figures-pass.js";
import { failureReasons, messageDays, serviceMonths, type DayRange } from "./sql/read-figures.js";

// The operator console's charts (docs/operators.md, "Charts"): the series of the last days and
// months, for the whole service or one business, from the daily figures alone.

/** A message's states as the charts count them: a sent one is told apart by its receipts. */
export const MESSAGE_STATES = ["pending", "sending", "sent", "delivered", "read", "failed"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** Months of the service's figures a chart shows, this one included. */
export const CHART_MONTHS = 12;

export const chartArgs = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
  tenant: z.coerce.number().int().positive().optional(),
});
export type ChartArgs = z.infer<typeof chartArgs>;

export type MessageDay = { day: string } & Record<MessageState, number>;

export interface ServiceMonth {
  month: string;
  /** The month's last figures (null: none were kept that month). */
  businesses: Record<BusinessStatus, number> | null;
  mrr: number | null;
  signups: number;
  churn: number;
}

export interface Charts {
  today: string;
  tenant: { id: number; name: string } | null;
  /** Every day of the range, oldest first, by the day its messages were accepted. */
  days: MessageDay[];
  failures: Array<{ reason: string; n: number }>;
  /** The service's last CHART_MONTHS months, oldest first; null for one business. */
  months: ServiceMonth[] | null;
}

const emptyDay = (day: string): MessageDay => ({ day, ...(Object.fromEntries(MESSAGE_STATES.map((s) => [s, 0])) as Record<MessageState, number>) });

async function daysOf(db: Db, range: DayRange, count: number): Promise<MessageDay[]> {
  const days = Array.from({ length: count }, (_, i) => emptyDay(addDays(range.from, i)));
  const byDay = new Map(days.map((d) => [d.day, d]));
  for (const row of await messageDays(db, range)) {
    const d = byDay.get(row.day);
    if (d && (MESSAGE_STATES as readonly string[]).includes(row.state)) d[row.state as MessageState] = row.n;
  }
  return days;
}

/** The month `n` months before `month` (YYYY-MM). */
const monthsBefore = (month: string, n: number) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 7);
};

async function monthsOf(db: Db, today: string): Promise<ServiceMonth[]> {
  const first = monthsBefore(today.slice(0, 7), CHART_MONTHS - 1);
  const rows = new Map((await serviceMonths(db, `${first}-01`, today)).map((r) => [r.month, r]));
  return Array.from({ length: CHART_MONTHS }, (_, i) => {
    const month = monthsBefore(today.slice(0, 7), CHART_MONTHS - 1 - i);
    const row = rows.get(month);
    if (!row) return { month, businesses: null, mrr: null, signups: 0, churn: 0 };
    const businesses = Object.fromEntries(BUSINESS_STATUSES.map((s) => [s, row.businesses[s] ?? 0])) as Record<BusinessStatus, number>;
    return { month, businesses, mrr: row.mrr, signups: row.signups, churn: row.churn };
  });
}

/**
 * The charts' series: messages a day by state and failures by reason over the last `days` days
 * (today included), and, for the whole service, its last twelve months. Today's row of the service
 * is brought up to date first, so the last point is now.
 */
export async function readCharts(db: Db, zone: TimeZone, now: Date, a: ChartArgs): Promise<Charts> {
  const tenant = a.tenant === undefined ? null : await db.tenant.findUnique({ where: { id: a.tenant }, select: { id: true, name: true } });
  if (a.tenant !== undefined && !tenant) throw notFound("Tenant");
  const today = dayIn(zone, now);
  const range: DayRange = { from: addDays(today, 1 - a.days), to: today, tenantId: tenant?.id ?? null };
  if (!tenant) await keepTodaysFigures(db, zone, now);
  return {
    today,
    tenant,
    days: await daysOf(db, range, a.days),
    failures: await failureReasons(db, range),
    months: tenant ? null : await monthsOf(db, today),
  };
}
