import type { Texts } from "../../i18n.js";
import { automationTexts, type AutomationKey } from "./texts.js";

// The API's refusal of a part of a menu, in the page's words. The API names the part by its place
// (`menu[options][1][title]`, `menu[options][1][menu][options]`: docs/automation.md, Menus) and
// explains it in English; the page picks its sentence by the part's last name, then by what the
// explanation says, the first that matches.

const SENTENCES: Array<[RegExp, RegExp, AutomationKey]> = [
  [/^menu\[options\]$/, /at most/, "autoErr_menuTooManyTop"],
  [/\[options\]$/, /at most/, "autoErr_menuTooManyBelow"],
  [/\[options\]$/, /distinct/, "autoErr_menuSameTitles"],
  [/\[options\]$/, /./, "autoErr_menuNoOptions"],
  [/\[options\]\[\d+\]$/, /not both/, "autoErr_menuOptionBoth"],
  [/\[options\]\[\d+\]$/, /./, "autoErr_menuOptionEmpty"],
  [/\[options\]\[\d+\]\[menu\]$/, /deep/, "autoErr_menuDeep"],
  [/\[title\]$/, /./, "autoErr_menuTitle"],
  [/\[description\]$/, /./, "autoErr_menuDescription"],
  [/\[reply\]$/, /./, "autoErr_text"],
  [/\[text\]$/, /./, "autoErr_menuText"],
  [/^menu\[style\]$/, /./, "autoErr_menuStyle"],
  [/^menu\[button\]$/, /./, "autoErr_menuButton"],
  [/^menu\[back\]$/, /./, "autoErr_menuBack"],
  [/^menu\[timeout\]$/, /./, "autoErr_menuTimeout"],
  [/^menu$/, /./, "autoErr_menu"],
];

/** The page's sentence for the API's `problem` with the part of a menu it names `name`. */
export function menuSentence(tx: Texts, name: string, problem: string): string {
  const key = SENTENCES.find(([part, said]) => part.test(name) && said.test(problem))?.[2] ?? "autoErr_menuPart";
  return automationTexts(tx)(key, { zero: 0 });
}
