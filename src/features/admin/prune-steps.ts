import type { Db } from "../../core/db/database.js";
import type { Config } from "../../core/config.js";
import type { PruneStep } from "../operations/index.js";
import { pruneExpiredMessages, pruneIdempotencyKeys } from "../queue/index.js";
import { keepExpiredBatchReports } from "../batches/index.js";
import { pruneExpiredInbound } from "../inbound/index.js";
import { pruneEndedDeliveries } from "../webhooks/index.js";
import { pruneEndedChatwootWork } from "../chatwoot/index.js";
import { pruneExpiredExports, pruneExportRecords } from "../exports/index.js";
import { deleteAuditEventsBefore } from "../../core/audit/audit-event-sql.js";
import { deleteEndedConsoleSessions } from "../../core/auth/console-session-sql.js";
import { deleteSpentStaffLinks } from "../../core/staff/staff-user-sql.js";

/** How long an ended console session or a spent one-time link is kept: long enough to read what happened today. */
const SPENT_KEPT_MS = 86_400_000;

// What the housekeeper forgets, kind by kind, each by the statement of the table's owner: the list
// the workers' housekeeper runs (src/app/runtime.ts hands it to operations' createHousekeeper) and
// `maintenance:prune` runs at once. It is here because admin, the top layer, sees every owner.

/**
 * Messages and inbound messages past their tenant's retention (MESSAGE_RETENTION_DAYS or its own),
 * batches' reports kept first; idempotency keys past their 24 hours, webhook deliveries and Chatwoot bridges' posts and replies
 * that ended more than `webhookRetentionDays` ago, exports' files a day after they ended (their records 30 days later), audit events older than `auditRetentionDays`, and console sessions
 * and one-time links that ended more than a day ago (the audit log keeps their story).
 */
export const expiredRecordSteps = (db: Db, settings: Pick<Config["housekeeping"], "webhookRetentionDays" | "auditRetentionDays" | "messageRetentionDays">) =>
  ({
    // A batch keeps its report before its messages go, so the report reads the same after.
    batchReportsKept: (now, limit) => keepExpiredBatchReports(db, settings.messageRetentionDays, now, limit),
    expiredMessages: (now, limit) => pruneExpiredMessages(db, settings.messageRetentionDays, now, limit),
    expiredInboundMessages: (now, limit) => pruneExpiredInbound(db, settings.messageRetentionDays, now, limit),
    idempotencyKeys: (now, limit) => pruneIdempotencyKeys(db, now, limit),
    webhookDeliveries: (now, limit) => pruneEndedDeliveries(db, settings.webhookRetentionDays, now, limit),
    chatwootRecords: (now, limit) => pruneEndedChatwootWork(db, settings.webhookRetentionDays, now, limit),
    exportFiles: (now, limit) => pruneExpiredExports(db, now, limit),
    exportRecords: (now, limit) => pruneExportRecords(db, now, limit),
    auditEvents: (now, limit) => deleteAuditEventsBefore(db, new Date(now.getTime() - settings.auditRetentionDays * 86_400_000), limit),
    consoleSessions: (now, limit) => deleteEndedConsoleSessions(db, new Date(now.getTime() - SPENT_KEPT_MS), limit),
    staffLinks: (now, limit) => deleteSpentStaffLinks(db, new Date(now.getTime() - SPENT_KEPT_MS), limit),
  }) satisfies Record<string, PruneStep>;
