import type { AuditTx } from "../../core/audit/audited.js";
import { enqueueMail } from "../../core/mail/mail-outbox-sql.js";
import { type MailLocale, renderMail } from "../../core/mail/render-mail.js";
import type { Role } from "../../core/staff/roles.js";

// The mails that carry a one-time link to the person it is for: an invitation, or a new password
// link. Each is enqueued in the transaction that makes its link, in the tenant's language, so a
// link that was rolled back is never mailed and one that committed always is.

/** The address a person opens to use a link: the console, with the token in the fragment (user-links.ts says why). */
export const linkAddress = (origin: string, token: string) => `${origin.replace(/\/+$/, "")}/console/#link=${token}`;

export interface LinkMail {
  tenantId: number;
  linkId: number;
  email: string;
  purpose: "invitation" | "password_reset";
  role: Role;
  token: string;
  at: Date;
}

const roleNames: Record<MailLocale, Record<Role, string>> = {
  // As the console names them (texts-access-*.ts).
  en: { owner: "Owner", admin: "Admin", campaigns: "Campaigns", agent: "Agent", viewer: "Viewer" },
  ar: { owner: "مالك", admin: "مدير", campaigns: "الحملات", agent: "موظف خدمة العملاء", viewer: "مُطّلع" },
};

function content(locale: MailLocale, business: string, mail: LinkMail) {
  const role = roleNames[locale][mail.role];
  if (locale === "ar") {
    return mail.purpose === "invitation"
      ? {
          subject: `دعوة للانضمام إلى ${business}`,
          heading: "لقد دُعيت",
          paragraphs: [`دعاك ${business} إلى لوحة التحكم في بوابة الرسائل بدور «${role}».`, "اختر كلمة مرورك من الزر أدناه. يعمل الرابط مرة واحدة، لمدة 72 ساعة."],
          label: "اختيار كلمة المرور",
        }
      : {
          subject: `كلمة مرور جديدة لحسابك في ${business}`,
          heading: "اختر كلمة مرور جديدة",
          paragraphs: [
            `طُلب رابط كلمة مرور جديدة للعنوان ${mail.email} في ${business}.`,
            "يعمل الرابط مرة واحدة، لمدة 72 ساعة. إن لم تتوقع هذه الرسالة فتجاهلها: تبقى كلمة مرورك كما هي.",
          ],
          label: "اختيار كلمة مرور جديدة",
        };
  }
  return mail.purpose === "invitation"
    ? {
        subject: `You are invited to ${business}`,
        heading: "You are invited",
        paragraphs: [`${business} invited you to its messaging gateway console as ${role}.`, "Choose your password with the button below. The link works once, for 72 hours."],
        label: "Choose a password",
      }
    : {
        subject: `A new password for ${business}`,
        heading: "Choose a new password",
        paragraphs: [
          `A new password link was asked for ${mail.email} at ${business}.`,
          "The link works once, for 72 hours. If you did not expect this mail, ignore it: your password stays as it is.",
        ],
        label: "Choose a new password",
      };
}

/**
 * Enqueues the mail of a link just made, in `tx`. `origin` is where people open the console; with
 * none known (the admin CLI without CONSOLE_URL) no mail can carry a working link, and none is sent.
 */
export async function enqueueLinkMail(tx: AuditTx, origin: string | undefined, mail: LinkMail): Promise<boolean> {
  if (!origin || !/^https?:\/\//.test(origin)) return false;
  const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: mail.tenantId }, select: { name: true, locale: true } });
  const locale: MailLocale = tenant.locale === "en" ? "en" : "ar";
  const url = linkAddress(origin, mail.token);
  const c = content(locale, tenant.name, mail);
  const footer = locale === "ar" ? "أُرسلت هذه الرسالة لأن أحد مديري الحساب طلبها." : "You get this mail because someone who manages the account asked for it.";
  const rendered = renderMail({ locale, subject: c.subject, heading: c.heading, paragraphs: c.paragraphs, action: { label: c.label, url }, footer });
  return enqueueMail(tx, { tenantId: mail.tenantId, to: mail.email, ...rendered, dedupeKey: `staff-link:${mail.linkId}` }, mail.at);
}
