import { Prisma } from "../../generated/prisma/client.js";
import type { Db } from "../../core/db/database.js";
import { sentInMonth, sentOnDay } from "../../core/counters.js";

// Allowance and per-number counters. Each reservation is one conditional statement, so concurrent
// sends can never take more than a limit allows and no transaction holds a hot row longer than one
// statement (see BENCHMARKS.md for why that matters).

/**
 * Takes `count` units of a tenant's monthly allowance, or none: the upsert's WHERE sees the row's
 * latest committed version under its lock, so N concurrent callers against R remaining units give
 * exactly R successes. Yields the row `used` when it succeeded, nothing otherwise. With `gate`,
 * a CTE that must yield a row, nothing is taken when it yields none.
 */
export function reserveQuotaCte(tenantId: number, month: string, count: number | Prisma.Sql, limit: number, gate?: string): Prisma.Sql {
  const from = gate ? Prisma.raw(` FROM ${gate}`) : Prisma.empty;
  return Prisma.sql`
    INSERT INTO tenant_monthly_usage AS q (tenant_id, month, used)
    SELECT ${tenantId}::int, ${month}::text, ${count}::int${from} WHERE ${count}::int <= ${limit}::int
    ON CONFLICT (tenant_id, month) DO UPDATE SET used = q.used + ${count}::int
      WHERE q.used + ${count}::int <= ${limit}::int
    RETURNING q.used`;
}

/**
 * Two CTEs, `candidate` and `counted`: picks the tenant's connected account with room today and
 * this month (least sent today first; only `accountId` when given), then bumps its day and month
 * counters in one upsert whose WHERE re-checks both limits under the row lock. The candidate is
 * read from the statement's snapshot and may be stale; the re-check is what keeps limits exact,
 * and a caller whose re-check fails simply tries again. `gate` names a CTE that must yield a row
 * for anything to be counted (the quota reservation), or is empty.
 */
export function countSenderCtes(opts: {
  tenantId: number;
  accountId: number | null;
  day: string;
  month: string;
  gate?: string;
  /** A further condition on the account aliased `a` (the delivery feature's senderFitsSql). */
  fit?: Prisma.Sql;
}): Prisma.Sql {
  const { tenantId, accountId, day, month } = opts;
  const gate = opts.gate ? Prisma.raw(`, ${opts.gate}`) : Prisma.empty;
  const dayParam = Prisma.sql`${day}::date`;
  const monthParam = Prisma.sql`${month}::text`;
  return Prisma.sql`
    candidate AS (
      SELECT a.id FROM account a LEFT JOIN account_usage u ON u.account_id = a.id
      WHERE a.tenant_id = ${tenantId} AND a.status = 'connected'
        AND (${accountId}::int IS NULL OR a.id = ${accountId}::int)
        AND ${opts.fit ?? Prisma.sql`TRUE`}
        AND ${sentOnDay("u", dayParam)} < a.daily_limit
        AND ${sentInMonth("u", monthParam)} < a.monthly_limit
      ORDER BY ${sentOnDay("u", dayParam)}, a.id
      LIMIT 1
    ),
    counted AS (
      INSERT INTO account_usage AS u (account_id, day, day_sent, month, month_sent)
      SELECT candidate.id, ${day}::date, 1, ${month}::text, 1 FROM candidate${gate}
      ON CONFLICT (account_id) DO UPDATE SET
        day_sent = ${sentOnDay("u", Prisma.sql`EXCLUDED.day`)} + 1,
        month_sent = ${sentInMonth("u", Prisma.sql`EXCLUDED.month`)} + 1,
        day = EXCLUDED.day,
        month = EXCLUDED.month
      WHERE ${sentOnDay("u", Prisma.sql`EXCLUDED.day`)} < (SELECT daily_limit FROM account WHERE id = u.account_id)
        AND ${sentInMonth("u", Prisma.sql`EXCLUDED.month`)} < (SELECT monthly_limit FROM account WHERE id = u.account_id)
      RETURNING u.account_id
    )`;
}

/** Gives one unit back to the month it was taken from (a refused or failed send). */
export async function releaseQuota(db: Db, tenantId: number, month: string, count = 1): Promise<void> {
  await db.$executeRaw`
    UPDATE tenant_monthly_usage SET used = GREATEST(used - ${count}, 0)
    WHERE tenant_id = ${tenantId} AND month = ${month}`;
}

export interface SenderProblem {
  code: "NO_CONNECTED_NUMBER" | "ACCOUNT_NOT_USABLE" | "ACCOUNT_LIMIT_REACHED";
}

/**
 * Why no sender could be counted: no connected account at all, the named account is not a
 * connected account of this tenant, or every candidate is at a limit. Only runs on the failure path.
 */
export async function diagnoseNoSender(db: Db, tenantId: number, accountId: number | null): Promise<SenderProblem["code"]> {
  const connected = await db.account.findMany({ where: { tenantId, status: "connected" }, select: { id: true } });
  if (connected.length === 0) return "NO_CONNECTED_NUMBER";
  if (accountId !== null && !connected.some((a) => a.id === accountId)) return "ACCOUNT_NOT_USABLE";
  return "ACCOUNT_LIMIT_REACHED";
}
