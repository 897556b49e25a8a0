import { Prisma } from "../../../generated/prisma/client.js";
import { rampSql } from "./number-states.js";

// What limits a young number beyond its daily and monthly limits: the warm-up ramp (its day's step
// instead of its daily limit), the first-contact cap (contacts who never wrote to it and were never
// sent from it, per day) and, on Meta's Cloud API, its messaging tier (sends in a rolling 24 hours).
// Each is a SQL fragment over the account aliased `a`, read with the sender choice in the
// statements that already choose and count a sender: none adds a statement to a send.

/** SQL: the daily limit of account `a` on `day`: while it warms up, its ramp's step for that day, never above its own limit. */
export const dailyLimitSql = (a: string, day: Prisma.Sql) => Prisma.sql`(CASE WHEN ${Prisma.raw(a)}.warmup_started_on IS NULL THEN ${Prisma.raw(a)}.daily_limit
  ELSE LEAST(${Prisma.raw(a)}.daily_limit, COALESCE((${rampSql(a)})[(${day} - ${Prisma.raw(a)}.warmup_started_on) + 1], ${Prisma.raw(a)}.daily_limit)) END)`;

/**
 * SQL: a number whose sends need a per-recipient check (warm-up's first contacts, a messaging tier):
 * the set-based placement of many messages leaves it to the one-by-one statement.
 */
export const needsPerSendCheckSql = (a: string) => Prisma.raw(`(${a}.warmup_started_on IS NOT NULL OR ${a}.messaging_tier IS NOT NULL)`);

/** SQL: the first-contact cap of a warming-up account `a`: its own, else its plan's (NULL for any other number). */
export const firstContactCapSql = (a: string) =>
  Prisma.raw(
    `(CASE WHEN ${a}.warmup_started_on IS NOT NULL THEN COALESCE(${a}.first_contact_cap, (SELECT p.first_contact_cap FROM tenant t JOIN plan p ON p.id = t.plan_id WHERE t.id = ${a}.tenant_id)) END)`,
  );

/**
 * SQL, true when a message from warming-up account `a` to `to` is a first contact: the contact never
 * wrote to this number and was never sent anything from it. Served by the inbound (account, from)
 * and message (tenant, to) indexes; evaluated only for numbers that warm up.
 */
export const firstContactSql = (a: string, to: Prisma.Sql) => Prisma.sql`(${Prisma.raw(a)}.warmup_started_on IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM inbound_message i WHERE i.account_id = ${Prisma.raw(a)}.id AND i.from_number = ${to})
  AND NOT EXISTS (SELECT 1 FROM message fm WHERE fm.tenant_id = ${Prisma.raw(a)}.tenant_id AND fm."to" = ${to} AND fm.account_id = ${Prisma.raw(a)}.id AND fm.status = 'sent'))`;

/**
 * SQL: the hours a messaging tier counts at `now` are those that began after this: every hour any
 * part of which is within the last 24 hours, so the rolling window is held conservatively.
 */
const tierSinceSql = (now: Date) => Prisma.sql`(${now}::timestamptz - interval '25 hours')`;

/**
 * SQL: the messages counted against the account `accountId` (usage row `u`, latest version under its lock in
 * a re-check) in the hours a tier counts at `now`. Every one counts as a recipient (a repeat to the
 * same contact is counted again), so the tier is held conservatively. The live and previous hours
 * are read from the usage row and left out of account_health_hour's sum: a statement that waited
 * for the row's lock while another moved the hour on reads account_health_hour from an older
 * snapshot, and the locked row is what keeps the count exact across the turn of an hour.
 */
export const tierUsedSql = (accountId: string, u: string, now: Date) => {
  const [acct, row, since] = [Prisma.raw(accountId), Prisma.raw(u), tierSinceSql(now)];
  return Prisma.sql`((SELECT COALESCE(sum(h.attempts), 0) FROM account_health_hour h WHERE h.account_id = ${acct} AND h.hour > ${since}
      AND h.hour IS DISTINCT FROM ${row}.hour AND h.hour IS DISTINCT FROM ${row}.prev_hour)::int
    + (CASE WHEN ${row}.hour > ${since} THEN ${row}.hour_attempts ELSE 0 END)
    + (CASE WHEN ${row}.prev_hour > ${since} THEN ${row}.prev_hour_attempts ELSE 0 END))`;
};
