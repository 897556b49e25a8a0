import { ar } from "./texts-ar.js";
import { en, type Texts } from "./texts-en.js";

// The page's language is the server's choice from Accept-Language (html lang); every text,
// number, amount and date follows it, numbers in the reader's digits.

export type Lang = "ar" | "en";

export const pageLang = (): Lang => (document.documentElement.lang === "ar" ? "ar" : "en");

export const textsOf = (lang: Lang): Texts => (lang === "ar" ? ar : en);

/** A text with its {placeholders} filled. */
export const fill = (text: string, values: Record<string, string | number>): string => text.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));

const locale = (lang: Lang) => (lang === "ar" ? "ar-SA" : "en-US");

export const count = (lang: Lang, n: number) => new Intl.NumberFormat(locale(lang)).format(n);

/** Halalas as riyals, in the reader's digits. */
export const riyals = (lang: Lang, halalas: number) => new Intl.NumberFormat(locale(lang), { style: "currency", currency: "SAR" }).format(halalas / 100);

export const day = (lang: Lang, isoDay: string) => new Intl.DateTimeFormat(locale(lang), { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${isoDay}T00:00:00Z`));

export const moment = (lang: Lang, iso: string) => new Intl.DateTimeFormat(locale(lang), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** A number isolated left to right inside Arabic text, with its +. */
export const phone = (lang: Lang, digits: string) => (lang === "ar" ? `\u2066+${digits}\u2069` : `+${digits}`);
