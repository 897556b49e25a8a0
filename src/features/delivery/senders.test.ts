import { describe, expect, it } from "vitest";
import { useUnitDatabase } from "../../../test/kit/unit-db.js";
import type { Db } from "../../core/db/database.js";
import { readSenders, senderInfo } from "./senders.js";

// The senders' copies, on an embedded database: reads asked for together share a statement, and
// a change committed before a send asks is always seen by it, even while another read is under way.

const database = useUnitDatabase();

/** The database with its reads of accounts counted (the real client underneath). */
function counted(db: Db): { db: Db; reads: () => number } {
  let reads = 0;
  const account = new Proxy(db.account, {
    get(target, name, receiver) {
      if (name === "findMany") return (...args: Parameters<Db["account"]["findMany"]>) => (reads++, target.findMany(...args));
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  const wrapped = new Proxy(db, { get: (target, name, receiver) => (name === "account" ? account : (Reflect.get(target, name, receiver) as unknown)) });
  return { db: wrapped, reads: () => reads };
}

describe("senders", () => {
  it("answers twenty sends asked for at once with two statements, the first at once and the rest together", async () => {
    const { db: real, seed } = database();
    const tenant = await seed.tenant().account().account().create();
    const { db, reads } = counted(real);
    const ids = tenant.accounts.map((a) => a.id);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => senderInfo(db, ids[i % 2]!)));
    expect(answers.map((a) => a.id)).toEqual(Array.from({ length: 20 }, (_, i) => ids[i % 2]));
    expect(reads()).toBe(2);
    expect((await readSenders(db, ids)).size).toBe(2);
    expect(reads()).toBe(3);
  });

  it("sees a change committed before it asked, though a read that started earlier is still under way", async () => {
    const { db: real, seed } = database();
    const tenant = await seed.tenant().account().create();
    const { db } = counted(real);
    const id = tenant.accounts[0]!.id;
    await senderInfo(db, id);
    const earlier = senderInfo(db, id);
    await real.account.update({ where: { id }, data: { minIntervalMs: 4321 } });
    const later = await senderInfo(db, id);
    expect(later.minIntervalMs).toBe(4321);
    expect((await earlier).id).toBe(id);
    expect((await senderInfo(db, id)).minIntervalMs).toBe(4321);
  });

  it("spares the read when the accepting statement's version is the copy's, and reads when it moved", async () => {
    const { db: real, seed } = database();
    const tenant = await seed.tenant().account().create();
    const { db, reads } = counted(real);
    const id = tenant.accounts[0]!.id;
    const copy = await senderInfo(db, id);
    expect(reads()).toBe(1);
    expect(await senderInfo(db, id, copy.version)).toBe(copy);
    expect(reads()).toBe(1);
    const changed = await real.account.update({ where: { id }, data: { jitterMs: 77 } });
    const fresh = await senderInfo(db, id, changed.version);
    expect([fresh.version, fresh.jitterMs, reads()]).toEqual([changed.version, 77, 2]);
  });

  it("refuses an account that does not exist, and the others asked with it are still answered", async () => {
    const { db: real, seed } = database();
    const tenant = await seed.tenant().account().create();
    const { db } = counted(real);
    const id = tenant.accounts[0]!.id;
    const [missing, known] = await Promise.allSettled([senderInfo(db, 9_999_999), senderInfo(db, id)]);
    expect(missing.status).toBe("rejected");
    expect(known.status === "fulfilled" && known.value.id).toBe(id);
  });
});
