import type { AutomationRuleContentFragment } from "../../gql/graphql.js";
import type { Texts } from "../../i18n.js";
import { Bidi } from "../parts.js";
import { automationTexts } from "./texts.js";

// A rule's rich kind (buttons, a list, a file, a location, contact cards or a WhatsApp template;
// docs/automation.md, "Rich answers") in the page's words: what the list, the editor and a trial
// show of it. The editor does not change it: it is made over the API, and saving keeps it.

/** The content kind fields a rule, or a trial, reads back (the fragment selects what is shown). */
export type RuleContent = Pick<AutomationRuleContentFragment, "media" | "location" | "contacts" | "interactive" | "whatsappTemplate">;

/** True when the rule sends a rich kind. */
export const hasContent = (c: RuleContent) => Boolean(c.media ?? c.location ?? c.contacts ?? c.interactive ?? c.whatsappTemplate);

/** Several of the business's own words in one line, each in its own direction. */
const listed = (words: string[]) => words.map((w) => `\u2068${w}\u2069`).join(" · ");

/** The rule's rich kind as a line of the page; nothing when it has none. */
export function ContentKind({ tx, content: c }: { tx: Texts; content: RuleContent }) {
  const at = automationTexts(tx);
  if (c.interactive?.buttons) return <Bidi>{at("autoKind_buttons", { titles: listed(c.interactive.buttons.map((b) => b.title)) })}</Bidi>;
  if (c.interactive?.list) return <Bidi>{at("autoKind_list", { button: listed([c.interactive.list.button]) })}</Bidi>;
  if (c.media)
    return (
      <>
        {at(`autoKind_${c.media.type}`)} <bdi dir="ltr">{c.media.url}</bdi>
      </>
    );
  if (c.location) return <Bidi>{c.location.name ? at("autoKind_namedLocation", { name: listed([c.location.name]) }) : at("autoKind_location")}</Bidi>;
  if (c.contacts) return <Bidi>{at("autoKind_contacts", { names: listed(c.contacts.map((card) => card.name)) })}</Bidi>;
  if (c.whatsappTemplate) return <Bidi>{at("autoKind_template", { name: listed([c.whatsappTemplate.name]), language: listed([c.whatsappTemplate.language]) })}</Bidi>;
  return null;
}
