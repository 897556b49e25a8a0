import { z } from "zod";
import { boundedText, INTERACTIVE, MAX_CAPTION } from "../../../core/content/content-input.js";
import type { InteractiveContent } from "../../../core/content/message-content.js";
import { messageText } from "../../../core/input/send-input.js";
import { fieldPath } from "../../../core/input/validation.js";
import { normaliseForMatching } from "../../contacts/index.js";

// A keyword menu: a rule's tree of options, each leading to another menu or to an answer, and the
// walk of one contact through it. Pure: the contact's place comes in with what they wrote, the
// next step goes out; storing the place and sending are menu-answer.ts's.
//
// Options are numbered from 1 and "0" goes back, whether the menu goes out as numbered text (any
// number) or as a WhatsApp list (numbers whose channel carries interactive messages), whose rows'
// ids are those same numbers, so a tapped row and a typed digit are one choice.

export const MENU_STYLES = ["numbered", "list"] as const;
export type MenuStyle = (typeof MENU_STYLES)[number];

/** Menus within menus: the top menu and two levels below it. */
export const MAX_MENU_DEPTH = 3;
/** A list holds 10 rows; a menu below the top keeps one for "back". */
export const MAX_TOP_OPTIONS = INTERACTIVE.rows;
export const MAX_SUB_OPTIONS = INTERACTIVE.rows - 1;
export const DEFAULT_MENU_TIMEOUT_SECONDS = 600;
export const MAX_MENU_TIMEOUT_SECONDS = 86_400;

export interface MenuOption {
  title: string;
  description: string | null;
  /** What choosing it sends (with a handover: what is said first, if anything). */
  reply: string | null;
  /** Choosing it puts the contact in a person's hands. */
  handover: boolean;
  menu: MenuNode | null;
}

export interface MenuNode {
  text: string;
  options: MenuOption[];
}

/** The top menu, with what holds for the whole tree. */
export interface Menu extends MenuNode {
  style: MenuStyle;
  /** The list's button; null: "Options" (الخيارات in an Arabic menu). */
  button: string | null;
  /** The "0" option's title; null: "Back" (رجوع in an Arabic menu). */
  back: string | null;
  /** How long a contact's place in the menu is kept after its last step, in seconds. */
  timeout: number;
}

// Recursive through getters, as zod 4 infers them: an option may hold a menu of options.
const nodeShape = z
  .object({
    // A list's body is bounded as a caption is; numbered text is kept to the same so either style fits.
    text: messageText.refine((s) => [...s].length <= MAX_CAPTION, `must be at most ${MAX_CAPTION} characters`),
    get options() {
      return optionList;
    },
  })
  .meta({ id: "AutomationMenuLevelRequest" });
const optionShape = z
  .object({
    title: boundedText(INTERACTIVE.rowTitle),
    description: boundedText(INTERACTIVE.rowDescription).nullish(),
    reply: messageText.nullish(),
    handover: z.boolean().nullish(),
    get menu() {
      return nodeShape.nullish();
    },
  })
  .meta({ id: "AutomationMenuOptionRequest" });
const optionList = z.array(optionShape).min(1, "must hold at least one option").meta({ id: "AutomationMenuOptionsRequest" });
type NodeInput = z.output<typeof nodeShape>;

/** A menu as given over REST and GraphQL (the same names in both); its tree's rules are checked by menuProblems. */
export const menuInput = nodeShape.extend({
  style: z.enum(MENU_STYLES).nullish(),
  button: boundedText(INTERACTIVE.listButton).nullish(),
  back: boundedText(INTERACTIVE.rowTitle).nullish(),
  timeout: z.number().int("must be a whole number of seconds").min(60).max(MAX_MENU_TIMEOUT_SECONDS, `must be at most ${MAX_MENU_TIMEOUT_SECONDS} (a day)`).nullish(),
});
export type MenuInput = z.output<typeof menuInput>;

const toNode = (n: NodeInput): MenuNode => ({
  text: n.text,
  options: n.options.map((o) => ({
    title: o.title,
    description: o.description ?? null,
    reply: o.reply ?? null,
    handover: o.handover ?? false,
    menu: o.menu ? toNode(o.menu) : null,
  })),
});

export const toMenu = (m: MenuInput): Menu => ({
  ...toNode(m),
  style: m.style ?? "numbered",
  button: m.button ?? null,
  back: m.back ?? null,
  timeout: m.timeout ?? DEFAULT_MENU_TIMEOUT_SECONDS,
});

