import { enqueueMail } from "../../../core/mail/mail-outbox-sql.js";
import { type MailContent, type MailLocale, renderMail } from "../../../core/mail/render-mail.js";
import { sar } from "../../invoices/index.js";
import type { Db } from "../../../core/db/database.js";
import type { Tx } from "../billing-sql.js";

// The mails billing sends a business's owners, each enqueued in the transaction of its cause and
// keyed by that cause, so a replayed webhook or a second pass never mails twice: the receipt of a
// payment (its invoice attached), a refund's credit note, each failed renewal, the suspension,
// and the reminders before a yearly renewal. Arabic or English by the tenant's language.

type Said = Omit<MailContent, "locale" | "action"> & { button: string };
export type BillingMail =
  | { kind: "receipt"; paymentId: number; invoiceId: bigint; invoiceNumber: string; total: number; what: { ar: string; en: string } }
  | { kind: "credit_note"; invoiceId: bigint; invoiceNumber: string; total: number }
  | { kind: "renewal_failed"; paymentId: number; attempt: number; nextTry: string | null; graceUntil: string }
  | { kind: "suspended"; periodEnd: string }
  | { kind: "renewal_reminder"; periodEnd: string; days: 7 | 1; total: number; plan: string };

const keyOf = (m: BillingMail, tenantId: number): string => {
  switch (m.kind) {
    case "receipt":
      return `billing:receipt:${m.paymentId}`;
    case "credit_note":
      return `billing:credit:${m.invoiceId}`;
    case "renewal_failed":
      return `billing:failed:${m.paymentId}:${m.attempt}`;
    case "suspended":
      return `billing:suspended:${tenantId}:${m.periodEnd}`;
    case "renewal_reminder":
      return `billing:reminder:${tenantId}:${m.periodEnd}:${m.days}`;
  }
};

function arabic(m: BillingMail, business: string): Said {
  switch (m.kind) {
    case "receipt":
      return {
        subject: `إيصال الدفع ${m.invoiceNumber}`,
        heading: "شكرًا، تم الدفع",
        paragraphs: [`استلمنا ${sar(m.total)} ريال من ${business} مقابل ${m.what.ar}.`, `الفاتورة الضريبية ${m.invoiceNumber} مرفقة بهذه الرسالة.`],
        button: "صفحة الفوترة",
      };
    case "credit_note":
      return {
        subject: `إشعار دائن ${m.invoiceNumber}`,
        heading: "أُعيد مبلغ إليك",
        paragraphs: [`أُعيد ${sar(m.total)} ريال إلى بطاقة ${business}.`, `الإشعار الدائن ${m.invoiceNumber} مرفق بهذه الرسالة.`],
        button: "صفحة الفوترة",
      };
    case "renewal_failed":
      return {
        subject: `تعذّر تجديد اشتراك ${business}`,
        heading: "تعذّر تجديد الاشتراك",
        paragraphs: [
          `رفضت البطاقة المحفوظة التجديد (المحاولة ${m.attempt}).`,
          m.nextTry ? `سنحاول مرة أخرى يوم ${m.nextTry}.` : "لن نحاول مرة أخرى.",
          `يبقى الإرسال متاحًا حتى ${m.graceUntil}؛ بعدها يتوقف إلى أن يتم الدفع. حدّث البطاقة أو ادفع من صفحة الفوترة.`,
        ],
        button: "ادفع الآن",
      };
    case "suspended":
      return {
        subject: `أُوقف اشتراك ${business}`,
        heading: "أُوقف الاشتراك",
        paragraphs: ["انتهت مهلة السداد فتوقف الإرسال. الرسائل المجدولة محفوظة ولن تُحذف.", "يعود الحساب فور الدفع من صفحة الفوترة."],
        button: "ادفع الآن",
      };
    case "renewal_reminder":
      return {
        subject: `يتجدد اشتراك ${business} بعد ${m.days === 1 ? "يوم" : "7 أيام"}`,
        heading: "تذكير بالتجديد السنوي",
        paragraphs: [`يتجدد اشتراك ${m.plan} السنوي يوم ${m.periodEnd} بمبلغ ${sar(m.total)} ريال من البطاقة المحفوظة.`, "لتغيير الخطة أو البطاقة قبل ذلك، افتح صفحة الفوترة."],
        button: "صفحة الفوترة",
      };
  }
}

