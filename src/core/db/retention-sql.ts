import { Prisma } from "../../generated/prisma/client.js";

// The one rule of how long a tenant's messages and inbound messages are kept: its own
// `message_retention_days`, else the operator's MESSAGE_RETENTION_DAYS, else for ever. Each
// feature that deletes by it (queue, batches, inbound) joins this fragment.

/** `(tenant_id, cutoff)` of every tenant whose data expires: rows created before `cutoff` have. */
export const retentionCutoffs = (defaultDays: number | undefined, now: Date) => Prisma.sql`
  SELECT id AS tenant_id, ${now}::timestamptz - make_interval(days => COALESCE(message_retention_days, ${defaultDays ?? null}::int)) AS cutoff
  FROM tenant WHERE COALESCE(message_retention_days, ${defaultDays ?? null}::int) IS NOT NULL`;
