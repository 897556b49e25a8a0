import type { Settings } from "../settings-schema.js";

/** Outgoing email (docs/email.md): the SMTP server, the sender's address, retries and timeouts. */
export function mailSettings(e: Settings) {
  return {
    ...{ smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, maxAttempts: e.MAIL_MAX_ATTEMPTS, retryBaseMs: e.MAIL_RETRY_BASE_MS },
    ...{ retryMaxMs: Math.max(e.MAIL_RETRY_MAX_MS, e.MAIL_RETRY_BASE_MS), timeoutMs: e.MAIL_TIMEOUT_MS, concurrency: e.MAIL_CONCURRENCY },
    /** Sent and failed mails are kept this long, then the housekeeper deletes them. */
    retentionDays: e.MAIL_RETENTION_DAYS,
  };
}

export interface MailConfig {
  /** Outgoing email: SMTP_URL (undefined: mails are written to the log; refused in production), MAIL_FROM, retries. */
  mail: ReturnType<typeof mailSettings>;
}
