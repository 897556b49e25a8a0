import { Prisma } from "../../../generated/prisma/client.js";

// A slowed-down number (a health rule's "slow down", accounts/signal-rules.ts) keeps sending, at its
// pacing interval times its slow factor until slow_until. A number that has no interval of its own
// is slowed from a floor of one second, so a slow-down always slows.

export const SLOW_FLOOR_MS = 1000;

/** True while the number is slowed down. */
export const isSlowed = (a: { slowUntil: Date | null }, now: Date) => a.slowUntil !== null && a.slowUntil.getTime() > now.getTime();

/** SQL: the least interval in milliseconds between two sends of account `a` at `now`. */
export const intervalMsSql = (a: string, now: Date) =>
  Prisma.sql`(CASE WHEN ${Prisma.raw(a)}.slow_until > ${now}::timestamptz THEN GREATEST(${Prisma.raw(a)}.min_interval_ms, ${SLOW_FLOOR_MS}::int) * ${Prisma.raw(a)}.slow_factor ELSE ${Prisma.raw(a)}.min_interval_ms END)`;
