import type { Texts } from "../../i18n.js";
import { automationAr } from "./texts-ar.js";
import { automationEn } from "./texts-en.js";

// The Automation page's texts come with its code, a chunk fetched when the page is first shown,
// rather than with every first load (the consoles' script budget, docs/design.md): many sentences
// for one page. `automationTexts(tx)` is the page's `t`, filled as Texts.t fills the shell's. The
// page's name, which the navigation shows, is the shell's (texts-en.ts). Only the page imports
// this: a module the shell shares with a page would leave the shell's script for a chunk of both.

export type AutomationKey = keyof typeof automationEn;
const dictionaries = { en: automationEn, ar: automationAr };

export const automationTexts =
  (tx: Texts) =>
  (key: AutomationKey, vars?: Record<string, string | number>): string =>
    tx.fill(dictionaries[tx.lang][key], vars);
