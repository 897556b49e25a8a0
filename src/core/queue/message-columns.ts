import { Prisma } from "../../generated/prisma/client.js";
import type { Message } from "../../generated/prisma/client.js";

/** The message columns under the names of the Prisma model, so raw rows are `Message` values. */
export const messageColumns = (alias: string) =>
  Prisma.raw(
    [
      ["id", "id"],
      ["tenant_id", "tenantId"],
      ["account_id", "accountId"],
      ["account_pinned", "accountPinned"],
      ["batch_id", "batchId"],
      ["to", "to"],
      ["body", "body"],
      ["image_url", "imageUrl"],
      ["status", "status"],
      ["error", "error"],
      ["attempts", "attempts"],
      ["reserved_on", "reservedOn"],
      ["account_counted_on", "accountCountedOn"],
      ["run_at", "runAt"],
      ["locked_by", "lockedBy"],
      ["locked_until", "lockedUntil"],
      ["provider_message_id", "providerMessageId"],
      ["provider_error_code", "providerErrorCode"],
      ["paced_at", "pacedAt"],
      ["expires_at", "expiresAt"],
      ["created_at", "createdAt"],
      ["sent_at", "sentAt"],
      ["delivered_at", "deliveredAt"],
      ["read_at", "readAt"],
      ["consent_notice", "consentNotice"],
      ["status_version", "statusVersion"],
      ["sent_parts", "sentParts"],
      ["priority", "priority"],
      ["template_id", "templateId"],
      ["content", "content"],
      ["sender_choices", "senderChoices"],
    ]
      .map(([col, field]) => `${alias}."${col}" AS "${field}"`)
      .join(", "),
  );


/** What a stored message's answer and its live event are made of. */
export type MessageSummary = Pick<Message, "id" | "tenantId" | "accountId" | "batchId" | "to" | "status" | "statusVersion">;

/**
 * The MessageSummary columns: for statements that store many messages at once (a bulk's 500),
 * where reading every column of every row back costs more than the insert itself.
 */
export const messageSummaryColumns = (alias: string) =>
  Prisma.raw(
    [
      ["id", "id"],
      ["tenant_id", "tenantId"],
      ["account_id", "accountId"],
      ["batch_id", "batchId"],
      ["to", "to"],
      ["status", "status"],
      ["status_version", "statusVersion"],
    ]
      .map(([col, field]) => `${alias}."${col}" AS "${field}"`)
      .join(", "),
  );
