import type { AutomationMenuInput, AutomationMenuOptionInput, AutomationMenuStyle } from "../../gql/graphql.js";
import { FIGURES } from "../../figures.js";

// A menu rule's tree as its editor holds it (menu-editor.tsx): every field as typed, each option
// with what choosing it does, and a submenu kept while another answer is chosen, so trying one
// and coming back loses nothing. A place in the tree is the list of option indexes from the top
// ([] the top menu, [1, 0] the first option of the second option's menu); the API names the same
// place `menu[options][1][menu][options][0]` (docs/automation.md, Menus).

export type OptionDoes = "reply" | "handover" | "menu";
export const OPTION_DOES: OptionDoes[] = ["reply", "handover", "menu"];
export const MENU_STYLES: AutomationMenuStyle[] = ["numbered", "list"];

export interface OptionDraft {
  /** The option's own, for the list's keys: an option moved up or down keeps its fields. */
  key: number;
  title: string;
  description: string;
  does: OptionDoes;
  /** The reply (with a handover: what is said first, if anything). */
  reply: string;
  menu: NodeDraft | null;
}

export interface NodeDraft {
  text: string;
  options: OptionDraft[];
}

/** The top menu, with what holds for the whole tree; the timeout as typed (the form checks it). */
export interface MenuDraft extends NodeDraft {
  style: AutomationMenuStyle;
  button: string;
  back: string;
  timeout: string;
}

/** A saved menu as the rule's fragment reads it (three levels, the last without menus). */
interface SavedOption {
  title: string;
  description?: string | null;
  reply?: string | null;
  handover: boolean;
  menu?: SavedNode | null;
}
interface SavedNode {
  text: string;
  options: SavedOption[];
}
export interface SavedMenu extends SavedNode {
  style?: AutomationMenuStyle | null;
  button?: string | null;
  back?: string | null;
  timeout?: number | null;
}

let keys = 0;

export const newOption = (): OptionDraft => ({ key: ++keys, title: "", description: "", does: "reply", reply: "", menu: null });
export const newNode = (): NodeDraft => ({ text: "", options: [newOption()] });

const nodeOf = (saved: SavedNode): NodeDraft => ({
  text: saved.text,
  options: saved.options.map((o) => ({
    key: ++keys,
    title: o.title,
    description: o.description ?? "",
    does: o.menu ? "menu" : o.handover ? "handover" : "reply",
    reply: o.reply ?? "",
    menu: o.menu ? nodeOf(o.menu) : null,
  })),
});

/** The editor's tree for a saved menu, or a new menu of one empty option. */
export const draftOf = (saved: SavedMenu | null | undefined): MenuDraft => ({
  ...(saved ? nodeOf(saved) : newNode()),
  style: saved?.style ?? "numbered",
  button: saved?.button ?? "",
  back: saved?.back ?? "",
  timeout: String(saved?.timeout ?? FIGURES.autoMenuTimeoutDefault),
});

/** An option as the API takes it: only what its choice does is sent (a submenu kept aside is not). */
function optionInput(o: OptionDraft): AutomationMenuOptionInput {
  const reply = o.reply.trim() || null;
  return {
    title: o.title.trim(),
    description: o.description.trim() || null,
    ...(o.does === "menu" ? { menu: nodeInput(o.menu ?? newNode()) } : { reply, handover: o.does === "handover" }),
  };
}
const nodeInput = (n: NodeDraft): AutomationMenuInput => ({ text: n.text.trim(), options: n.options.map(optionInput) });

/** The menu as the API takes it; the timeout checked by the form. */
export const menuInputOf = (m: MenuDraft, timeout: number): AutomationMenuInput => ({
  ...nodeInput(m),
  style: m.style,
  // The list's button is only a list's.
  button: (m.style === "list" && m.button.trim()) || null,
  back: m.back.trim() || null,
  timeout,
});

/** The tree with the menu at `place` changed by `change`. */
export function changeNode<T extends NodeDraft>(node: T, place: readonly number[], change: (n: NodeDraft) => NodeDraft): T {
  const [i, ...below] = place;
  if (i === undefined) return { ...node, ...change(node) };
  return { ...node, options: node.options.map((o, j) => (j === i ? { ...o, menu: changeNode(o.menu ?? newNode(), below, change) } : o)) };
}

/** The tree with the option at `place` (its menu's place, then its index) changed by `change`. */
export const changeOption = <T extends NodeDraft>(tree: T, place: readonly number[], change: (o: OptionDraft) => OptionDraft): T =>
  changeNode(tree, place.slice(0, -1), (n) => ({ ...n, options: n.options.map((o, j) => (j === place.at(-1) ? change(o) : o)) }));

/** The tree with the option at `place` swapped with its neighbour `by` away (-1 up, 1 down). */
export const moveOption = <T extends NodeDraft>(tree: T, place: readonly number[], by: -1 | 1): T =>
  changeNode(tree, place.slice(0, -1), (n) => {
    const i = place.at(-1)!;
    const options = [...n.options];
    [options[i], options[i + by]] = [options[i + by]!, options[i]!];
    return { ...n, options };
  });

export const removeOption = <T extends NodeDraft>(tree: T, place: readonly number[]): T =>
  changeNode(tree, place.slice(0, -1), (n) => ({ ...n, options: n.options.filter((_, j) => j !== place.at(-1)) }));

export const addOption = <T extends NodeDraft>(tree: T, menuPlace: readonly number[]): T => changeNode(tree, menuPlace, (n) => ({ ...n, options: [...n.options, newOption()] }));

/** The API's name for a menu (`menu`, `menu[options][1][menu]`) or one of its fields. */
export const menuName = (place: readonly number[], field?: string): string => place.reduce((name, i) => `${name}[options][${i}][menu]`, "menu") + (field ? `[${field}]` : "");

/** The API's name for an option (`menu[options][1]`) or one of its fields. */
export const optionName = (place: readonly number[], field?: string): string => `${menuName(place.slice(0, -1))}[options][${place.at(-1)}]${field ? `[${field}]` : ""}`;

/** The element id of a field the API names: `menu[options][1][title]` is `rule-menu-options-1-title`. */
export const menuFieldId = (name: string): string => `rule-${name.replace(/\]?\[/g, "-").replace(/\]$/, "")}`;

/** How many levels a menu at `place` is below the top (the top is 1). */
export const depthOf = (place: readonly number[]): number => place.length + 1;

/** The most options a menu at `place` holds: a list's 10 rows, one kept for "back" below the top. */
export const mostOptions = (place: readonly number[]): number => (place.length === 0 ? FIGURES.autoMenuTopOptions : FIGURES.autoMenuSubOptions);

/** The menu at `place` (a new one where the tree has none yet). */
export const nodeAt = (tree: NodeDraft, place: readonly number[]): NodeDraft => place.reduce<NodeDraft>((n, i) => n.options[i]?.menu ?? newNode(), tree);
