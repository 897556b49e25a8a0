import type { Db } from "../../core/db/database.js";
import type { Config } from "../../core/config.js";
import type { PruneStep } from "../operations/index.js";
import { pruneIdempotencyKeys } from "../queue/index.js";
import { pruneEndedDeliveries } from "../webhooks/index.js";

// What the housekeeper forgets, kind by kind, each by the statement of the table's owner: the list
// the workers' housekeeper runs (src/app/runtime.ts hands it to operations' createHousekeeper) and
// `maintenance:prune` runs at once. It is here because admin, the top layer, sees every owner.

/** Idempotency keys past their 24 hours, then webhook deliveries that ended more than `webhookRetentionDays` ago. */
export const expiredRecordSteps = (db: Db, settings: Pick<Config["housekeeping"], "webhookRetentionDays">) =>
  ({
    idempotencyKeys: (now, limit) => pruneIdempotencyKeys(db, now, limit),
    webhookDeliveries: (now, limit) => pruneEndedDeliveries(db, settings.webhookRetentionDays, now, limit),
  }) satisfies Record<string, PruneStep>;
