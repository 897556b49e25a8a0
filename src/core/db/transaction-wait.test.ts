import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./database.js";
import { isUnavailable } from "../unavailable.js";

// The embedded database has one connection, so an interactive transaction queues behind the one
// under way; on a busy machine that wait passed Prisma's default 2 s and the request failed
// (P2028). The client waits up to 10 s (database.ts); past that, the caller gets a 503.

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: "memory://", poolMax: 1 });
});
afterAll(async () => {
  await db?.close();
});

describe("interactive transactions on the embedded database", () => {
  it("wait longer than Prisma's 2 s default for the connection another transaction holds", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    const first = db.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      started();
      await held;
    });
    await holding;
    const second = db.prisma.$transaction((tx) => tx.$queryRaw<Array<{ n: number }>>`SELECT 2 AS n`);
    // Only wall-clock time shows the wait's bound: past the 2 s default, then let the first go.
    await sleep(2_500);
    release();
    await first;
    expect(await second).toEqual([{ n: 2 }]);
  });

  it("and a transaction that found no connection in time counts as the database being away (503)", () => {
    expect(isUnavailable({ code: "P2028", message: "Transaction API error: Unable to start a transaction in the given time." })).toBe(true);
    expect(isUnavailable({ code: "P2002", message: "Unique constraint failed" })).toBe(false);
  });
});
