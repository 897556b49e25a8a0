import type { SqlClient } from "../../core/db/raw-rows.js";
import { planBusinessRows } from "./sql/plan-businesses.js";

// The plans as the operator sells them: each name with its versions, newest first, how many
// businesses are on each version and on the plan in all.

export interface PlanVersion {
  id: number;
  version: number;
  monthlyMessageLimit: number;
  maxAccounts: number;
  maxUsers: number;
  /** Halalas, VAT not included. */
  priceMonthly: number;
  priceYearly: number;
  public: boolean;
  retiredAt: string | null;
  businesses: number;
}

export interface PlanWithBusinesses {
  name: string;
  /** Businesses on any version of it. */
  businesses: number;
  versions: PlanVersion[];
}

export async function plansWithBusinesses(db: SqlClient): Promise<PlanWithBusinesses[]> {
  const plans = new Map<string, PlanWithBusinesses>();
  for (const r of await planBusinessRows(db)) {
    const plan = plans.get(r.name) ?? { name: r.name, businesses: 0, versions: [] };
    plan.businesses += r.businesses;
    plan.versions.push({
      id: r.id,
      version: r.version,
      monthlyMessageLimit: r.monthly_message_limit,
      maxAccounts: r.max_accounts,
      maxUsers: r.max_users,
      priceMonthly: r.price_monthly,
      priceYearly: r.price_yearly,
      public: r.public,
      retiredAt: r.retired_at?.toISOString() ?? null,
      businesses: r.businesses,
    });
    plans.set(r.name, plan);
  }
  return [...plans.values()];
}
