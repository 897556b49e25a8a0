import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "../../generated/prisma/client.js";
import { monthOfDay, sentInMonth, sentInPeriod, sentOnDay } from "./counters-sql.js";

// The "earlier day or month counts 0" rule is written twice, in SQL for statements and in
// TypeScript for reads; both must give the same answer for every case.
describe("a number's counters", () => {
  const pg = new PGlite();
  beforeAll(async () => {
    await pg.exec("CREATE TABLE account_usage (day date, day_sent int, month text, month_sent int)");
  });
  afterAll(async () => {
    await pg.close();
  });

  const stored = { day: "2026-11-22", daySent: 7, month: "2026-11", monthSent: 40 };
  const cases = [
    { at: { day: "2026-11-22", month: "2026-11" }, want: { today: 7, month: 40 } },
    { at: { day: "2026-11-23", month: "2026-11" }, want: { today: 0, month: 40 } },
    { at: { day: "2026-12-01", month: "2026-12" }, want: { today: 0, month: 0 } },
    { at: { day: "2026-11-21", month: "2026-11" }, want: { today: 0, month: 40 } },
  ];

  it.each(cases)("on $at.day: $want.today today, $want.month this month, in SQL and in TypeScript", async ({ at, want }) => {
    const usage = { day: new Date(`${stored.day}T00:00:00Z`), daySent: stored.daySent, month: stored.month, monthSent: stored.monthSent };
    expect(sentInPeriod(usage, at)).toEqual(want);

    await pg.query("DELETE FROM account_usage");
    await pg.query("INSERT INTO account_usage VALUES ($1, $2, $3, $4)", [stored.day, stored.daySent, stored.month, stored.monthSent]);
    const query = Prisma.sql`SELECT ${sentOnDay("u", Prisma.sql`${at.day}::date`)} AS today, ${sentInMonth("u", Prisma.sql`${at.month}::text`)} AS month FROM account_usage u`;
    const { rows } = await pg.query<{ today: number; month: number }>(query.text, query.values);
    expect(rows[0]).toEqual(want);
  });

  it("counts nothing for a number that never sent", () => {
    expect(sentInPeriod(null, { day: "2026-11-22", month: "2026-11" })).toEqual({ today: 0, month: 0 });
  });

  it("gives a day's month as YYYY-MM", async () => {
    const query = Prisma.sql`SELECT ${monthOfDay(Prisma.sql`${"2026-12-31"}::date`)} AS month`;
    const { rows } = await pg.query<{ month: string }>(query.text, query.values);
    expect(rows[0]!.month).toBe("2026-12");
  });
});
