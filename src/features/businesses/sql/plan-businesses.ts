import type { SqlClient } from "../../../core/db/raw-rows.js";

// Every plan version with how many businesses are on it, for the operator console's Plans page: a
// business is on the version its tenant row names (it moves to the latest at renewal).

export interface PlanBusinessesRow {
  id: number;
  name: string;
  version: number;
  monthly_message_limit: number;
  max_accounts: number;
  max_users: number;
  price_monthly: number;
  price_yearly: number;
  public: boolean;
  retired_at: Date | null;
  businesses: number;
}

export const planBusinessRows = (db: SqlClient) =>
  db.$queryRaw<PlanBusinessesRow[]>`-- plan_businesses
    SELECT p.id, p.name, p.version, p.monthly_message_limit, p.max_accounts, p.max_users, p.price_monthly, p.price_yearly, p.public, p.retired_at,
      (SELECT count(*)::int FROM tenant t WHERE t.plan_id = p.id) AS businesses
    FROM plan p
    ORDER BY p.name, p.version DESC`;
