import type {
  ContactCard,
  InteractiveContent,
  LocationContent,
  MediaContent,
  RichContent,
  TemplateButtonParameter,
  TemplateContent,
  TemplateHeader,
} from "../content/message-content.js";
import { linkFileName } from "../content/link-file-name.js";

// Rich content as the message object of Meta's Cloud API (POST /{phone-number-id}/messages), one
// builder per kind, each following Meta's "Messages" reference. The driver adds the envelope
// (messaging_product, recipient_type, to). Optional fields without a value are left out rather
// than sent as null or "", as in Meta's own examples.

/** The message object's `type` and the object under that name. */
export type CloudMessage = { type: string } & Record<string, unknown>;

/**
 * Media by link. Meta takes a caption on images, videos and documents only; a voice note is plain
 * `audio` (Meta plays an OGG/Opus file as one), so `voice` changes nothing here.
 */
function media(content: MediaContent, text: string): CloudMessage {
  const caption = text !== "" && (content.kind === "image" || content.kind === "video" || content.kind === "document") ? { caption: text } : {};
  const filename = content.kind === "document" ? { filename: content.filename ?? (linkFileName(content.url) || "document") } : {};
  return { type: content.kind, [content.kind]: { link: content.url, ...caption, ...filename } };
}

function location(content: LocationContent): CloudMessage {
  const { latitude, longitude, name, address } = content;
  return { type: "location", location: { latitude, longitude, ...(name === null ? {} : { name }), ...(address === null ? {} : { address }) } };
}

/**
 * Meta requires formatted_name and one of the name's parts besides it; the card has one name, so
 * its first word stands as first_name. wa_id is the number itself (the gateway only takes mobile
 * numbers), which gives the card WhatsApp's "Message" button.
 */
function contactCard(card: ContactCard) {
  const firstName = card.name.trim().split(/\s+/u)[0] || card.name;
  return {
    name: { formatted_name: card.name, first_name: firstName },
    phones: card.phones.map((digits) => ({ phone: `+${digits}`, wa_id: digits })),
    ...(card.emails.length > 0 ? { emails: card.emails.map((email) => ({ email })) } : {}),
    ...(card.organization === null ? {} : { org: { company: card.organization } }),
  };
}

function interactive(content: InteractiveContent, text: string): CloudMessage {
  const header = content.header === null ? {} : { header: { type: "text", text: content.header } };
  const footer = content.footer === null ? {} : { footer: { text: content.footer } };
  const action =
    content.type === "buttons"
      ? { buttons: content.buttons.map(({ id, title }) => ({ type: "reply", reply: { id, title } })) }
      : {
          button: content.button,
          sections: content.sections.map((s) => ({
            ...(s.title === null ? {} : { title: s.title }),
            rows: s.rows.map(({ id, title, description }) => ({ id, title, ...(description === null ? {} : { description }) })),
          })),
        };
  return { type: "interactive", interactive: { type: content.type === "buttons" ? "button" : "list", ...header, body: { text }, ...footer, action } };
}

function headerParameter(header: TemplateHeader) {
  if (header.type === "text") return { type: "text", text: header.text };
  if (header.type === "document") return { type: "document", document: { link: header.url, ...(header.filename === null ? {} : { filename: header.filename }) } };
  return { type: header.type, [header.type]: { link: header.url } };
}

function buttonParameter(button: TemplateButtonParameter) {
  if (button.subType === "quick_reply") return { type: "payload", payload: button.value };
  if (button.subType === "copy_code") return { type: "coupon_code", coupon_code: button.value };
  return { type: "text", text: button.value };
}

/** Only the template's variable parts travel; a component without parameters is left out. */
function template(content: TemplateContent): CloudMessage {
  const components = [
    ...(content.header === null ? [] : [{ type: "header", parameters: [headerParameter(content.header)] }]),
    ...(content.body.length === 0 ? [] : [{ type: "body", parameters: content.body.map((text) => ({ type: "text", text })) }]),
    ...content.buttons.map((b) => ({ type: "button", sub_type: b.subType, index: String(b.index), parameters: [buttonParameter(b)] })),
  ];
  return { type: "template", template: { name: content.name, language: { code: content.language }, ...(components.length === 0 ? {} : { components }) } };
}

/** The message object for `content`; `text` is the message's text (a caption, or an interactive body). */
export function cloudMessage(content: RichContent, text: string): CloudMessage {
  switch (content.kind) {
    case "location":
      return location(content);
    case "contacts":
      return { type: "contacts", contacts: content.contacts.map(contactCard) };
    case "reaction":
      return { type: "reaction", reaction: { message_id: content.providerMessageId, emoji: content.emoji } };
    case "interactive":
      return interactive(content, text);
    case "template":
      return template(content);
    default:
      return media(content, text);
  }
}
