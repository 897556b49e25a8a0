import { pruneEndedMails } from "../../core/mail/mail-outbox-sql.js";
import type { Db } from "../../core/db/database.js";
import type { Config } from "../../core/config.js";
import type { PruneStep } from "../operations/index.js";
import { messageRangeExpired, pruneExpiredMessages, pruneIdempotencyKeys } from "../queue/index.js";
import { keepExpiredBatchReports } from "../batches/index.js";
import { forgetRepliesTo, inboundRangeExpired, pruneExpiredInbound, pruneSeenProviderIds } from "../inbound/index.js";
import { deliveryRangeExpired, pruneEndedDeliveries } from "../webhooks/index.js";
import { dropExpiredPartitions, openMonthPartitions } from "../../core/db/partitions.js";
import { pruneEndedChatwootWork } from "../chatwoot/index.js";
import { pruneEndedAutomationWork, pruneExpiredMenuPlaces, pruneExpiredTypebotSessions } from "../automation/index.js";
import { pruneExpiredExports, pruneExportRecords } from "../exports/index.js";
import { deleteAuditEventsBefore } from "../../core/audit/audit-event-sql.js";
import { deleteEndedConsoleSessions } from "../../core/auth/console-session-sql.js";
import { deleteSpentStaffLinks } from "../../core/staff/staff-user-sql.js";
import { deleteEndedOperatorSessions } from "../operators/index.js";

/** The tables partitioned by id a month apiece (migration partitions_by_id). */
const PARTITIONED_TABLES = ["message", "inbound_message", "webhook_delivery"] as const;

/** How long an ended console session or a spent one-time link is kept: long enough to read what happened today. */
const SPENT_KEPT_MS = 86_400_000;

// What the housekeeper forgets, kind by kind, each by the statement of the table's owner: the list
// the workers' housekeeper runs (src/app/runtime.ts hands it to operations' createHousekeeper) and
// `maintenance:prune` runs at once. It is here because admin, the top layer, sees every owner.

/**
 * First the coming months' partitions. Messages and inbound messages past their tenant's retention
 * (MESSAGE_RETENTION_DAYS or its own), batches' reports kept first, by whole partitions where all
 * of one has expired and then row by row; provider ids past the redelivery window; idempotency keys past their 24 hours, webhook deliveries, Chatwoot bridges' posts and replies
 * and the automation rules' looks at messages that ended more than `webhookRetentionDays` ago, exports' files a day after they ended (their records 30 days later), audit events older than `auditRetentionDays`, mails sent or failed more than `mailRetentionDays` ago, and console and operator sessions
 * and one-time links that ended more than a day ago (the audit log keeps their story).
 */
export const expiredRecordSteps = (
  db: Db,
  settings: Pick<Config["housekeeping"], "webhookRetentionDays" | "auditRetentionDays" | "messageRetentionDays">,
  mailRetentionDays = 30,
) =>
  ({
    partitionsOpened: (now) => openMonthPartitions(db, PARTITIONED_TABLES, now),
    // A batch keeps its report before its messages go, so the report reads the same after.
    batchReportsKept: (now, limit) => keepExpiredBatchReports(db, settings.messageRetentionDays, now, limit),
    messagePartitions: (now) =>
      dropExpiredPartitions(
        db,
        "message",
        now,
        (tx, range) => messageRangeExpired(tx, settings.messageRetentionDays, now, range),
        (tx, range) => forgetRepliesTo(tx, range),
      ),
    expiredMessages: (now, limit) => pruneExpiredMessages(db, settings.messageRetentionDays, now, limit),
    inboundPartitions: (now) => dropExpiredPartitions(db, "inbound_message", now, (tx, range) => inboundRangeExpired(tx, settings.messageRetentionDays, now, range)),
    expiredInboundMessages: (now, limit) => pruneExpiredInbound(db, settings.messageRetentionDays, now, limit),
    seenProviderIds: (now, limit) => pruneSeenProviderIds(db, now, limit),
    idempotencyKeys: (now, limit) => pruneIdempotencyKeys(db, now, limit),
    webhookPartitions: (now) => dropExpiredPartitions(db, "webhook_delivery", now, (tx, range) => deliveryRangeExpired(tx, settings.webhookRetentionDays, now, range)),
    webhookDeliveries: (now, limit) => pruneEndedDeliveries(db, settings.webhookRetentionDays, now, limit),
    mails: (now, limit) => pruneEndedMails(db, mailRetentionDays, now, limit),
    chatwootRecords: (now, limit) => pruneEndedChatwootWork(db, settings.webhookRetentionDays, now, limit),
    automationRecords: (now, limit) => pruneEndedAutomationWork(db, settings.webhookRetentionDays, now, limit),
    typebotSessions: (now, limit) => pruneExpiredTypebotSessions(db, now, limit),
    menuPlaces: (now, limit) => pruneExpiredMenuPlaces(db, now, limit),
    exportFiles: (now, limit) => pruneExpiredExports(db, now, limit),
    exportRecords: (now, limit) => pruneExportRecords(db, now, limit),
    auditEvents: (now, limit) => deleteAuditEventsBefore(db, new Date(now.getTime() - settings.auditRetentionDays * 86_400_000), limit),
    consoleSessions: (now, limit) => deleteEndedConsoleSessions(db, new Date(now.getTime() - SPENT_KEPT_MS), limit),
    staffLinks: (now, limit) => deleteSpentStaffLinks(db, new Date(now.getTime() - SPENT_KEPT_MS), limit),
    operatorSessions: (now, limit) => deleteEndedOperatorSessions(db, new Date(now.getTime() - SPENT_KEPT_MS), limit),
  }) satisfies Record<string, PruneStep>;
