import { Prisma } from "../../generated/prisma/client.js";
import type { DbClient } from "../db/database.js";

// Every statement that writes the mail outbox. A feature that sends a mail enqueues it here in the
// same transaction as its cause (`tx` of a Prisma transaction, or the client itself), so a mail is
// sent exactly when its cause committed. The mail sender (src/features/mail/) claims due rows under
// a lease (`locked_by`, `locked_until`) and records an outcome only while the lease is its own, so
// two senders never send one row.

type Writer = Pick<DbClient, "$executeRaw">;
type Reader = Pick<DbClient, "$queryRaw">;

/** A mail as its caller rendered it (renderMail), ready to send. */
export interface OutgoingMail {
  /** The business the mail is about, if any. */
  tenantId?: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Unique per mail, chosen by the caller from its cause (`invitation:<link id>`, `invoice:<id>`):
   * enqueueing a key that exists changes nothing, so a retried request or job sends one mail.
   */
  dedupeKey: string;
  /** An invoice whose PDF the sender attaches, rendered when the mail is sent. */
  attachInvoiceId?: bigint | null;
}

/** An address nodemailer will take as one recipient: no spaces, commas or line breaks, one @. */
const MAILBOX = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

function checked(mail: OutgoingMail): OutgoingMail {
  // Mistakes of the calling code, not of a person's input: the caller validated the address before.
  if (!MAILBOX.test(mail.to) || mail.to.length > 320) throw new Error(`enqueueMail: "${mail.to}" is not one email address`);
  if (!mail.dedupeKey || mail.dedupeKey.length > 200) throw new Error("enqueueMail: dedupeKey must be 1 to 200 characters");
  if (/[\r\n]/.test(mail.subject)) throw new Error("enqueueMail: a subject is one line");
  return mail;
}

/**
 * Stores a mail to send, due now. Returns true when stored, false when a mail with its dedupe key
 * exists already (then nothing changes). Run it inside the transaction that makes the mail's cause.
 */
export async function enqueueMail(db: Writer, mail: OutgoingMail, now: Date): Promise<boolean> {
  const m = checked(mail);
  const stored = await db.$executeRaw`-- enqueue_mail
    INSERT INTO mail_outbox (tenant_id, dedupe_key, to_address, subject, text_body, html_body, attach_invoice_id, run_at, created_at)
    VALUES (${m.tenantId ?? null}::int, ${m.dedupeKey}, ${m.to}, ${m.subject}, ${m.text}, ${m.html}, ${m.attachInvoiceId ?? null}::bigint,
      ${now}::timestamptz, ${now}::timestamptz)
    ON CONFLICT (dedupe_key) DO NOTHING`;
  return stored === 1;
}

/** A claimed mail with what sending it needs. */
export interface ClaimedMail {
  id: bigint;
  tenantId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachInvoiceId: bigint | null;
  /** Attempts including this one. */
  attempts: number;
}

/**
 * Claims up to `limit` due mails for `owner`: pending ones whose time has come, and sending ones
 * whose lease ran out (their sender died mid-send: the mail may then go twice, which only a sender
 * dying between the server's answer and its own record can cause). Rows another sender locks are
 * skipped; the UPDATE re-checks the state on the latest row version.
 */
export async function claimDueMails(db: Reader, owner: string, limit: number, leaseSeconds: number, now: Date): Promise<ClaimedMail[]> {
  const at = Prisma.sql`${now}::timestamptz`;
  return db.$queryRaw<ClaimedMail[]>`-- claim_due_mails
    WITH due AS (
      SELECT id FROM mail_outbox
      WHERE id IN (
        (SELECT id FROM mail_outbox WHERE status = 'pending' AND run_at <= ${at} ORDER BY run_at, id LIMIT ${limit}::int)
        UNION ALL
        (SELECT id FROM mail_outbox WHERE status = 'sending' AND locked_until < ${at} ORDER BY locked_until LIMIT ${limit}::int))
        AND ((status = 'pending' AND run_at <= ${at}) OR (status = 'sending' AND locked_until < ${at}))
      ORDER BY run_at, id
      LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED
    )
    UPDATE mail_outbox AS m
    SET status = 'sending', attempts = m.attempts + 1, locked_by = ${owner},
        locked_until = ${new Date(now.getTime() + leaseSeconds * 1000)}::timestamptz
    FROM due WHERE m.id = due.id
    RETURNING m.id, m.tenant_id AS "tenantId", m.to_address AS "to", m.subject, m.text_body AS "text", m.html_body AS "html",
      m.attach_invoice_id AS "attachInvoiceId", m.attempts`;
}

/** The server accepted the mail. False when the lease was no longer ours (another sender took it). */
export async function markMailSent(db: Writer, id: bigint, owner: string, now: Date): Promise<boolean> {
  const updated = await db.$executeRaw`-- mark_mail_sent
    UPDATE mail_outbox SET status = 'sent', sent_at = ${now}::timestamptz, last_error = NULL, response_code = NULL,
      locked_by = NULL, locked_until = NULL
    WHERE id = ${id} AND locked_by = ${owner} AND status = 'sending'`;
  return updated > 0;
}

/**
 * Records a failed attempt: back to pending, due at `retryAt`, or failed for good when `retryAt` is
 * null. Returns the new status, or undefined when the lease was no longer ours.
 */
export async function recordMailFailure(
  db: Reader,
  id: bigint,
  owner: string,
  outcome: { responseCode: number | null; error: string },
  retryAt: Date | null,
): Promise<"pending" | "failed" | undefined> {
  const rows = await db.$queryRaw<Array<{ status: "pending" | "failed" }>>`-- record_mail_failure
    UPDATE mail_outbox AS m SET
      status = ${retryAt ? "pending" : "failed"}::"MailStatus",
      run_at = COALESCE(${retryAt}::timestamptz, m.run_at),
      response_code = ${outcome.responseCode}::int, last_error = ${outcome.error.slice(0, 1000)},
      locked_by = NULL, locked_until = NULL
    WHERE m.id = ${id} AND m.locked_by = ${owner} AND m.status = 'sending'
    RETURNING m.status::text AS status`;
  return rows[0]?.status;
}

/** Hands back every mail `owner` holds, due now, without counting the attempt it was in (a sender that has to stop now). */
export async function releaseMailsHeldBy(db: Writer, owner: string, now: Date): Promise<number> {
  return db.$executeRaw`-- release_mails_held_by
    UPDATE mail_outbox SET status = 'pending', attempts = GREATEST(attempts - 1, 0), run_at = ${now}::timestamptz,
      locked_by = NULL, locked_until = NULL
    WHERE locked_by = ${owner} AND status = 'sending'`;
}

/** Mails waiting to be sent (pending or in flight), whole database: the metrics' gauge. */
export async function countUnsentMails(db: Reader): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ n: number }>>`-- count_unsent_mails
    SELECT count(*)::int AS n FROM mail_outbox WHERE status IN ('pending', 'sending')`;
  return row?.n ?? 0;
}

/** Deletes at most `limit` mails sent or failed more than `retentionDays` before `now` (the housekeeper's). */
export async function pruneEndedMails(db: Writer, retentionDays: number, now: Date, limit: number): Promise<number> {
  return db.$executeRaw`-- prune_ended_mails
    DELETE FROM mail_outbox WHERE id IN (
      SELECT id FROM mail_outbox WHERE status IN ('sent', 'failed')
        AND created_at < ${now}::timestamptz - make_interval(days => ${retentionDays}::int)
      LIMIT ${limit}::int)`;
}
