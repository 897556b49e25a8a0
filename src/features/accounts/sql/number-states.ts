import { Prisma } from "../../../generated/prisma/client.js";
import type { AccountStatus } from "../../../generated/prisma/enums.js";
import type { Db, DbClient } from "../../../core/db/database.js";
import { numberStateSql } from "../../../core/numbers/number-state-sql.js";

// The statements that change a number's state (number-states.ts says the rule), slow it down, and
// find the numbers whose timed pause or warm-up ramp has run out.

/** How long a timed pause lasts: `baseMs`, doubled for each pause in the last 7 days, at most `maxMs`. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

export interface NumberStateChange {
  /** The status it goes to. */
  to: AccountStatus;
  /** Only numbers in one of these statuses change (a lift never overrides a stronger stop). */
  from: readonly AccountStatus[];
  /** Why, in a word the docs list (spam_rate_limit, quality_red, opt_out_rate, resumed…). */
  reason: string;
  /** What caused it: a provider code, a webhook event, a figure, a person. */
  signal: string;
  /** A timed pause (with backoff), or a fixed end; neither: until lifted. */
  backoff?: Backoff;
  until?: Date | null;
  /** Whether the provider itself reports the block (a tenant's resume is refused while it does). */
  providerBlock?: boolean;
  /** Only numbers whose block the provider reported (lifts by the provider's all-clear). */
  onlyProviderBlocked?: boolean;
  /** Only numbers stopped for one of these reasons (an all-clear lifts the stop it answers, no other). */
  onlyReasons?: readonly string[];
  /** A number already in `to` takes this reason (it stays where it is, now for this reason). */
  restate?: boolean;
  /** Only numbers whose timed pause has ended by now. */
  onlyExpired?: boolean;
  /** Only numbers whose warm-up ramp ran out by `day` (ends the warm-up). */
  warmupDoneBy?: string;
  /** Only numbers not warming up: their warm-up starts on this day. */
  startWarmupOn?: string;
}

/** A recorded change, as account_state_change holds it. */
export interface ChangedRow {
  id: bigint;
  tenantId: number;
  accountId: number;
  fromState: string;
  toState: string;
  reason: string;
  signal: string;
  until: Date | null;
  at: Date;
}

/** SQL: the pauses of account `a` that still count for backoff at `now` (those of the last 7 days). */
const strikesSql = (now: Date) => Prisma.sql`(CASE WHEN a.last_paused_at > ${now}::timestamptz - interval '7 days' THEN a.pause_strikes ELSE 0 END)`;

const untilSql = (c: NumberStateChange, now: Date) => {
  if (c.backoff) {
    const strikes = strikesSql(now);
    return Prisma.sql`${now}::timestamptz + make_interval(secs => LEAST(${c.backoff.baseMs}::float8 * power(2, LEAST(${strikes}, 20)), ${c.backoff.maxMs}::float8) / 1000.0)`;
  }
  return Prisma.sql`${c.until ?? null}::timestamptz`;
};

/** Which of `accountIds` the change applies to, locked. */
function targetSql(c: NumberStateChange, accountIds: number[], now: Date): Prisma.Sql {
  const conditions = [Prisma.sql`a.id = ANY (${accountIds}::int[])`, Prisma.sql`a.status::text = ANY (${[...c.from]}::text[])`];
  if (c.onlyProviderBlocked) conditions.push(Prisma.sql`a.provider_block`);
  if (c.onlyReasons) conditions.push(Prisma.sql`a.status_reason = ANY (${[...c.onlyReasons]}::text[])`);
  // A provider's block with an end (a restriction's expiration) ends then, like the gateway's own pauses.
  if (c.onlyExpired) conditions.push(Prisma.sql`a.status_until <= ${now}::timestamptz`);
  if (c.warmupDoneBy) {
    conditions.push(Prisma.sql`a.warmup_started_on IS NOT NULL
      AND ${c.warmupDoneBy}::date - a.warmup_started_on >= cardinality(${rampSql("a")})`);
  }
  // A change to where the number already is changes nothing (and tells nothing), except a pause
  // that the provider now also reports, which must then wait for the provider's all-clear, and a
  // restatement's new reason (kept, and told by no event: the state is the same).
  if (c.startWarmupOn) conditions.push(Prisma.sql`a.warmup_started_on IS NULL`);
  const warmUpChange = c.warmupDoneBy !== undefined || c.startWarmupOn !== undefined;
  const same = Prisma.sql`a.status = ${c.to}::"AccountStatus" AND ${warmUpChange ? Prisma.sql`FALSE` : Prisma.sql`TRUE`}
    AND (a.provider_block OR NOT ${c.providerBlock ?? false}::boolean)
    AND (NOT ${c.restate ?? false}::boolean OR a.status_reason IS NOT DISTINCT FROM ${c.reason}::text)`;
  return Prisma.sql`SELECT a.id, a.tenant_id, ${numberStateSql("a")} AS from_state FROM account a
    WHERE ${Prisma.join(conditions, " AND ")} AND NOT (${same}) ORDER BY a.id FOR UPDATE`;
}

