import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { useUnitDatabase } from "../../../test/kit/unit-db.js";
import { closedPort } from "../../../test/kit/fake-provider.js";
import { openStandbyClient } from "./database.js";
import { ReadStandby, walPosition } from "./read-standby.js";

// The read standby's own rules, without a standby: what it does with a read the standby fails
// (here one that cannot be reached at all), and how WAL positions order. Routing by lag, pauses,
// stops and promotion run against a real standby in test/read-standby.test.ts.

describe("ReadStandby", () => {
  const unit = useUnitDatabase();
  const closed: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closed) await close();
  });

  async function unreachable() {
    const client = openStandbyClient(`postgresql://postgres@127.0.0.1:${await closedPort()}/test`, "postgresql://postgres@127.0.0.1:5432/test", 1);
    closed.push(client.close);
    return new ReadStandby(unit().db, client.prisma, { maxLagMs: 1_000, checkMs: 250 }, pino({ level: "silent" }));
  }

  it("reads again on the primary what the standby fails, in each of the client's forms, and stops sending reads there", async () => {
    const t = await unit().seed.tenant().account().create();
    const reads = await unreachable();
    expect((await reads.client.tenant.findUniqueOrThrow({ where: { id: t.id }, select: { id: true } })).id).toBe(t.id);
    expect(await reads.client.account.count({ where: { tenantId: t.id } })).toBe(1);
    expect(await reads.client.$queryRaw<Array<{ id: number }>>`SELECT id FROM tenant WHERE id = ${t.id}`).toEqual([{ id: t.id }]);
    expect(await reads.client.$queryRawUnsafe<Array<{ n: number }>>("SELECT $1::int AS n", 7)).toEqual([{ n: 7 }]);
    expect(reads.state).toEqual({ inUse: false, lagMs: null, why: "unreachable" });
    expect(reads.db).toBe(unit().db);
  });

  it("a check that cannot reach the standby leaves reads on the primary", async () => {
    const reads = await unreachable();
    await reads.check();
    expect(reads.state).toEqual({ inUse: false, lagMs: null, why: "unreachable" });
  });

  it("orders WAL positions as PostgreSQL does, across the high half", () => {
    expect(walPosition("0/16B3740")).toBe(0x16b3740n);
    expect(walPosition("1/0") > walPosition("0/FFFFFFFF")).toBe(true);
    expect(walPosition("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
  });
});
