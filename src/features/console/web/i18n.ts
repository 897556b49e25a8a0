// The console's two languages. Arabic is right to left; numbers and dates follow the language
// (Arabic-Indic digits in Arabic, Latin in English) and dates the tenant's time zone. Every text a
// person reads is here, so a page never holds a sentence of its own, and every number a text holds
// is a placeholder `t` fills through `number`, the one place digits are chosen: a value the page
// gives, or one of FIGURES. What a person types or copies as it is (a phone number, `{{1}}`,
// `user:3`) is written in Latin digits in both languages, isolated left to right (U+2066…U+2069)
// in the Arabic texts, or in a <bdi dir="ltr"> on the page.

import { en } from "./texts-en.js";
import { ar } from "./texts-ar.js";
import { FIGURES } from "./figures.js";

export type Lang = "ar" | "en";

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
  /** An amount in halalas as riyals with two decimals, in the language's digits and words (SAR 115.00). */
  money(halalas: number): string;
  /** A phone number (international digits) inside a sentence: `+` and its digits as written, isolated left to right in Arabic. */
  phone(digits: string): string;
  /** An id a person reads among words (batch 12, export 7): the language's digits, not grouped. */
  id(value: number | string): string;
  dateTime(iso: string): string;
  date(iso: string): string;
  /** A length of time in the language's words, digits and plural forms: "10 minutes", "١٠ دقائق". */
  span(n: number, unit: "second" | "minute" | "hour" | "day"): string;
  /** A text of a page's own dictionary (a page that keeps its texts in its chunk: pages/automation/texts.ts) filled as `t` fills the shell's. */
  fill(text: string, vars?: Record<string, string | number>): string;
}

/** Texts and formats for `lang`, dates in `timeZone` (the tenant's; the browser's when it has none). */
export function texts(lang: Lang, timeZone?: string): Texts {
  const locale = lang === "ar" ? "ar-SA-u-nu-arab" : "en-GB";
  const numbers = new Intl.NumberFormat(locale);
  const ids = new Intl.NumberFormat(locale, { useGrouping: false });
  const zone = timeZone ? { timeZone } : {};
  const dateTimes = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", ...zone });
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: "medium", ...zone });
  const number = (n: number) => numbers.format(n);
  const riyals = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const fill: Texts["fill"] = (text, vars = {}) =>
    // {name} is a value; {{name}} stays as written (a template's placeholder shown to the reader).
    text.replace(/(?<!\{)\{(\w+)\}(?!\})/g, (_, name: string) => {
      const v = vars[name] ?? (Object.hasOwn(FIGURES, name) ? FIGURES[name as keyof typeof FIGURES] : undefined);
      return typeof v === "number" ? number(v) : (v ?? "");
    });
  const t: Texts["t"] = (key, vars) => fill(dictionaries[lang][key], vars);
  return {
    lang,
    number,
    money: (halalas) => t("sar", { amount: riyals.format(halalas / 100) }),
    phone: (digits) => (lang === "ar" ? `\u2066+${digits}\u2069` : `+${digits}`),
    id: (value) => (/^\d{1,15}$/.test(String(value)) ? ids.format(Number(value)) : String(value)),
    t,
    dateTime: (iso) => dateTimes.format(new Date(iso)),
    date: (iso) => dates.format(new Date(iso)),
    span: (n, unit) => new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(n),
    fill,
  };
}
