import { z } from "zod";
import type { RestAutomationMenuFieldsFragment } from "../../../gql/graphql.js";
import { MENU_STYLES, menuInput } from "./menu.js";

// A menu rule's menu on the REST facade: the body's `menu` is checked by the service's own schema
// (its names are REST's and GraphQL's alike), and the answer gives the tree back as it was given,
// with its defaults filled in at the top.

export const restMenuBody = menuInput.nullable().optional().meta({
  id: "AutomationMenuRequest",
  description:
    "For action menu: `text`, `options` (1 to 10; 1 to 9 below the top, 0 goes back), each `{title, description?, reply?, handover?, menu?}`; at the top `style` (numbered or list), `button`, `back` and `timeout` (seconds, default 600). docs/automation.md, Menus.",
});

const optionShape = z
  .object({
    title: z.string(),
    description: z.string().nullable(),
    reply: z.string().nullable(),
    handover: z.boolean(),
    get menu() {
      return nodeShape.nullable();
    },
  })
  .meta({ id: "AutomationMenuOption" });
const nodeShape = z
  .object({
    text: z.string(),
    get options() {
      return optionList;
    },
  })
  .meta({ id: "AutomationMenuLevel" });
const optionList = z.array(optionShape).meta({ id: "AutomationMenuOptions" });
export const restMenuShape = nodeShape
  .extend({ style: z.enum(MENU_STYLES), button: z.string().nullable(), back: z.string().nullable(), timeout: z.number().int() })
  .nullable()
  .meta({ id: "AutomationMenu", description: "A menu rule's menu; null for other rules." });

type Option = { title: string; description?: string | null; reply?: string | null; handover: boolean; menu?: Node | null };
type Node = { text: string; options: Option[] };
type RestNode = z.output<typeof nodeShape>;

const restNode = (n: Node): RestNode => ({
  text: n.text,
  options: n.options.map((o) => ({
    title: o.title,
    description: o.description ?? null,
    reply: o.reply ?? null,
    handover: o.handover,
    menu: o.menu ? restNode(o.menu) : null,
  })),
});

/** The menu as the REST answer gives it. */
export const restMenu = (m: RestAutomationMenuFieldsFragment | null | undefined): z.input<typeof restMenuShape> =>
  m ? { ...restNode(m), style: m.style ?? "numbered", button: m.button ?? null, back: m.back ?? null, timeout: m.timeout ?? 0 } : null;
