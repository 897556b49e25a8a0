import { Prisma } from "../../../generated/prisma/client.js";
import type { SqlClient } from "../../../core/db/raw-rows.js";

// The operator's list of businesses (docs/operators.md, "Businesses"): one statement that finds a
// page of tenants and, for each, what the list shows. It reads counters kept as messages are
// accepted (tenant_monthly_usage) and the keys' and users' own timestamps, never the message table,
// so a page costs the same with twenty million messages as with none.

/**
 * A business's status as the operator sees it, from the tenant and its subscription (`t`, `s`):
 * an operator's suspension first; then billing's state; a tenant without a subscription (made by
 * the operator, renewed by hand) is active. Every count and filter by status uses this fragment.
 */
export const BUSINESS_STATUS = Prisma.sql`CASE
  WHEN t.status = 'suspended' THEN 'suspended'
  WHEN s.state IS NULL THEN 'active'
  ELSE s.state::text END`;

/**
 * What a business pays a month, in halalas: a subscription billed through the gateway that is
 * active or past due (still owed), a yearly one as a twelfth of its price. Trials, suspended and
 * canceled subscriptions, and tenants billed by hand, count 0.
 */
export const MONTHLY_REVENUE = Prisma.sql`CASE
  WHEN t.status = 'suspended' OR s.state IS NULL OR s.state NOT IN ('active', 'past_due') THEN 0
  WHEN s.interval = 'year' THEN round(sp.price_yearly / 12.0)::int
  ELSE sp.price_monthly END`;

export interface BusinessSearch {
  /** Exact tenant id, when the words were digits. */
  id: number | null;
  /** A number in international digits, when the words were one. */
  phone: string | null;
  /** A staff user's email, or its beginning, lower-cased, when the words held an @. */
  email: string | null;
  /** Words of the name (ILIKE pattern), when the words were not an email. */
  name: string | null;
  status: string | null;
  /** Tenants after this id (keyset paging). */
  after: number;
  limit: number;
  /** The month whose use is shown (YYYY-MM, the service's time zone). */
  month: string;
}

export interface BusinessRow {
  id: number;
  name: string;
  status: string;
  suspended_by_operator: boolean;
  suspension_reason: string | null;
  plan_id: number;
  plan_name: string;
  plan_version: number;
  interval: string | null;
  paid_through: Date;
  grace_until: Date | null;
  used: number;
  allowance: number;
  numbers: Array<{ id: number; phone_number: string | null; name: string; status: string }>;
  owner_email: string | null;
  last_activity_at: Date | null;
  monthly_revenue: number;
  created_at: Date;
}

const matches = (q: BusinessSearch) => Prisma.sql`(
  (${q.id}::int IS NOT NULL AND t.id = ${q.id}::int)
  OR (${q.phone}::text IS NOT NULL AND EXISTS (SELECT 1 FROM account a WHERE a.tenant_id = t.id AND a.phone_number = ${q.phone}::text))
  OR (${q.email}::text IS NOT NULL AND EXISTS (SELECT 1 FROM staff_user su WHERE su.tenant_id = t.id AND su.email LIKE ${q.email}::text || '%'))
  OR (${q.name}::text IS NOT NULL AND t.name ILIKE ${q.name}::text)
  OR (${q.id}::int IS NULL AND ${q.phone}::text IS NULL AND ${q.email}::text IS NULL AND ${q.name}::text IS NULL))`;

export function searchBusinessRows(db: SqlClient, q: BusinessSearch): Promise<BusinessRow[]> {
  return db.$queryRaw<BusinessRow[]>`-- search_businesses
    SELECT t.id, t.name, ${BUSINESS_STATUS} AS status, t.status = 'suspended' AS suspended_by_operator, t.suspension_reason,
      p.id AS plan_id, p.name AS plan_name, p.version AS plan_version, s.interval::text AS interval,
      t.subscription_ends_on AS paid_through, t.grace_until,
      coalesce(u.used, 0)::int AS used, (p.monthly_message_limit + coalesce(u.bonus, 0))::int AS allowance,
      coalesce((SELECT json_agg(json_build_object('id', a.id, 'phone_number', a.phone_number, 'name', a.name, 'status', a.status) ORDER BY a.id)
        FROM account a WHERE a.tenant_id = t.id AND a.removed_at IS NULL), '[]'::json) AS numbers,
      (SELECT min(su.email) FROM staff_user su WHERE su.tenant_id = t.id AND su.role = 'owner' AND su.disabled_at IS NULL) AS owner_email,
      nullif(greatest(
        coalesce((SELECT max(k.last_used_at) FROM api_key k WHERE k.tenant_id = t.id), '-infinity'),
        coalesce((SELECT max(su.last_sign_in_at) FROM staff_user su WHERE su.tenant_id = t.id), '-infinity')), '-infinity') AS last_activity_at,
      ${MONTHLY_REVENUE} AS monthly_revenue, t.created_at
    FROM tenant t
    JOIN plan p ON p.id = t.plan_id
    LEFT JOIN subscription s ON s.tenant_id = t.id
    LEFT JOIN plan sp ON sp.id = s.plan_id
    LEFT JOIN tenant_monthly_usage u ON u.tenant_id = t.id AND u.month = ${q.month}
    WHERE t.id > ${q.after} AND ${matches(q)}
      AND (${q.status}::text IS NULL OR ${BUSINESS_STATUS} = ${q.status}::text)
    ORDER BY t.id
    LIMIT ${q.limit}`;
}