/** What is wrong with a menu's tree, by the field each problem is in (`menu[options][1][menu]`); empty: nothing. */
export function menuProblems(menu: MenuNode): Record<string, string> {
  const problems: Record<string, string> = {};
  const walk = (node: MenuNode, path: Array<string | number>) => {
    const depth = path.filter((p) => p === "menu").length;
    const most = depth === 1 ? MAX_TOP_OPTIONS : MAX_SUB_OPTIONS;
    const options = fieldPath([...path, "options"]);
    if (node.options.length > most) problems[options] = `must hold at most ${most} options${depth > 1 ? " (a menu below the top keeps 0 for back)" : ""}`;
    const titles = new Set(node.options.map((o) => normaliseForMatching(o.title)));
    if (titles.size !== node.options.length) problems[options] = "must have distinct titles";
    node.options.forEach((o, i) => {
      const at = [...path, "options", i];
      if (o.menu && (o.reply !== null || o.handover)) problems[fieldPath(at)] = "leads to a menu or answers (reply, handover), not both";
      else if (!o.menu && o.reply === null && !o.handover) problems[fieldPath(at)] = "needs a reply, a handover or a menu";
      if (o.menu && depth >= MAX_MENU_DEPTH) problems[fieldPath([...at, "menu"])] = `menus go at most ${MAX_MENU_DEPTH} deep`;
      else if (o.menu) walk(o.menu, [...at, "menu"]);
    });
  };
  walk(menu, ["menu"]);
  return problems;
}

/** Reads a stored menu (written by the gateway from a checked one). */
export const storedMenu = (value: unknown): Menu | null => (value !== null && typeof value === "object" && "options" in value ? (value as Menu) : null);

/** The menu at a place in the tree (the option numbers chosen from the top); null: the tree has no such place. */
export function menuAt(menu: Menu, path: readonly number[]): MenuNode | null {
  let node: MenuNode = menu;
  for (const n of path) {
    const next = node.options[n - 1]?.menu;
    if (!next) return null;
    node = next;
  }
  return node;
}

/** What a contact's message does at their place in a menu. */
export type MenuStep =
  | { kind: "show"; path: number[] }
  | { kind: "answer"; option: MenuOption }
  /** Not one of the options. */
  | { kind: "miss" };

const ASCII_DIGITS = /^(\d{1,2})\.?$/;

/** The option a message names: its number (Arabic-Indic digits too), a list row's id, or its title. */
export function chooseIn(menu: Menu, path: readonly number[], said: { text: string | null; choiceId: string | null }): MenuStep {
  const node = menuAt(menu, path);
  if (!node) return { kind: "miss" };
  const words = normaliseForMatching(said.choiceId ?? said.text ?? "").trim();
  const digits = ASCII_DIGITS.exec(words);
  if (digits && Number(digits[1]) === 0) return path.length > 0 ? { kind: "show", path: path.slice(0, -1) } : { kind: "miss" };
  const n = digits ? Number(digits[1]) : node.options.findIndex((o) => normaliseForMatching(o.title).trim() === words) + 1;
  const option = n > 0 ? node.options[n - 1] : undefined;
  if (!option) return { kind: "miss" };
  return option.menu ? { kind: "show", path: [...path, n] } : { kind: "answer", option };
}

const ARABIC = /[\u0600-\u06FF]/;
const labelsOf = (menu: Menu) => {
  const arabic = ARABIC.test(menu.text);
  return { button: menu.button ?? (arabic ? "الخيارات" : "Options"), back: menu.back ?? (arabic ? "رجوع" : "Back") };
};

/** A menu as a contact sees it: numbered text, or a WhatsApp list when asked for and the number can send one. */
export function renderMenu(menu: Menu, path: readonly number[], canSendList: boolean): { text: string; content: InteractiveContent | null } {
  const node = menuAt(menu, path) ?? menu;
  const { button, back } = labelsOf(menu);
  const options = node.options.map((o, i) => ({ id: String(i + 1), title: o.title, description: o.description }));
  if (path.length > 0) options.push({ id: "0", title: back, description: null });
  if (menu.style === "list" && canSendList) {
    const rows = options.map((o) => ({ id: o.id, title: o.title, description: o.description }));
    return { text: node.text, content: { kind: "interactive", type: "list", header: null, footer: null, button, sections: [{ title: null, rows }] } };
  }
  const lines = options.map((o) => `${o.id}. ${o.title}${o.description ? ` (${o.description})` : ""}`);
  return { text: `${node.text}\n\n${lines.join("\n")}`, content: null };
}
