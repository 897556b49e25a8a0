// The console's two languages. Arabic is right to left; numbers and dates follow the language
// (Arabic-Indic digits in Arabic) and dates the tenant's time zone. Every text a person reads is
// here, so a page never holds a sentence of its own.

export type Lang = "ar" | "en";

const en = {
  title: "Messaging console",
  signInTitle: "Sign in",
  signInHelp: "Paste an API key of your business. The console keeps a session for up to 12 hours; the key is not stored in this browser.",
  apiKey: "API key",
  signIn: "Sign in",
  signOut: "Sign out",
  signedOut: "You were signed out: {reason}",
  wrongKey: "This key is wrong or has been revoked.",
  language: "العربية",
  nav: "Sections",
  overview: "Overview",
  inbox: "Inbox",
  plan: "Plan",
  balance: "Messages this month",
  used: "{used} of {limit} used, {remaining} left",
  subscriptionEnds: "Subscription ends {date}",
  numbers: "Numbers",
  number: "Number",
  name: "Name",
  state: "State",
  today: "Today",
  month: "This month",
  ofLimit: "{n} / {limit}",
  noNumbers: "No numbers yet.",
  inboxEmpty: "No replies yet. New ones appear here as they arrive.",
  from: "From",
  message: "Message",
  receivedAt: "Received",
  inReplyTo: "In reply to",
  optOut: "Opt out",
  optedOut: "Opted out",
  optOutDone: "{number} will get no more messages.",
  live: "Live",
  liveLost: "Live updates paused; reconnecting…",
  loading: "Loading…",
  error: "Something went wrong: {message}",
  state_connected: "Connected",
  state_warming_up: "Warming up",
  state_paused: "Paused",
  state_restricted: "Restricted",
  state_disconnected: "Disconnected",
  state_banned: "Banned",
  kind_text: "Text",
  kind_other: "{kind}",
};

const ar: typeof en = {
  title: "لوحة الرسائل",
  signInTitle: "تسجيل الدخول",
  signInHelp: "الصق مفتاح API الخاص بنشاطك. تحتفظ اللوحة بجلسة لمدة أقصاها 12 ساعة، ولا يُحفظ المفتاح في هذا المتصفح.",
  apiKey: "مفتاح API",
  signIn: "دخول",
  signOut: "خروج",
  signedOut: "تم تسجيل خروجك: {reason}",
  wrongKey: "هذا المفتاح غير صحيح أو أُلغي.",
  language: "English",
  nav: "الأقسام",
  overview: "نظرة عامة",
  inbox: "الوارد",
  plan: "الباقة",
  balance: "رسائل هذا الشهر",
  used: "استُخدم {used} من {limit}، والمتبقي {remaining}",
  subscriptionEnds: "ينتهي الاشتراك في {date}",
  numbers: "الأرقام",
  number: "الرقم",
  name: "الاسم",
  state: "الحالة",
  today: "اليوم",
  month: "هذا الشهر",
  ofLimit: "{n} / {limit}",
  noNumbers: "لا توجد أرقام بعد.",
  inboxEmpty: "لا توجد ردود بعد. تظهر الردود الجديدة هنا فور وصولها.",
  from: "من",
  message: "الرسالة",
  receivedAt: "وقت الاستلام",
  inReplyTo: "ردًا على",
  optOut: "إيقاف الإرسال",
  optedOut: "أوقف الاستلام",
  optOutDone: "لن تصل رسائل أخرى إلى {number}.",
  live: "مباشر",
  liveLost: "توقفت التحديثات المباشرة مؤقتًا؛ جارٍ إعادة الاتصال…",
  loading: "جارٍ التحميل…",
  error: "حدث خطأ: {message}",
  state_connected: "متصل",
  state_warming_up: "قيد الإحماء",
  state_paused: "متوقف مؤقتًا",
  state_restricted: "مقيّد",
  state_disconnected: "غير متصل",
  state_banned: "محظور",
  kind_text: "نص",
  kind_other: "{kind}",
};

export type TextKey = keyof typeof en;
const dictionaries: Record<Lang, typeof en> = { ar, en };

/** The language chosen before (this browser), else the page's (from Accept-Language). */
export function initialLang(): Lang {
  const saved = localStorage.getItem("console.lang");
  if (saved === "ar" || saved === "en") return saved;
  return document.documentElement.lang === "ar" ? "ar" : "en";
}

export interface Texts {
  lang: Lang;
  t(key: TextKey, vars?: Record<string, string | number>): string;
  number(n: number): string;
  dateTime(iso: string): string;
  date(iso: string): string;
}

/** Texts and formats for `lang`, dates in `timeZone` (the tenant's; the browser's when it has none). */
export function texts(lang: Lang, timeZone?: string): Texts {
  const locale = lang === "ar" ? "ar-SA-u-nu-arab" : "en-GB";
  const numbers = new Intl.NumberFormat(locale);
  const zone = timeZone ? { timeZone } : {};
  const dateTimes = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", ...zone });
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: "medium", ...zone });
  const number = (n: number) => numbers.format(n);
  return {
    lang,
    number,
    t: (key, vars = {}) => dictionaries[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = vars[name];
      return typeof v === "number" ? number(v) : (v ?? "");
    }),
    dateTime: (iso) => dateTimes.format(new Date(iso)),
    date: (iso) => dates.format(new Date(iso)),
  };
}