/** SQL: the warm-up ramp of the account aliased `a`: its own, else its plan's. */
export const rampSql = (a: string) =>
  Prisma.raw(
    `(CASE WHEN cardinality(${a}.warmup_ramp) > 0 THEN ${a}.warmup_ramp ELSE (SELECT p.warmup_ramp FROM tenant t JOIN plan p ON p.id = t.plan_id WHERE t.id = ${a}.tenant_id) END)`,
  );

/**
 * Applies one change to those of `accountIds` it concerns, in one statement: the account, and the
 * record of the change (whose trigger queues the webhooks). Returns the records.
 */
export async function applyNumberStateChange(db: DbClient, accountIds: number[], c: NumberStateChange, now: Date): Promise<ChangedRow[]> {
  const pausing = c.backoff !== undefined;
  return db.$queryRaw<ChangedRow[]>`-- apply_number_state_change
    WITH target AS (${targetSql(c, accountIds, now)}),
    changed AS (
      UPDATE account AS a SET status = ${c.to}::"AccountStatus", status_reason = ${c.reason}, status_since = ${now}::timestamptz,
        status_until = ${untilSql(c, now)},
        provider_block = ${c.providerBlock ?? false}::boolean,
        pause_strikes = CASE WHEN ${pausing}::boolean THEN ${strikesSql(now)} + 1 ELSE a.pause_strikes END,
        last_paused_at = CASE WHEN ${pausing}::boolean THEN ${now}::timestamptz ELSE a.last_paused_at END,
        warmup_started_on = CASE WHEN ${c.warmupDoneBy !== undefined}::boolean THEN NULL
          WHEN ${c.startWarmupOn ?? null}::date IS NOT NULL THEN ${c.startWarmupOn ?? null}::date ELSE a.warmup_started_on END
      FROM target WHERE a.id = target.id
      RETURNING a.id, a.tenant_id, target.from_state, ${numberStateSql("a")} AS to_state, a.status_until
    )
    INSERT INTO account_state_change (tenant_id, account_id, from_state, to_state, reason, signal, until, at)
    SELECT tenant_id, id, from_state, to_state, ${c.reason}, ${c.signal}, status_until, ${now}::timestamptz
    FROM changed WHERE from_state <> to_state ORDER BY id
    RETURNING id, tenant_id AS "tenantId", account_id AS "accountId", from_state AS "fromState", to_state AS "toState", reason, signal, until, at`;
}

/** Slows a number's pacing by `factor` until `until`, keeping a stronger or longer slow-down in force at `now`. */
export async function slowDownAccount(db: Db, accountId: number, factor: number, until: Date, now: Date): Promise<void> {
  await db.$executeRaw`-- slow_down_account
    UPDATE account SET slow_factor = GREATEST(${factor}::int, CASE WHEN slow_until > ${now}::timestamptz THEN slow_factor ELSE 1 END),
      slow_until = GREATEST(${until}::timestamptz, slow_until)
    WHERE id = ${accountId}`;
}

/** Ends the slow-downs of `accountIds`. */
export async function endSlowDowns(db: Db, accountIds: number[]): Promise<void> {
  await db.$executeRaw`-- end_slow_downs
    UPDATE account SET slow_factor = 1, slow_until = NULL WHERE id = ANY (${accountIds}::int[]) AND slow_until IS NOT NULL`;
}

/** The paused or restricted numbers whose timed pause has ended by `now`. */
export async function accountsWithEndedPauses(db: Db, now: Date): Promise<number[]> {
  const rows = await db.$queryRaw<Array<{ id: number }>>`-- accounts_with_ended_pauses
    SELECT id FROM account WHERE status IN ('paused', 'restricted') AND status_until <= ${now}::timestamptz`;
  return rows.map((r) => r.id);
}

/** The warming-up numbers whose ramp has run out by `day`. */
export async function accountsWithRampDone(db: Db, day: string): Promise<number[]> {
  const rows = await db.$queryRaw<Array<{ id: number }>>`-- accounts_with_ramp_done
    SELECT a.id FROM account a WHERE a.warmup_started_on IS NOT NULL AND ${day}::date - a.warmup_started_on >= cardinality(${rampSql("a")})`;
  return rows.map((r) => r.id);
}
