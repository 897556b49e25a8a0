import pg from "pg";
import { describe, expect, it } from "vitest";
import { Prisma } from "../src/generated/prisma/client.js";
import { readRowsFromPool, readsFromPool, rowsOf, type SqlClient } from "../src/core/db/raw-rows.js";
import { messageColumns } from "../src/features/queue/columns-sql.js";
import { onPostgres, postgresUrl, useServer } from "./kit/server.js";

// The send path's statements read their rows straight from the pool on PostgreSQL (raw-rows.ts).
// Whatever reads them, a caller must see what $queryRaw gives: the same values, of the same types,
// for every column type those statements return and every parameter type they bind.

describe("rows read straight from the pool", () => {
  const server = useServer();

  it("is how the server reads them on PostgreSQL, and $queryRaw on the embedded database", () => {
    expect(readsFromPool(server().app.deps.db)).toBe(onPostgres);
  });

  it("come back as $queryRaw gives them, value for value and type for type", async () => {
    const db = server().app.deps.db;
    const now = new Date("2026-11-27T21:30:15.123Z");
    const statement = Prisma.sql`
      SELECT ${7n}::int8 AS big, ARRAY[${"1"}::int8, NULL, 9007199254740993] AS bigs, 42::int4 AS int, ARRAY[1, NULL, 3]::int4[] AS ints,
        ${"2026-11-28"}::date AS day, ARRAY['2026-02-01'::date, NULL] AS days, ${now}::timestamptz AS at, ARRAY[${now}::timestamptz, NULL] AS ats,
        ${now}::timestamptz::date AS day_of_at, 12.50::numeric AS amount, ARRAY[1.5, NULL]::numeric[] AS amounts, 0.25::float8 AS ratio,
        ${"سلام"}::text AS text, ARRAY[${"a,b"}, NULL, '"q"']::text[] AS texts, ${[now, now]}::timestamptz[] AS bound_ats,
        ${["1", "2"]}::text[]::int8[] AS bound_bigs, '{"a": [1, "x"], "b": null}'::jsonb AS doc, '[]'::json AS list, true AS yes,
        'sent'::"MessageStatus" AS status, NULL::text AS nothing, NULL::int8 AS no_big, NULL::date AS no_day`;
    const direct = await rowsOf<Record<string, unknown>>(db, statement);
    const viaPrisma = await db.$queryRaw<Array<Record<string, unknown>>>(statement);
    expect(direct).toEqual(viaPrisma);
    // toEqual compares a Date with a Date and a bigint with a bigint: the types are checked too.
    expect(typeof direct[0]!.big).toBe("bigint");
    expect(direct[0]!.day).toEqual(new Date("2026-11-28T00:00:00.000Z"));
  });

  it("give a message's whole row as $queryRaw does", async () => {
    const t = await server().seed.tenant().account().create();
    const sent = await server().client(t.key).post("/send", { to: "0501234567", message: "rows as written" });
    expect(sent.body.status).toBe("sent");
    const db = server().app.deps.db;
    const statement = Prisma.sql`SELECT ${messageColumns("m")} FROM message m WHERE m.tenant_id = ${t.id}`;
    const direct = await rowsOf<Record<string, unknown>>(db, statement);
    expect(direct).toHaveLength(1);
    expect(direct).toEqual(await db.$queryRaw(statement));
    expect(direct[0]!.body).toBe("rows as written");
  });

  // One connection, so the statement and the look at what that connection prepared meet on it.
  it.skipIf(!onPostgres)("are prepared once per connection when it is direct, and left unnamed through a pooler", async () => {
    for (const prepared of [true, false]) {
      const pool = new pg.Pool({ connectionString: postgresUrl, max: 1 });
      const client = { $queryRaw: () => Promise.reject(new Error("read through $queryRaw")) } as unknown as SqlClient;
      readRowsFromPool(client, pool, prepared);
      try {
        for (const n of [1, 2, 3]) expect(await rowsOf(client, Prisma.sql`-- raw_rows_prepared\nSELECT ${n}::int4 AS n`)).toEqual([{ n }]);
        const { rows } = await pool.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE statement LIKE '-- raw_rows_prepared%'");
        expect(rows).toHaveLength(prepared ? 1 : 0);
      } finally {
        await pool.end();
      }
    }
  });
});
