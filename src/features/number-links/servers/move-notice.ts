import type { ServiceDeps } from "../../../core/deps.js";
import type { Actor } from "../../../core/principal.js";
import type { DbClient } from "../../../core/db/database.js";
import { insertAuditEvent } from "../../../core/audit/audit-event-sql.js";
import { auditEvent } from "../../../core/audit/audit-record.js";
import { enqueueMail } from "../../../core/mail/mail-outbox-sql.js";
import { type MailLocale, renderMail } from "../../../core/mail/render-mail.js";

// How a business hears that the operator moved one of its numbers to another WAHA server: the
// move is in its own audit log (`account.moved`, by the operator or the drain), and, when the
// number was linked and running, its owners and admins get a mail in the business's language. A
// business expects to be told when its provider touches a number it sends from, and this is the
// one time it may have to act (scan a QR code again, on a target that does not share the session's
// storage); the number's state and its account.status_changed events say the rest as the session
// moves, as for any session. The mail says both outcomes: which one happens is only known when the
// target answers, and only the scan needs the business.

export interface MoveRecord {
  accountId: number;
  tenantId: number;
  phoneNumber: string | null;
  from: string;
  to: string;
  started: boolean;
  actor: Actor;
  at: Date;
}

function moveMail(locale: MailLocale, business: string, phone: string, url: string) {
  const ar = locale === "ar";
  const number = `+${phone}`;
  const subject = ar ? `نقلنا الرقم ${number} إلى خادم آخر` : `We moved your number ${number} to another server`;
  const paragraphs = ar
    ? [
        `نقلنا رقم واتساب ${number} الخاص بـ${business} إلى خادم آخر من خوادمنا لأعمال صيانة. يبقى الرقم كما هو: معرّفه ومفاتيحه وإعداداته وسجله.`,
        "في الغالب يعود الرقم إلى العمل وحده خلال ثوانٍ. وإن طلب واتساب ربطه من جديد فستظهر في صفحة الأرقام رمز QR: امسحه من الهاتف نفسه (واتساب ← الأجهزة المرتبطة). لا يُرسَل من الرقم شيء حتى يعود متصلًا.",
      ]
    : [
        `We moved the WhatsApp number ${number} of ${business} to another of our servers for maintenance. The number stays the same: its id, keys, settings and history.`,
        "Usually it runs again by itself within seconds. If WhatsApp asks to link it again, its page in the console shows a QR code: scan it with the same phone (WhatsApp → Linked devices). Nothing is sent from the number until it is connected again.",
      ];
  return renderMail({
    locale,
    subject,
    heading: subject,
    paragraphs,
    action: { label: ar ? "صفحة الرقم" : "Open the number", url },
    footer: ar ? "تصلك هذه الرسالة لأنك مالك الحساب أو مديره." : "You receive this as an owner or admin of the account.",
  });
}

/** The move in the business's audit log and, for a running number, its mail to owners and admins, in one transaction. */
export async function recordMove(deps: Pick<ServiceDeps, "db" | "config" | "urls">, m: MoveRecord): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    await insertAuditEvent(
      tx,
      auditEvent(m.tenantId, m.actor, m.at, { action: "account.moved", target: `account:${m.accountId}`, before: { server: m.from }, after: { server: m.to, started: m.started } }),
    );
    if (m.started && m.phoneNumber) await mailOwners(deps, tx, m, m.phoneNumber);
  });
}

async function mailOwners(deps: Pick<ServiceDeps, "config" | "urls">, tx: DbClient, m: MoveRecord, phone: string): Promise<void> {
  const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: m.tenantId }, select: { name: true, locale: true } });
  const people = await tx.staffUser.findMany({ where: { tenantId: m.tenantId, role: { in: ["owner", "admin"] }, disabledAt: null }, select: { id: true, email: true } });
  const url = `${deps.config.consoleUrl ?? deps.urls.api ?? ""}/console/#/numbers/${m.accountId}`;
  const rendered = moveMail(tenant.locale === "en" ? "en" : "ar", tenant.name, phone, url);
  for (const p of people) {
    await enqueueMail(tx, { tenantId: m.tenantId, to: p.email, ...rendered, dedupeKey: `number-moved:${m.accountId}:${m.at.getTime()}:${p.id}` }, m.at);
  }
}
