import type { ServiceDeps } from "../../core/deps.js";
import { type ClaimedMail, claimDueMails, markMailSent, recordMailFailure, releaseMailsHeldBy } from "../../core/mail/mail-outbox-sql.js";
import type { MailLocale } from "../../core/mail/render-mail.js";
import { ClaimLoop } from "../../core/queue/claim-loop.js";
import { afterFailedAttempt } from "../delivery/index.js";
import { renderInvoicePdf } from "../invoices/index.js";
import { createMailTransport, type MailAttachment, type MailTransport } from "./mail-transport.js";
import { smtpFailure } from "./smtp-failure.js";

/** Seconds a claimed mail stays claimed beyond one attempt's longest wait, before another sender may take it. */
const LEASE_MARGIN_SECONDS = 30;

/**
 * Sends the mail outbox: a claim loop beside the queue worker, at most MAIL_CONCURRENCY mails in
 * flight. Each claimed mail is sent once; its outcome is recorded only while its lease is still
 * this sender's. A temporary failure (a 4xx, the server out of reach) is tried again after a
 * backoff on the service clock; a permanent one (5xx) ends the mail `failed`, with the server's
 * code and words in the row.
 */
export class MailSender extends ClaimLoop {
  readonly owner: string;
  private readonly transport: MailTransport;

  constructor(deps: ServiceDeps) {
    super(deps, "mail sender");
    this.owner = `${deps.instanceId}:mail`;
    this.transport = createMailTransport(deps.config.mail, deps.log);
  }

  protected releaseHeld(): Promise<number> {
    return releaseMailsHeldBy(this.deps.db, this.owner, this.deps.clock.now());
  }

  protected closed(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }

  protected async poll(): Promise<void> {
    const { config, db, clock } = this.deps;
    const room = config.mail.concurrency - this.inFlight.size;
    if (room <= 0) return;
    // Connect, greeting and the data's socket each wait at most MAIL_TIMEOUT_MS.
    const leaseSeconds = Math.ceil((config.mail.timeoutMs * 3) / 1000) + LEASE_MARGIN_SECONDS;
    const claimed = await claimDueMails(db, this.owner, room, leaseSeconds, clock.now());
    for (const mail of claimed) this.track(this.sendOne(mail));
  }

  /** The invoice a mail carries, as its PDF in the tenant's language, rendered when the mail is sent (the row holds only its id). */
  private async attachments(mail: ClaimedMail): Promise<MailAttachment[]> {
    if (mail.attachInvoiceId === null) return [];
    const { db } = this.deps;
    const invoice = await db.invoice.findUnique({ where: { id: mail.attachInvoiceId }, select: { number: true, tenant: { select: { locale: true } } } });
    if (!invoice) throw new Error(`invoice ${mail.attachInvoiceId} of a mail is not in the database`);
    const locale: MailLocale = invoice.tenant.locale === "en" ? "en" : "ar";
    const content = await renderInvoicePdf(db, mail.attachInvoiceId, locale);
    return [{ filename: `${invoice.number}.pdf`, content, contentType: "application/pdf" }];
  }

  private async sendOne(mail: ClaimedMail): Promise<void> {
    const { db, clock, metrics, log } = this.deps;
    try {
      const attachments = await this.attachments(mail);
      await this.transport.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments, messageId: `<mail-${mail.id}@messaging-gateway>` });
    } catch (err) {
      const failure = smtpFailure(err);
      const decision = afterFailedAttempt(
        mail.attempts,
        { maxAttempts: this.deps.config.mail.maxAttempts, baseMs: this.deps.config.mail.retryBaseMs, maxMs: this.deps.config.mail.retryMaxMs },
        failure,
      );
      const now = clock.now();
      const status = await recordMailFailure(db, mail.id, this.owner, failure, decision.giveUp ? null : new Date(now.getTime() + decision.delayMs));
      if (status) metrics.mails.inc({ outcome: status === "failed" ? "failed" : "retry" });
      log.warn({ mailId: String(mail.id), attempts: mail.attempts, responseCode: failure.responseCode, error: failure.error, status }, "a mail was not sent");
      return;
    }
    if (await markMailSent(db, mail.id, this.owner, clock.now())) metrics.mails.inc({ outcome: "sent" });
    else log.warn({ mailId: String(mail.id) }, "a mail was sent after its lease ran out");
  }
}
