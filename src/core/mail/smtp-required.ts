import type { Config } from "../config.js";
import { StartupError } from "../runtime/startup-error.js";

/**
 * A production process needs SMTP_URL: without it the invitations, password links and sign-up
 * verifications it makes would reach nobody. Outside production they are written to the log.
 */
export function requireSmtpInProduction(config: Config): void {
  if (config.nodeEnv === "production" && !config.mail.smtpUrl) {
    throw new StartupError(
      "SMTP_URL is not set: in production the gateway sends its mails (invitations, password links, sign-up) over SMTP; set it to smtp://… or smtps://… (docs/email.md).",
    );
  }
}
