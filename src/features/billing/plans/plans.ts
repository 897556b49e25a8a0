import type { Db } from "../../../core/db/database.js";
import { withVat } from "../periods.js";

// Plans as they are sold: the latest version of each public plan not retired, with prices before
// VAT, the VAT and the total, in halalas.

export async function plansOnSale(db: Db) {
  const rows = await db.plan.findMany({ where: { public: true }, orderBy: [{ name: "asc" }, { version: "desc" }] });
  const latest = rows.filter((p, i) => i === 0 || rows[i - 1]!.name !== p.name).filter((p) => !p.retiredAt);
  return latest.map(planView);
}

export const planView = (p: { name: string; version: number; priceMonthly: number; priceYearly: number; monthlyMessageLimit: number; maxAccounts: number; maxUsers: number }) => ({
  name: p.name,
  version: p.version,
  monthly: withVat(p.priceMonthly),
  yearly: withVat(p.priceYearly),
  messagesPerMonth: p.monthlyMessageLimit,
  numbers: p.maxAccounts,
  users: p.maxUsers,
});

export type PlanView = ReturnType<typeof planView>;

/** The top-up packs not retired, with their price before VAT, the VAT and the total. */
export async function packsOnSale(db: Db) {
  const rows = await db.topUpPack.findMany({ where: { retiredAt: null }, orderBy: [{ messages: "asc" }, { id: "asc" }] });
  return rows.map((p) => ({ id: p.id, name: p.name, messages: p.messages, price: withVat(p.price) }));
}
