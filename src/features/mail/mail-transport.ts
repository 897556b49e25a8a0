import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Config } from "../../core/config.js";

// How a mail leaves the process: over SMTP (SMTP_URL), or, outside production without it, into
// the log, as the console's links were before there was mail, so a developer can follow them.

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailToSend {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  /** Stable per mail: a receiving server or the reader's client can tell a resent copy. */
  messageId: string;
}

export interface MailTransport {
  /** Resolves once the server accepted the mail; rejects with nodemailer's error otherwise. */
  send(mail: MailToSend): Promise<void>;
  close(): void;
}

/** One connection per mail (no pool): a sender holds few in flight, and a dropped connection then fails one mail, which is retried. */
function smtpTransport(config: Config["mail"], smtpUrl: string): MailTransport {
  const timeout = config.timeoutMs;
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout } as never);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail });
    },
    close: () => transport.close(),
  };
}

function logTransport(log: Logger): MailTransport {
  return {
    send(mail) {
      log.info(
        { mail: { to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments.map((a) => a.filename) } },
        "mail written to the log: SMTP_URL is not set",
      );
      return Promise.resolve();
    },
    close: () => undefined,
  };
}

export const createMailTransport = (config: Config["mail"], log: Logger): MailTransport => (config.smtpUrl ? smtpTransport(config, config.smtpUrl) : logTransport(log));
