import { Prisma } from "../../generated/prisma/client.js";
import type { Message } from "../../generated/prisma/client.js";

/** Each field of the Prisma model and its column: complete by type, so a new column is not forgotten here. */
const COLUMN_OF: { readonly [F in keyof Message]-?: string } = {
  id: "id",
  tenantId: "tenant_id",
  accountId: "account_id",
  accountPinned: "account_pinned",
  batchId: "batch_id",
  to: "to",
  body: "body",
  imageUrl: "image_url",
  status: "status",
  error: "error",
  attempts: "attempts",
  reservedOn: "reserved_on",
  accountCountedOn: "account_counted_on",
  runAt: "run_at",
  lockedBy: "locked_by",
  lockedUntil: "locked_until",
  providerMessageId: "provider_message_id",
  providerErrorCode: "provider_error_code",
  pacedAt: "paced_at",
  expiresAt: "expires_at",
  createdAt: "created_at",
  sentAt: "sent_at",
  deliveredAt: "delivered_at",
  readAt: "read_at",
  consentNotice: "consent_notice",
  cancelRequested: "cancel_requested",
  statusVersion: "status_version",
  sentParts: "sent_parts",
  priority: "priority",
  templateId: "template_id",
  content: "content",
  senderChoices: "sender_choices",
  lostAnswers: "lost_answers",
  automationRuleId: "automation_rule_id",
  traceParent: "trace_parent",
};

/** `alias."column" AS "field"` for these fields, so raw rows come back under the model's names. */
const selectAs = (alias: string, fields: ReadonlyArray<keyof Message>) => Prisma.raw(fields.map((field) => `${alias}."${COLUMN_OF[field]}" AS "${field}"`).join(", "));

const ALL_FIELDS = Object.keys(COLUMN_OF) as Array<keyof Message>;
const SUMMARY_FIELDS = ["id", "tenantId", "accountId", "batchId", "to", "status", "statusVersion"] as const;

/** The message columns under the names of the Prisma model, so raw rows are `Message` values. */
export const messageColumns = (alias: string) => selectAs(alias, ALL_FIELDS);

/** What a stored message's answer and its live event are made of. */
export type MessageSummary = Pick<Message, (typeof SUMMARY_FIELDS)[number]>;

/**
 * The MessageSummary columns: for statements that store many messages at once (a bulk's 500),
 * where reading every column of every row back costs more than the insert itself.
 */
export const messageSummaryColumns = (alias: string) => selectAs(alias, SUMMARY_FIELDS);