function english(m: BillingMail, business: string): Said {
  switch (m.kind) {
    case "receipt":
      return {
        subject: `Payment receipt ${m.invoiceNumber}`,
        heading: "Thank you, payment received",
        paragraphs: [`We received SAR ${sar(m.total)} from ${business} for ${m.what.en}.`, `Tax invoice ${m.invoiceNumber} is attached.`],
        button: "Billing page",
      };
    case "credit_note":
      return {
        subject: `Credit note ${m.invoiceNumber}`,
        heading: "A refund was made",
        paragraphs: [`SAR ${sar(m.total)} was refunded to ${business}'s card.`, `Credit note ${m.invoiceNumber} is attached.`],
        button: "Billing page",
      };
    case "renewal_failed":
      return {
        subject: `${business}'s subscription could not be renewed`,
        heading: "The renewal failed",
        paragraphs: [
          `The saved card refused the renewal (attempt ${m.attempt}).`,
          m.nextTry ? `We will try again on ${m.nextTry}.` : "We will not try again.",
          `Sending goes on until ${m.graceUntil}; then it stops until a payment is made. Update the card or pay on the billing page.`,
        ],
        button: "Pay now",
      };
    case "suspended":
      return {
        subject: `${business}'s subscription is suspended`,
        heading: "The subscription is suspended",
        paragraphs: [
          "The grace period ended, so sending stopped. Scheduled messages are kept, not dropped.",
          "The account is back the moment a payment is made on the billing page.",
        ],
        button: "Pay now",
      };
    case "renewal_reminder":
      return {
        subject: `${business}'s subscription renews in ${m.days === 1 ? "1 day" : "7 days"}`,
        heading: "Your yearly renewal is coming",
        paragraphs: [
          `The yearly ${m.plan} plan renews on ${m.periodEnd} for SAR ${sar(m.total)}, charged to the saved card.`,
          "To change the plan or the card before then, open the billing page.",
        ],
        button: "Billing page",
      };
  }
}

export interface Recipients {
  business: string;
  locale: MailLocale;
  emails: string[];
}

/** Who billing mails go to: the tenant's enabled owners; with its name and language. */
export async function billingRecipients(tx: Tx | Db, tenantId: number): Promise<Recipients> {
  const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { name: true, locale: true } });
  const owners = await tx.staffUser.findMany({ where: { tenantId, role: "owner", disabledAt: null }, select: { email: true }, orderBy: { id: "asc" } });
  return { business: tenant.name, locale: tenant.locale === "en" ? "en" : "ar", emails: owners.map((o) => o.email) };
}

/** Enqueues one billing mail to each owner, in the caller's transaction; returns how many were new. */
export async function mailOwners(tx: Tx | Db, to: { tenantId: number; billingUrl: string; at: Date }, m: BillingMail, read?: Recipients): Promise<number> {
  const r = read ?? (await billingRecipients(tx, to.tenantId));
  const { button, ...said } = r.locale === "ar" ? arabic(m, r.business) : english(m, r.business);
  const rendered = renderMail({ locale: r.locale, ...said, action: { label: button, url: to.billingUrl } });
  const attach = m.kind === "receipt" || m.kind === "credit_note" ? m.invoiceId : null;
  let stored = 0;
  for (const email of r.emails) {
    const key = `${keyOf(m, to.tenantId)}:${email}`;
    if (await enqueueMail(tx, { tenantId: to.tenantId, to: email, ...rendered, dedupeKey: key.slice(0, 200), attachInvoiceId: attach }, to.at)) stored++;
  }
  return stored;
}
