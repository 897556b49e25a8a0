// What a failed SMTP attempt means for the mail: tried again later, or failed for good. nodemailer
// retries nothing itself; its errors carry `code` (ECONNECTION, ETIMEDOUT, EENVELOPE…) and, when
// the server answered, `responseCode` (notes: nodemailer 10.6 dist/cjs).

export interface SmtpFailure {
  /** No later attempt can succeed: the server refused the mail itself (5xx), or the mail cannot be sent as it is. */
  permanent: boolean;
  responseCode: number | null;
  error: string;
}

/** Codes of a mail that can never be sent as it is, whatever the server (no reply code then). */
const MAIL_ITSELF = new Set(["EENVELOPE", "EMESSAGE"]);

export function smtpFailure(err: unknown): SmtpFailure {
  const e = (typeof err === "object" && err !== null ? err : {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const responseCode = typeof e.responseCode === "number" ? e.responseCode : null;
  const code = typeof e.code === "string" ? e.code : undefined;
  const message = typeof e.message === "string" ? e.message : String(err);
  // A refused login (535) is the operator's setting, not the mail's: every mail would fail the
  // same way, and each must still go once the setting is corrected, so it is tried again.
  const login = code === "EAUTH" || responseCode === 530 || responseCode === 535;
  const permanent = !login && (responseCode !== null ? responseCode >= 500 && responseCode < 600 : code !== undefined && MAIL_ITSELF.has(code));
  return { permanent, responseCode, error: code ? `${code}: ${message}` : message };
}
