import { builder } from "../../../core/graphql/builder.js";
import { MENU_STYLES, storedMenu, type Menu, type MenuNode, type MenuOption } from "./menu.js";

// A menu rule's tree in GraphQL: the same names as the REST body's (docs/automation.md, Menus),
// so one zod schema (menu.ts) checks both. Below the top menu, style, button, back and timeout
// are null: they hold for the whole tree.

const MenuStyleEnum = builder.enumType("AutomationMenuStyle", {
  description: "numbered: the options as numbered lines of text (any number); list: a WhatsApp list where the number can send one, numbered text elsewhere.",
  values: MENU_STYLES,
});

export const MenuInput = builder.inputRef<Record<string, unknown>>("AutomationMenuInput");
const MenuOptionInput = builder.inputRef<Record<string, unknown>>("AutomationMenuOptionInput");

MenuInput.implement({
  description: "A menu: its text and options. style, button, back and timeout are taken by the top menu only.",
  fields: (t) => ({
    text: t.string({ required: true, description: "What the menu says above its options (at most 1024 characters)." }),
    options: t.field({ type: [MenuOptionInput], required: true, description: "1 to 10 options in the top menu, 1 to 9 below it (0 goes back)." }),
    style: t.field({ type: MenuStyleEnum, description: "Default numbered." }),
    button: t.string({ description: "The list's button (at most 20 characters); default Options, or الخيارات for an Arabic menu." }),
    back: t.string({ description: "The title of option 0 in menus below the top; default Back, or رجوع for an Arabic menu." }),
    timeout: t.int({ description: "Seconds a contact's place is kept after their last step: 60 to 86400, default 600." }),
  }),
});

MenuOptionInput.implement({
  description: "An option: it answers (reply, handover or both) or leads to a menu.",
  fields: (t) => ({
    title: t.string({ required: true, description: "At most 24 characters; a contact may type it instead of its number." }),
    description: t.string({ description: "A list row's second line (at most 72 characters)." }),
    reply: t.string({ description: "What choosing it sends." }),
    handover: t.boolean({ description: "Choosing it puts the contact in a person's hands (after the reply, if any)." }),
    menu: t.field({ type: MenuInput, description: "The menu it leads to." }),
  }),
});

const MenuRef = builder.objectRef<{ node: MenuNode; top: Menu | null }>("AutomationMenu");
const MenuOptionRef = builder.objectRef<MenuOption>("AutomationMenuOption");

MenuRef.implement({
  description: "A menu rule's menu, or one of the menus its options lead to.",
  fields: (t) => ({
    text: t.string({ resolve: (m) => m.node.text }),
    options: t.field({ type: [MenuOptionRef], resolve: (m) => m.node.options }),
    style: t.field({ type: MenuStyleEnum, nullable: true, resolve: (m) => m.top?.style ?? null }),
    button: t.string({ nullable: true, resolve: (m) => m.top?.button ?? null }),
    back: t.string({ nullable: true, resolve: (m) => m.top?.back ?? null }),
    timeout: t.int({ nullable: true, resolve: (m) => m.top?.timeout ?? null }),
  }),
});

MenuOptionRef.implement({
  fields: (t) => ({
    title: t.exposeString("title"),
    description: t.exposeString("description", { nullable: true }),
    reply: t.exposeString("reply", { nullable: true }),
    handover: t.exposeBoolean("handover"),
    menu: t.field({ type: MenuRef, nullable: true, resolve: (o) => (o.menu ? { node: o.menu, top: null } : null) }),
  }),
});

/** A stored menu as the AutomationMenu type resolves it. */
export const menuOf = (stored: unknown) => {
  const menu = storedMenu(stored);
  return menu ? { node: menu, top: menu } : null;
};
export { MenuRef };
