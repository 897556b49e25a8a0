import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../core/db/database.js";
import { onDay, sentInMonth, sentOnDay } from "../../../core/numbers/counters-sql.js";
import { dailyLimitSql, firstContactCapSql, firstContactSql, tierUsedSql } from "./warm-up.js";
import { countAttemptsSql, healthHourSql } from "./health-tally.js";

// Allowance and per-number counters. Each reservation is one conditional statement, so concurrent
// sends can never take more than a limit allows and no transaction holds a hot row longer than one
// statement (see BENCHMARKS.md for why that matters).

/** The allowance rule: `count` more units fit when what is used plus them stays within the limit. */
const fitsAllowance = (used: Prisma.Sql, count: Prisma.Sql, limit: Prisma.Sql) => Prisma.sql`${used} + ${count} <= ${limit}`;

/**
 * Takes `count` units of a tenant's monthly allowance, or none: the upsert's WHERE sees the row's
 * latest committed version under its lock, so N concurrent callers against R remaining units give
 * exactly R successes. Yields the row's `used` and `bonus` when it succeeded (the quota warnings
 * read them: thresholdsCrossed), nothing otherwise. With `gate`,
 * a CTE that must yield a row, nothing is taken when it yields none.
 */
export function reserveQuotaCte(tenantId: number, month: string, count: number | Prisma.Sql, limit: number, gate?: string): Prisma.Sql {
  const from = gate ? Prisma.raw(` FROM ${gate}`) : Prisma.empty;
  const units = Prisma.sql`${count}::int`;
  const cap = Prisma.sql`${limit}::int`;
  return Prisma.sql`
    INSERT INTO tenant_monthly_usage AS q (tenant_id, month, used)
    SELECT ${tenantId}::int, ${month}::text, ${units}${from} WHERE ${fitsAllowance(Prisma.sql`0`, units, cap)}
    ON CONFLICT (tenant_id, month) DO UPDATE SET used = q.used + ${units}
      WHERE ${fitsAllowance(Prisma.sql`q.used`, units, Prisma.sql`${cap} + q.bonus`)}
    RETURNING q.used, q.bonus`;
}

/** Adds top-up messages to a tenant's allowance for one month (billing's top-up), in the caller's transaction. */
export const addMonthBonus = (db: Pick<Db, "$executeRaw">, tenantId: number, month: string, messages: number) =>
  db.$executeRaw`-- add_month_bonus
    INSERT INTO tenant_monthly_usage AS q (tenant_id, month, used, bonus) VALUES (${tenantId}::int, ${month}::text, 0, ${messages}::int)
    ON CONFLICT (tenant_id, month) DO UPDATE SET bonus = q.bonus + ${messages}::int`;

/**
 * Two CTEs, `allowance_held` and `quota`, that take the allowance of several tenants at once, for
 * a CTE `source(tenant_id, k, lim)` the caller writes (one row per tenant: units wanted, monthly
 * limit): each tenant gets all its `k` units or none, under the same rule as reserveQuotaCte. A
 * row another statement holds is skipped, not waited for, so one tenant's long statement (a big
 * bulk) never holds up the others' sends in the same statement; a skipped tenant, or one with no
 * row yet this month, takes nothing here. `quota` yields the tenants that got their units, with
 * their row's `used` and `bonus` after it, the units taken (`k`) and the plan's limit (`lim`).
 */
export function reserveQuotaForTenantsCtes(source: string, month: string): Prisma.Sql {
  const from = Prisma.raw(source);
  return Prisma.sql`
    allowance_held AS (
      SELECT q.tenant_id FROM tenant_monthly_usage q
      WHERE q.month = ${month}::text AND q.tenant_id IN (SELECT tenant_id FROM ${from})
      FOR UPDATE OF q SKIP LOCKED
    ),
    quota AS (
      UPDATE tenant_monthly_usage AS q SET used = q.used + s.k
      FROM ${from} s
      WHERE q.tenant_id = s.tenant_id AND q.month = ${month}::text AND ${fitsAllowance(Prisma.sql`q.used`, Prisma.sql`s.k`, Prisma.sql`s.lim + q.bonus`)}
        AND q.tenant_id IN (SELECT tenant_id FROM allowance_held)
      RETURNING q.tenant_id, q.used, q.bonus, s.k, s.lim
    )`;
}

