// The one layout of the gateway's emails: every feature writes its mail as a heading, paragraphs,
// maybe one button, and gets the same subject, plain text and HTML from it. Arabic mails are laid
// out right to left; the plain-text part is always there for clients that show no HTML.

export type MailLocale = "ar" | "en";

export interface MailContent {
  locale: MailLocale;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** One button, and its address written out in the text part. */
  action?: { label: string; url: string };
  footer?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Text as HTML shows it: nothing a caller wrote becomes markup. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => escapes[c]!);

/** Only http(s) addresses become a link; anything else would be a script or a local file. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);

function renderText(mail: MailContent): string {
  const lines = [mail.heading, "", ...mail.paragraphs.flatMap((p) => [p, ""])];
  if (mail.action) lines.push(`${mail.action.label}:`, mail.action.url, "");
  if (mail.footer) lines.push("--", mail.footer);
  return `${lines.join("\n").trimEnd()}\n`;
}

function renderHtml(mail: MailContent): string {
  const rtl = mail.locale === "ar";
  const align = rtl ? "right" : "left";
  const font = "font-family:Tahoma,Arial,sans-serif;";
  const paragraphs = mail.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(p)}</p>`).join("\n");
  const href = mail.action && safeUrl(mail.action.url);
  const action = mail.action
    ? href
      ? `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#0b7a53;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(mail.action.label)}</a></p>\n<p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all" dir="ltr">${escapeHtml(href)}</p>`
      : `<p style="margin:0 0 16px">${escapeHtml(mail.action.label)}: <span dir="ltr">${escapeHtml(mail.action.url)}</span></p>`
    : "";
  const footer = mail.footer ? `<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(mail.footer)}</p>` : "";
  return [
    "<!DOCTYPE html>",
    `<html lang="${mail.locale}" dir="${rtl ? "rtl" : "ltr"}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f4f5f7;${font}">`,
    `<div dir="${rtl ? "rtl" : "ltr"}" style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px;text-align:${align};color:#1d1d1f;${font}">`,
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(mail.heading)}</h1>`,
    paragraphs,
    action,
    footer,
    "</div>",
    "</body>",
    "</html>",
  ]
    .filter(Boolean)
    .join("\n");
}

/** A mail's subject, its plain text and its HTML, in the layout every mail of the gateway shares. */
export function renderMail(mail: MailContent): RenderedMail {
  return { subject: mail.subject.replace(/[\r\n]+/g, " ").trim(), text: renderText(mail), html: renderHtml(mail) };
}
