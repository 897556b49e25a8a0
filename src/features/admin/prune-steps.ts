import type { Db } from "../../core/db/database.js";
import type { Config } from "../../core/config.js";
import type { PruneStep } from "../operations/index.js";
import { pruneIdempotencyKeys } from "../queue/index.js";
import { pruneEndedDeliveries } from "../webhooks/index.js";
import { deleteAuditEventsBefore } from "../../core/audit/audit-event-sql.js";

// What the housekeeper forgets, kind by kind, each by the statement of the table's owner: the list
// the workers' housekeeper runs (src/app/runtime.ts hands it to operations' createHousekeeper) and
// `maintenance:prune` runs at once. It is here because admin, the top layer, sees every owner.

/**
 * Idempotency keys past their 24 hours, webhook deliveries that ended more than
 * `webhookRetentionDays` ago, and audit events older than `auditRetentionDays`.
 */
export const expiredRecordSteps = (db: Db, settings: Pick<Config["housekeeping"], "webhookRetentionDays" | "auditRetentionDays">) =>
  ({
    idempotencyKeys: (now, limit) => pruneIdempotencyKeys(db, now, limit),
    webhookDeliveries: (now, limit) => pruneEndedDeliveries(db, settings.webhookRetentionDays, now, limit),
    auditEvents: (now, limit) => deleteAuditEventsBefore(db, new Date(now.getTime() - settings.auditRetentionDays * 86_400_000), limit),
  }) satisfies Record<string, PruneStep>;