/**
 * Two CTEs, `candidate` and `counted`: picks the tenant's connected account with room today and
 * this month (least sent today first; only `accountId` when given), then bumps its day, month and
 * hour counters in one upsert whose WHERE re-checks the limits under the row lock. The candidate is
 * read from the statement's snapshot and may be stale; the re-check is what keeps limits exact,
 * and a caller whose re-check fails simply tries again. A warming-up number's day limit is its
 * ramp's step, and a first contact also takes one of its day's first-contact places; a number with
 * a messaging tier is held under it (warm-up.ts). Each of those is computed once, in `candidate`
 * (behind OFFSET 0, so the planner does not copy its subqueries into every condition that reads
 * them), and the re-check reads it from there: the planning of this statement is a large part of a
 * send's cost. `gate` names a CTE that must yield a row for anything to be counted (the quota
 * reservation), or is empty.
 */
export function countSenderCtes(opts: {
  tenantId: number;
  accountId: number | null;
  /** The recipient (for a warming-up number's first-contact cap). */
  to: Prisma.Sql;
  day: string;
  month: string;
  /** The service clock's now (the hour counted, a Cloud number's rolling 24-hour tier). */
  now: Date;
  gate?: string;
  /** A further condition on the account aliased `a` (the delivery feature's senderFitsSql). */
  fit?: Prisma.Sql;
}): Prisma.Sql {
  const { tenantId, accountId, day, month, now } = opts;
  const gate = opts.gate ? Prisma.raw(`, ${opts.gate}`) : Prisma.empty;
  const dayParam = Prisma.sql`${day}::date`;
  const excludedDay = Prisma.sql`EXCLUDED.day`;
  return Prisma.sql`
    candidate AS (
      SELECT * FROM (
        SELECT a.id, a.monthly_limit, ${dailyLimitSql("a", dayParam)} AS day_limit,
          ${sentOnDay("u", dayParam)} AS day_sent, ${sentInMonth("u", Prisma.sql`${month}::text`)} AS month_sent,
          ${onDay("u", dayParam, Prisma.raw("u.first_contacts"))} AS first_contacts, ${firstContactCapSql("a")} AS first_contact_cap,
          ${firstContactSql("a", opts.to)} AS first_contact,
          a.messaging_tier AS tier, CASE WHEN a.messaging_tier IS NOT NULL THEN ${tierUsedSql("a.id", "u", now)} END AS tier_used
        FROM account a LEFT JOIN account_usage u ON u.account_id = a.id
        WHERE a.tenant_id = ${tenantId} AND a.status = 'connected'
          AND (${accountId}::int IS NULL OR a.id = ${accountId}::int)
          AND ${opts.fit ?? Prisma.sql`TRUE`}
        OFFSET 0
      ) c
      WHERE c.day_sent < c.day_limit AND c.month_sent < c.monthly_limit
        AND (NOT c.first_contact OR c.first_contacts < c.first_contact_cap)
        AND (c.tier IS NULL OR c.tier_used < c.tier)
      ORDER BY c.day_sent, c.id
      LIMIT 1
    ),
    counted AS (
      INSERT INTO account_usage AS u (account_id, day, day_sent, month, month_sent, first_contacts, hour, hour_attempts)
      SELECT candidate.id, ${day}::date, 1, ${month}::text, 1, CASE WHEN candidate.first_contact THEN 1 ELSE 0 END, ${healthHourSql(now)}, 1
      FROM candidate${gate}
      ON CONFLICT (account_id) DO UPDATE SET
        day_sent = ${sentOnDay("u", excludedDay)} + 1,
        month_sent = ${sentInMonth("u", Prisma.sql`EXCLUDED.month`)} + 1,
        first_contacts = ${onDay("u", excludedDay, Prisma.raw("u.first_contacts"))} + EXCLUDED.first_contacts,
        day = EXCLUDED.day,
        month = EXCLUDED.month,
        ${countAttemptsSql("u", now, Prisma.raw("1"))}
      WHERE (SELECT ${sentOnDay("u", excludedDay)} < c.day_limit
          AND ${sentInMonth("u", Prisma.sql`EXCLUDED.month`)} < c.monthly_limit
          AND (EXCLUDED.first_contacts = 0 OR ${onDay("u", excludedDay, Prisma.raw("u.first_contacts"))} < c.first_contact_cap)
          AND (c.tier IS NULL OR ${tierUsedSql("u.account_id", "u", now)} < c.tier)
        FROM candidate c)
      RETURNING u.account_id
    )`;
}

