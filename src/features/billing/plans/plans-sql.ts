import type { Db } from "../../../core/db/database.js";

// The statements that write plans and top-up packs, which billing owns. A plan row is a version:
// an edit adds the next version of the same name, so a tenant keeps the version it pays for until
// its renewal. A change is announced to every instance's key cache by the database's triggers.

export interface PlanFields {
  monthlyMessageLimit: number;
  maxAccounts: number;
  maxUsers?: number | undefined;
  priceMonthly?: number | undefined;
  priceYearly?: number | undefined;
  public?: boolean | undefined;
  requestsPerSecond?: number | undefined;
  requestBurst?: number | undefined;
  warmupRamp?: number[] | undefined;
  firstContactCap?: number | undefined;
}

const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Adds version 1 of a plan; a setting left out takes its column's default. */
export const insertPlan = (db: Db, name: string, f: PlanFields) => db.plan.create({ data: { name, version: 1, ...defined(f) } as never });

/** The latest version of a plan by name (in the caller's transaction when given one). */
export const latestPlanVersion = (db: Pick<Db, "plan">, name: string) => db.plan.findFirst({ where: { name }, orderBy: { version: "desc" } });

/** Adds the next version of a plan: the latest one's settings with `changes` applied. */
export async function insertPlanVersion(db: Db, name: string, changes: Partial<PlanFields>) {
  return db.$transaction(async (tx) => {
    // Two edits at once: the second waits for the first's version and builds on it.
    await tx.$executeRaw`-- lock_plan_name
      SELECT pg_advisory_xact_lock(hashtext('plan:' || ${name}))`;
    const latest = await latestPlanVersion(tx, name);
    if (!latest) return null;
    const { id: _id, createdAt: _c, version, ...kept } = latest;
    return tx.plan.create({ data: { ...kept, ...defined(changes), name, version: version + 1 } as never });
  });
}

/** Retires every version of a plan: no longer sold; tenants on it keep it. */
export const retirePlan = (db: Db, name: string, at: Date) => db.plan.updateMany({ where: { name, retiredAt: null }, data: { retiredAt: at } });

export const insertTopUpPack = (db: Db, p: { name: string; messages: number; price: number }) => db.topUpPack.create({ data: p });
export const retireTopUpPack = (db: Db, id: number, at: Date) => db.topUpPack.updateMany({ where: { id, retiredAt: null }, data: { retiredAt: at } });
