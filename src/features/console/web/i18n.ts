// The console's two languages. Arabic is right to left; numbers and dates follow the language
// (Arabic-Indic digits in Arabic) and dates the tenant's time zone. Every text a person reads is
// here, so a page never holds a sentence of its own.

import { en } from "./texts-en.js";
import { ar } from "./texts-ar.js";

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
    // {name} is a value; {{name}} stays as written (a template's placeholder shown to the reader).
    t: (key, vars = {}) =>
      dictionaries[lang][key].replace(/(?<!\{)\{(\w+)\}(?!\})/g, (_, name: string) => {
        const v = vars[name];
        return typeof v === "number" ? number(v) : (v ?? "");
      }),
    dateTime: (iso) => dateTimes.format(new Date(iso)),
    date: (iso) => dates.format(new Date(iso)),
  };
}
