import type { Db, DbClient } from "../../../core/db/database.js";
import type { ServiceDeps } from "../../../core/deps.js";
import { enqueueMail } from "../../../core/mail/mail-outbox-sql.js";
import { type MailLocale, renderMail } from "../../../core/mail/render-mail.js";
import type { QuotaCrossing, QuotaThreshold } from "../../accounts/index.js";
import { billingUrl } from "../billing-url.js";

// The mails that warn a business its month's messages run out: at 80 % and at 100 % of the
// allowance (the plan's messages and the month's top-ups), to its owners and admins (who hold
// billing:manage and can upgrade or top up), once per threshold per month. The queue calls this
// only when a reservation crossed a threshold (src/features/queue/quota-watch.ts), so a send that
// crosses none costs nothing here. One reservation that jumps over both (a bulk) sends the 100 %
// mail alone, and an 80 % crossing after the month's 100 % mail (units given back, then taken
// again) sends nothing: the later news makes the earlier one moot.

type Deps = Pick<ServiceDeps, "config" | "urls" | "log">;

const keyOf = (c: QuotaCrossing, threshold: QuotaThreshold, userId: number) => `quota:${c.tenantId}:${c.month}:${threshold}:${userId}`;

function quotaMail(locale: MailLocale, threshold: QuotaThreshold, c: QuotaCrossing & { business: string }, url: string) {
  const ar = locale === "ar";
  const full = threshold === 100;
  const subject = ar
    ? full
      ? `نفدت رسائل ${c.business} لهذا الشهر`
      : `استهلك ${c.business} ‏80٪ من رسائل هذا الشهر`
    : full
      ? `${c.business} has used all of this month's messages`
      : `${c.business} has used 80 % of this month's messages`;
  const said = ar
    ? full
      ? [
          `أرسل ${c.business} كل رسائله المسموحة لشهر ${c.month} (${c.allowance})، فتُرفض الرسائل الجديدة حتى نهاية الشهر.`,
          "رقِّ الباقة أو أضف باقة رسائل من صفحة الفوترة لتعود إلى الإرسال فورًا.",
        ]
      : [
          `أرسل ${c.business} ‏${c.used} من ${c.allowance} رسالة مسموحة لشهر ${c.month}.`,
          "عند نفاد الرسائل يتوقف الإرسال حتى الشهر القادم. رقِّ الباقة أو أضف رسائل لهذا الشهر من صفحة الفوترة.",
        ]
    : full
      ? [
          `${c.business} has sent all ${c.allowance} messages of its allowance for ${c.month}: new messages are refused until the month ends.`,
          "Upgrade the plan or add a message pack on the billing page to send again at once.",
        ]
      : [
          `${c.business} has sent ${c.used} of the ${c.allowance} messages of its allowance for ${c.month}.`,
          "When they are used up, sending stops until next month. Upgrade the plan or add messages to this month on the billing page.",
        ];
  return renderMail({
    locale,
    subject,
    heading: subject,
    paragraphs: said,
    action: { label: ar ? "صفحة الفوترة" : "Open billing", url },
    footer: ar ? "تصلك هذه الرسالة لأنك مالك الحساب أو مديره." : "You receive this as an owner or admin of the account.",
  });
}

/** Enqueues the warning of a crossing to each owner and admin that is not disabled, in `tx`. */
export async function enqueueQuotaWarnings(deps: Deps, tx: DbClient, c: QuotaCrossing): Promise<void> {
  const threshold = c.thresholds.at(-1)!;
  if (threshold === 80 && (await tx.mailOutbox.findFirst({ where: { dedupeKey: { startsWith: `quota:${c.tenantId}:${c.month}:100:` } }, select: { id: true } }))) return;
  const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: c.tenantId }, select: { name: true, locale: true } });
  const people = await tx.staffUser.findMany({ where: { tenantId: c.tenantId, role: { in: ["owner", "admin"] }, disabledAt: null }, select: { id: true, email: true } });
  const locale: MailLocale = tenant.locale === "en" ? "en" : "ar";
  const rendered = quotaMail(locale, threshold, { ...c, business: tenant.name }, billingUrl(deps));
  for (const p of people) await enqueueMail(tx, { tenantId: c.tenantId, to: p.email, ...rendered, dedupeKey: keyOf(c, threshold, p.id) }, c.at);
}

/**
 * The queue's quota watcher (handed over at start-up): in the reservation's transaction when it is
 * still open, else in one of its own. A send that committed is not failed by its warning: a failure
 * there is logged, and the next crossing (next month) warns again.
 */
export const quotaWarningWriter =
  (deps: Deps) =>
  async (where: { tx: DbClient } | { db: Db }, c: QuotaCrossing): Promise<void> => {
    if ("tx" in where) return enqueueQuotaWarnings(deps, where.tx, c);
    await where.db
      .$transaction((tx) => enqueueQuotaWarnings(deps, tx, c))
      .catch((err: unknown) => deps.log.error({ err, tenantId: c.tenantId, month: c.month }, "could not enqueue a quota warning"));
  };