/** Gives one unit back to the month it was taken from (a refused or failed send). */
export async function releaseQuota(db: Db, tenantId: number, month: string, count = 1): Promise<void> {
  await db.$executeRaw`-- release_quota
    UPDATE tenant_monthly_usage SET used = GREATEST(used - ${count}, 0)
    WHERE tenant_id = ${tenantId} AND month = ${month}`;
}

export interface SenderProblem {
  code: "NO_CONNECTED_NUMBER" | "ACCOUNT_NOT_USABLE" | "ACCOUNT_PAUSED" | "ACCOUNT_LIMIT_REACHED";
}

/**
 * Why no sender could be counted: no connected account at all, the named account (or, when none
 * is named, every number) is paused or restricted for now, so its messages wait; the named account
 * is otherwise not a connected account of this tenant; or every candidate is at a limit. Only runs
 * on the failure path.
 */
export async function diagnoseNoSender(db: Db, tenantId: number, accountId: number | null): Promise<SenderProblem["code"]> {
  const accounts = await db.account.findMany({ where: { tenantId, ...(accountId === null ? {} : { id: accountId }) }, select: { status: true } });
  if (accounts.some((a) => a.status === "connected")) return "ACCOUNT_LIMIT_REACHED";
  if (accounts.some((a) => a.status === "paused" || a.status === "restricted")) return "ACCOUNT_PAUSED";
  if (accountId === null || !(await db.account.findFirst({ where: { tenantId, status: "connected" }, select: { id: true } }))) return "NO_CONNECTED_NUMBER";
  return "ACCOUNT_NOT_USABLE";
}

/** When the first of the paused or restricted numbers a message may use sends again by itself (null: when lifted or resumed). */
export async function stoppedUntil(db: Db, tenantId: number, accountId: number | null): Promise<Date | null> {
  const row = await db.account.aggregate({
    where: { tenantId, status: { in: ["paused", "restricted"] }, ...(accountId === null ? {} : { id: accountId }) },
    _min: { statusUntil: true },
  });
  return row._min.statusUntil;
}

/** Why a tenant's named number cannot send, for the refusal: its state, reason and until; null when it is not the tenant's. */
export async function unusableAccountNote(db: Db, tenantId: number, accountId: number, timestamp: (at: Date) => string): Promise<string | null> {
  const a = await db.account.findFirst({ where: { id: accountId, tenantId }, select: { status: true, statusReason: true, statusSince: true, statusUntil: true } });
  if (!a || a.status === "connected") return null;
  const why = a.statusReason ? ` (${a.statusReason})` : "";
  const until = a.statusUntil ? ` until ${timestamp(a.statusUntil)}` : "";
  return `is ${a.status}${why} since ${timestamp(a.statusSince)}${until}; GET /accounts/${accountId}/health says more`;
}
