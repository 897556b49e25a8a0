import { randomToken, sha256 } from "../../core/auth/auth.js";
import { tokenHash } from "../../core/auth/console-session.js";
import { insertStaffLink } from "../../core/staff/staff-user-sql.js";
import { enqueueMail } from "../../core/mail/mail-outbox-sql.js";
import { type MailLocale, renderMail } from "../../core/mail/render-mail.js";

// The two mails a sign-up sends, in the language the person chose: the link that proves the
// address, or, when the address already has a user, a word that says so (and how to get back in)
// instead of a second account. Each is enqueued in the transaction of its cause.

type Writer = Parameters<typeof enqueueMail>[0];

/** How long a verification link works. */
export const VERIFICATION_LIFETIME_MS = 24 * 3_600_000;

/** The address a person opens to verify: the console, with the token in the fragment (never sent to a server, so no log sees it). */
export const verificationAddress = (origin: string, token: string) => `${origin.replace(/\/+$/, "")}/console/#verify=${token}`;

const consoleAddress = (origin: string) => `${origin.replace(/\/+$/, "")}/console/`;

export interface VerificationMail {
  tenantId: number;
  linkId: number;
  email: string;
  business: string;
  locale: MailLocale;
  token: string;
  at: Date;
}

/** Enqueues the mail with a new verification link (sign-up, or a new link asked for). */
export async function enqueueVerificationMail(tx: Writer, origin: string, m: VerificationMail): Promise<boolean> {
  const ar = m.locale === "ar";
  const rendered = renderMail({
    locale: m.locale,
    subject: ar ? `أكّد بريدك الإلكتروني لحساب ${m.business}` : `Confirm your email for ${m.business}`,
    heading: ar ? "أكّد بريدك الإلكتروني" : "Confirm your email",
    paragraphs: ar
      ? [`أُنشئ حساب ${m.business} في بوابة الرسائل بهذا العنوان.`, "أكّد العنوان من الزر أدناه لتبدأ الإرسال. يعمل الرابط مرة واحدة، لمدة 24 ساعة."]
      : [
          `An account for ${m.business} was opened at the messaging gateway with this address.`,
          "Confirm the address with the button below to start sending. The link works once, for 24 hours.",
        ],
    action: { label: ar ? "تأكيد البريد الإلكتروني" : "Confirm email", url: verificationAddress(origin, m.token) },
    footer: ar ? "إن لم تفتح هذا الحساب فتجاهل هذه الرسالة." : "If you did not open this account, ignore this mail.",
  });
  return enqueueMail(tx, { tenantId: m.tenantId, to: m.email, ...rendered, dedupeKey: `staff-link:${m.linkId}` }, m.at);
}

/**
 * Enqueues the mail to an address that signed up again: it has a user already, so nothing was
 * made. One such mail per address per hour at most, so sign-ups with someone else's address
 * cannot fill their mailbox.
 */
export async function enqueueTakenMail(tx: Writer, origin: string, m: { email: string; locale: MailLocale; at: Date }): Promise<boolean> {
  const ar = m.locale === "ar";
  const rendered = renderMail({
    locale: m.locale,
    subject: ar ? "لديك حساب بالفعل" : "You already have an account",
    heading: ar ? "لديك حساب بالفعل" : "You already have an account",
    paragraphs: ar
      ? [
          `طُلب فتح حساب جديد بالعنوان ${m.email}، لكن لهذا العنوان مستخدم بالفعل، فلم يُنشأ شيء.`,
          "ادخل بكلمة مرورك المعتادة. إن نسيتها فاطلب من مالك الحساب أو مديره رابط كلمة مرور جديدة، أو من مشغّل البوابة.",
        ]
      : [
          `Someone asked to open a new account with ${m.email}, but this address has a user already, so nothing was made.`,
          "Sign in with your usual password. If you forgot it, ask an owner or admin of your account (or the gateway's operator) for a new password link.",
        ],
    action: { label: ar ? "الدخول إلى لوحة التحكم" : "Sign in to the console", url: consoleAddress(origin) },
    footer: ar ? "إن لم تطلب هذا فتجاهل هذه الرسالة: لم يتغير شيء." : "If this was not you, ignore this mail: nothing changed.",
  });
  const hour = Math.floor(m.at.getTime() / 3_600_000);
  return enqueueMail(tx, { to: m.email, ...rendered, dedupeKey: `signup-taken:${sha256(m.email).toString("hex")}:${hour}` }, m.at);
}

/**
 * Makes an owner's one-time verification link (earlier ones stop working) and mails it, in the
 * caller's transaction: the one way a link is issued, at sign-up and when a new one is asked for.
 */
export async function issueVerificationLink(
  tx: Writer & Parameters<typeof insertStaffLink>[0],
  origin: string,
  owner: { userId: number; tenantId: number; email: string; business: string; locale: MailLocale },
  at: Date,
): Promise<void> {
  const token = randomToken(32);
  const link = await insertStaffLink(tx, {
    userId: owner.userId,
    purpose: "verification",
    tokenHash: tokenHash(token),
    createdAt: at,
    expiresAt: new Date(at.getTime() + VERIFICATION_LIFETIME_MS),
  });
  await enqueueVerificationMail(tx, origin, { tenantId: owner.tenantId, linkId: link.id, email: owner.email, business: owner.business, locale: owner.locale, token, at });
}
