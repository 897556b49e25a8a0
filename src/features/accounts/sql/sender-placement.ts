import { Prisma } from "../../../generated/prisma/client.js";
import type { Db } from "../../../core/db/database.js";
import { sentInMonth, sentOnDay } from "../../../core/numbers/counters-sql.js";
import { countAttemptsSql } from "./health-tally.js";
import { needsPerSendCheckSql } from "./warm-up.js";

/**
 * Creates the usage rows the connected numbers of the messages' tenants lack: the single-send
 * upsert creates them lazily, and senderPlacementCtes locks rows that must exist.
 */
export async function addUsageRowsForMessages(db: Db, messageIds: bigint[], day: string, month: string): Promise<void> {
  await db.$executeRaw`
    -- add_usage_rows_for_messages
    INSERT INTO account_usage (account_id, day, day_sent, month, month_sent)
    SELECT a.id, ${day}::date, 0, ${month}, 0 FROM account a
    WHERE a.status = 'connected'
      AND a.tenant_id IN (SELECT tenant_id FROM message WHERE id = ANY(${messageIds.map(String)}::text[]::bigint[]))
    ON CONFLICT (account_id) DO NOTHING`;
}

/**
 * The CTEs that count senders for many messages in one statement, after a CTE `want(id,
 * tenant_id, pinned, choices, n)` the caller writes: `pinned` is the account the caller named (0:
 * any), `choices` the numbers it may go from (message.sender_choices; empty: any), `n` the
 * message's place (from 0) among its tenant's messages with the same `pinned` and `choices`. Each
 * tenant's messages go round-robin over its connected numbers with room (least sent today first),
 * or to the named number. A number that needs a per-recipient check (warm-up, a messaging tier)
 * is left out: its messages take the one-by-one statement (countSenderCtes). The usage rows are locked in account order, so two such statements
 * cannot deadlock, and under READ COMMITTED a row locked after a wait is re-read at its latest
 * version, so `room` is exact and no limit is overspent. Yields `chosen(id, account_id)` for the
 * messages placed and `counted` (the usage update); a message that found no room is not in
 * `chosen`. Only usage rows that exist are used (the single-send upsert makes them). With `gate`,
 * a CTE that must yield a row, nothing is locked or counted when it yields none.
 */
export function senderPlacementCtes(o: { day: string; month: string; now: Date; gate?: string }): Prisma.Sql {
  const dayParam = Prisma.sql`${o.day}::date`;
  const monthParam = Prisma.sql`${o.month}::text`;
  const gate = o.gate ? Prisma.raw(` AND EXISTS (SELECT 1 FROM ${o.gate})`) : Prisma.empty;
  return Prisma.sql`
    room AS (
      SELECT u.account_id, a.tenant_id,
        ${sentOnDay("u", dayParam)} AS day_sent,
        LEAST(a.daily_limit - ${sentOnDay("u", dayParam)}, a.monthly_limit - ${sentInMonth("u", monthParam)}) AS room
      FROM account_usage u JOIN account a ON a.id = u.account_id
      WHERE a.status = 'connected' AND NOT ${needsPerSendCheckSql("a")} AND a.tenant_id IN (SELECT tenant_id FROM want)${gate}
      ORDER BY u.account_id
      FOR UPDATE OF u
    ),
    eligible AS (
      SELECT g.tenant_id, g.pinned, g.choices, r.account_id, r.room,
        row_number() OVER (PARTITION BY g.tenant_id, g.pinned, g.choices ORDER BY r.day_sent, r.account_id) - 1 AS idx,
        count(*) OVER (PARTITION BY g.tenant_id, g.pinned, g.choices) AS size
      FROM (SELECT DISTINCT tenant_id, pinned, choices FROM want) g
      JOIN room r ON r.tenant_id = g.tenant_id AND r.room > 0 AND (g.pinned = 0 OR r.account_id = g.pinned)
        AND (cardinality(g.choices) = 0 OR r.account_id = ANY (g.choices))
    ),
    placed AS (
      SELECT w.id, e.account_id, e.room, row_number() OVER (PARTITION BY e.account_id ORDER BY w.id) AS rank
      FROM want w JOIN eligible e ON e.tenant_id = w.tenant_id AND e.pinned = w.pinned AND e.choices = w.choices AND e.idx = w.n % e.size
    ),
    chosen AS (SELECT id, account_id FROM placed WHERE rank <= room),
    counted AS (
      UPDATE account_usage AS u SET
        day_sent = ${sentOnDay("u", dayParam)} + c.k,
        month_sent = ${sentInMonth("u", monthParam)} + c.k,
        day = ${o.day}::date, month = ${o.month},
        ${countAttemptsSql("u", o.now, Prisma.raw("c.k"))}
      FROM (SELECT account_id, count(*)::int AS k FROM chosen GROUP BY account_id) AS c
      WHERE u.account_id = c.account_id
    )`;
}
